// The product form's values and the API bodies made from them. Prices are rows: an existing price
// (it has an `id`) is kept as it is by sending `{id}` and archived by leaving it out; any other row
// is a new price. The body's `prices` list follows the rows' order, so a 422 at
// ["body", "prices", i, "price_amount"] lands on row i's Amount.
import { formatMoney, moneyInputValue, parseMoney } from "@/lib/money";
import type { CreateProduct, Media, ProductPrice, ProductResource, UpdateProduct } from "../hooks/catalog";
import { changedFields, metadataFromRows, metadataRows, type Built, type MetadataRow } from "../forms/values";

export const PRODUCT_SORT_FIELDS = ["created_at", "name", "price_amount"] as const;
export const MAX_PRICES = 20;
const MIN_AMOUNT = 50;

export type AmountType = "fixed" | "custom" | "free";
export type Interval = "month" | "year";

export type PriceRow = {
  /** Stable React key. */
  key: string;
  /** Set on an existing price: kept unchanged, its amounts read-only. */
  existing?: ProductPrice;
  amount_type: AmountType;
  currency: string;
  amount: string;
  minimum: string;
  maximum: string;
  preset: string;
  interval: Interval;
  /** "": the organization's default; else the price's own (docs/tax.md). */
  taxBehavior: TaxBehaviorChoice;
};

export type TaxBehaviorChoice = "" | "exclusive" | "inclusive" | "location";

/** A free trial before the first charge (recurring products): "" for none. */
export type TrialUnit = "" | "day" | "week" | "month" | "year";

export type AttachedFieldRow = { custom_field_id: string; name: string; required: boolean };

export type ProductForm = {
  name: string;
  description: string;
  is_recurring: boolean;
  prices: PriceRow[];
  /** Existing prices removed from the list: archived on save. */
  archived: ProductPrice[];
  medias: Media[];
  attached_custom_fields: AttachedFieldRow[];
  benefits: string[];
  metadata: MetadataRow[];
  trial_interval: TrialUnit;
  /** How many units, as typed. */
  trial_interval_count: string;
};

const PRICE_FIELDS = [
  "amount_type",
  "price_currency",
  "price_amount",
  "minimum_amount",
  "maximum_amount",
  "preset_amount",
  "recurring_interval",
] as const;

/** Every field name the form shows problems on (`prices.3.price_amount`, …). */
export const PRODUCT_FIELDS: readonly string[] = [
  "name",
  "description",
  "is_recurring",
  "prices",
  ...Array.from({ length: MAX_PRICES }, (_, i) => [
    `prices.${i}`,
    ...PRICE_FIELDS.map((field) => `prices.${i}.${field}`),
  ]).flat(),
  "medias",
  "attached_custom_fields",
  "benefits",
  "metadata",
  "trial_interval",
  "trial_interval_count",
];

let nextKey = 0;
export function newPriceRow(amount_type: AmountType = "fixed", currency = "usd"): PriceRow {
  nextKey += 1;
  return {
    key: `new-${nextKey}`,
    amount_type,
    currency,
    amount: "",
    minimum: "",
    maximum: "",
    preset: "",
    interval: "month",
    taxBehavior: "",
  };
}

export const EMPTY_PRODUCT_FORM = (): ProductForm => ({
  name: "",
  description: "",
  is_recurring: false,
  prices: [newPriceRow()],
  archived: [],
  medias: [],
  attached_custom_fields: [],
  benefits: [],
  metadata: [],
  trial_interval: "",
  trial_interval_count: "",
});

function existingRow(price: ProductPrice): PriceRow {
  const money = (value: number | null) =>
    value === null ? "" : moneyInputValue(value, price.price_currency);
  return {
    key: price.id,
    existing: price,
    amount_type: price.amount_type,
    currency: price.price_currency,
    amount: money(price.price_amount),
    minimum: money(price.minimum_amount),
    maximum: money(price.maximum_amount),
    preset: money(price.preset_amount),
    interval: price.recurring_interval ?? "month",
    taxBehavior: price.tax_behavior ?? "",
  };
}

export function formFromProduct(product: ProductResource): ProductForm {
  return {
    name: product.name,
    description: product.description ?? "",
    is_recurring: product.is_recurring,
    prices: product.prices.filter((price) => !price.is_archived).map(existingRow),
    archived: [],
    medias: product.medias,
    attached_custom_fields: product.attached_custom_fields.map((attached) => ({
      custom_field_id: attached.custom_field_id,
      name: attached.custom_field.name,
      required: attached.required,
    })),
    benefits: product.benefits.map((benefit) => benefit.id),
    metadata: metadataRows(product.metadata),
    trial_interval: product.trial_interval ?? "",
    trial_interval_count: product.trial_interval_count ? String(product.trial_interval_count) : "",
  };
}

/** The trial's two fields as the API takes them (both null: none), or a problem with the count. */
function trialFields(form: ProductForm, errors: Record<string, string>) {
  if (!form.is_recurring) return {};
  if (!form.trial_interval) return { trial_interval: null, trial_interval_count: null };
  const count = Number(form.trial_interval_count.trim() || "1");
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    errors.trial_interval_count = "Enter a whole number from 1 to 1000.";
  return { trial_interval: form.trial_interval, trial_interval_count: count };
}

type NewPrice = NonNullable<CreateProduct["prices"]>[number];

/** A new price row as the API takes it, or the problems found in it (keyed `prices.i.*`). */
export function newPriceBody(
  row: PriceRow,
  index: number,
  isRecurring: boolean,
  errors: Record<string, string>,
): NewPrice {
  const at = (field: string) => `prices.${index}.${field}`;
  const currency = row.currency.trim().toLowerCase();
  const body: NewPrice = {
    amount_type: row.amount_type,
    price_currency: currency,
    type: isRecurring ? "recurring" : "one_time",
    recurring_interval: isRecurring ? row.interval : null,
    // Sent only when the price says so itself: otherwise the organization's default applies.
    ...(row.taxBehavior ? { tax_behavior: row.taxBehavior } : {}),
  };
  if (!/^[a-z]{3}$/.test(currency)) errors[at("price_currency")] = "Enter a three-letter currency code.";
  const amount = (text: string, field: string, required: boolean): number | null | undefined => {
    if (!text.trim()) {
      if (required) errors[at(field)] = "Enter an amount, e.g. 10.00.";
      return null;
    }
    const minor = parseMoney(text, currency || "usd");
    if (minor === null) errors[at(field)] = "Enter an amount, e.g. 10.00.";
    else if (minor < MIN_AMOUNT)
      errors[at(field)] = `Enter at least ${formatMoney(MIN_AMOUNT, currency || "usd")}.`;
    return minor ?? undefined;
  };
  if (row.amount_type === "fixed") {
    body.price_amount = amount(row.amount, "price_amount", true);
  } else if (row.amount_type === "custom") {
    body.minimum_amount = amount(row.minimum, "minimum_amount", false);
    body.maximum_amount = amount(row.maximum, "maximum_amount", false);
    body.preset_amount = amount(row.preset, "preset_amount", false);
    const { minimum_amount: min, maximum_amount: max, preset_amount: preset } = body;
    if (min != null && max != null && max < min)
      errors[at("maximum_amount")] ??= "The maximum should be at least the minimum.";
    if (preset != null && ((min != null && preset < min) || (max != null && preset > max)))
      errors[at("preset_amount")] ??= "The suggested amount should be between the minimum and maximum.";
  }
  return body;
}

/** The prices list of a body: `{id}` for each kept price, the full price for each new one. */
export function pricesBody(
  rows: readonly PriceRow[],
  isRecurring: boolean,
  errors: Record<string, string>,
): NonNullable<UpdateProduct["prices"]> {
  return rows.map((row, index) =>
    row.existing ? { id: row.existing.id } : newPriceBody(row, index, isRecurring, errors),
  );
}

function commonFields(form: ProductForm, original?: ProductResource) {
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    medias: form.medias.map((media) => media.id),
    attached_custom_fields: form.attached_custom_fields.map(({ custom_field_id, required }) => ({
      custom_field_id,
      required,
    })),
    metadata: metadataFromRows(form.metadata, original?.metadata),
  };
}

function checkCommon(form: ProductForm, errors: Record<string, string>) {
  if (form.name.trim().length < 3) errors.name = "Give the product a name of 3 characters or more.";
  if (form.prices.length === 0) errors.prices = "Add at least one price.";
}

/** POST /v1/products/ (benefits are set afterwards: the create body has none). */
export function productBody(form: ProductForm): Built<CreateProduct> {
  const errors: Record<string, string> = {};
  checkCommon(form, errors);
  const prices = pricesBody(form.prices, form.is_recurring, errors) as NewPrice[];
  const trial = trialFields(form, errors);
  return { body: { ...commonFields(form), is_recurring: form.is_recurring, ...trial, prices }, errors };
}

/** PATCH /v1/products/{id}: only what changed; `prices` only when a price was added or removed. */
export function productPatch(form: ProductForm, product: ProductResource): Built<UpdateProduct> {
  const errors: Record<string, string> = {};
  checkCommon(form, errors);
  const prices = pricesBody(form.prices, product.is_recurring, errors);
  const current = {
    ...product,
    medias: product.medias.map((media) => media.id),
    attached_custom_fields: product.attached_custom_fields.map(({ custom_field_id, required }) => ({
      custom_field_id,
      required,
    })),
  };
  const body: UpdateProduct = changedFields(current, {
    ...commonFields(form, product),
    ...(product.is_recurring ? trialFields(form, errors) : {}),
  });
  const keptIds = product.prices.filter((price) => !price.is_archived).map((price) => price.id);
  const unchanged =
    prices.length === keptIds.length && prices.every((price, i) => "id" in price && price.id === keptIds[i]);
  if (!unchanged) body.prices = prices;
  return { body, errors };
}

/** Whether the benefits picked differ from the product's (same ids in the same order). */
export function benefitsChanged(form: ProductForm, product?: ProductResource): boolean {
  const current = product?.benefits.map((benefit) => benefit.id) ?? [];
  return JSON.stringify(current) !== JSON.stringify(form.benefits);
}

type PriceLike = Pick<
  ProductPrice,
  "amount_type" | "price_amount" | "price_currency" | "minimum_amount" | "recurring_interval"
>;

/** "$10.00", "$5.00 / month", "Pay what you want (from $5.00)", "Free": one price in a few words. */
export function priceText(price: PriceLike): string {
  const interval = price.recurring_interval ? ` / ${price.recurring_interval}` : "";
  if (price.amount_type === "free") return `Free${interval}`;
  if (price.amount_type === "custom") {
    const from =
      price.minimum_amount != null
        ? ` (from ${formatMoney(price.minimum_amount, price.price_currency)})`
        : "";
    return `Pay what you want${from}${interval}`;
  }
  return `${formatMoney(price.price_amount ?? 0, price.price_currency)}${interval}`;
}

/** The product's prices for a list row: non-archived ones, comma-separated, or a dash. */
export function priceSummary(product: { prices: readonly (PriceLike & { is_archived: boolean })[] }) {
  return (
    product.prices
      .filter((price) => !price.is_archived)
      .map(priceText)
      .join(", ") || "—"
  );
}

/**
 * A new price like the last one in a currency the product has no price in yet (docs/currencies.md
 * "Prices"): the common currencies first; null when every common one is taken.
 */
export function priceInAnotherCurrency(rows: PriceRow[], common: readonly string[]): PriceRow | null {
  const taken = new Set(rows.map((row) => row.existing?.price_currency ?? row.currency));
  const currency = common.find((code) => !taken.has(code));
  const last = rows.at(-1);
  if (!currency) return null;
  const amountType = last?.existing?.amount_type ?? last?.amount_type ?? "fixed";
  const interval = (last?.existing?.recurring_interval ?? last?.interval ?? "month") as Interval;
  return { ...newPriceRow(amountType, currency), interval };
}
