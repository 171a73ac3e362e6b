// The discount form's values and the API bodies made from them: amounts typed in the currency's
// units ("10.50") become minor units, percentages ("12.5") basis points, dates ISO; problems found
// before sending are keyed like the API's (`amount`, `basis_points`, …) so both show the same way.
import { formatMoney, moneyInputValue, parseMoney } from "@/lib/money";
import type { DiscountResource, CreateDiscount, UpdateDiscount } from "../hooks/catalog";
import {
  changedFields,
  type Built,
  isoFromLocalInput,
  localInputValue,
  metadataFromRows,
  metadataRows,
  parseOptionalInt,
  type MetadataRow,
} from "../forms/values";

export const DISCOUNT_FIELDS = [
  "name",
  "code",
  "type",
  "amount",
  "currency",
  "amounts",
  "basis_points",
  "duration",
  "duration_in_months",
  "starts_at",
  "ends_at",
  "max_redemptions",
  "products",
  "metadata",
] as const;

export const DISCOUNT_SORT_FIELDS = ["created_at", "name", "code", "redemptions_count"] as const;

export type DiscountForm = {
  name: string;
  code: string;
  type: "fixed" | "percentage";
  amount: string;
  currency: string;
  /** A fixed discount's amounts in other currencies (docs/currencies.md "Discounts"). */
  other_amounts: { currency: string; amount: string }[];
  percent: string;
  duration: "once" | "forever" | "repeating";
  duration_in_months: string;
  starts_at: string;
  ends_at: string;
  max_redemptions: string;
  products: string[];
  metadata: MetadataRow[];
};

export const EMPTY_DISCOUNT_FORM: DiscountForm = {
  name: "",
  code: "",
  type: "percentage",
  amount: "",
  currency: "usd",
  other_amounts: [],
  percent: "",
  duration: "once",
  duration_in_months: "",
  starts_at: "",
  ends_at: "",
  max_redemptions: "",
  products: [],
  metadata: [],
};

/** Basis points as a percentage without float noise: 1250 → "12.5". */
export function percentText(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** "12.5" → 1250; null when not a percentage with at most two decimals. */
export function parseBasisPoints(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, "");
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export function formFromDiscount(discount: DiscountResource): DiscountForm {
  const currency = discount.currency ?? "usd";
  return {
    name: discount.name,
    code: discount.code ?? "",
    type: discount.type,
    amount: discount.amount === null ? "" : moneyInputValue(discount.amount, currency),
    currency,
    other_amounts: Object.entries(discount.amounts ?? {})
      .filter(([code]) => code !== currency)
      .map(([code, amount]) => ({ currency: code, amount: moneyInputValue(amount, code) })),
    percent: discount.basis_points === null ? "" : percentText(discount.basis_points),
    duration: discount.duration,
    duration_in_months: discount.duration_in_months === null ? "" : String(discount.duration_in_months),
    starts_at: localInputValue(discount.starts_at),
    ends_at: localInputValue(discount.ends_at),
    max_redemptions: discount.max_redemptions === null ? "" : String(discount.max_redemptions),
    products: discount.products.map((product) => product.id),
    metadata: metadataRows(discount.metadata),
  };
}

/** The full body the form describes (create), or the problems found in it. */
export function discountBody(form: DiscountForm, original?: DiscountResource): Built<CreateDiscount> {
  const errors: Record<string, string> = {};
  const body: CreateDiscount = {
    name: form.name.trim(),
    type: form.type,
    duration: form.duration,
    code: form.code.trim() || null,
    metadata: metadataFromRows(form.metadata, original?.metadata),
    products: form.products,
  };
  if (!body.name) errors.name = "Give the discount a name.";
  if (form.type === "fixed") {
    const currency = form.currency.trim().toLowerCase();
    const amount = parseMoney(form.amount, currency || "usd");
    if (amount === null) errors.amount = "Enter an amount, e.g. 10.00.";
    else body.amount = amount;
    body.currency = currency;
    const amounts = otherAmounts(form, errors);
    // Sent when there are other currencies, or to remove the ones the discount had.
    const hadOthers = Object.keys(original?.amounts ?? {}).some((code) => code !== original?.currency);
    if (amount !== null && (Object.keys(amounts).length || hadOthers))
      body.amounts = sortedAmounts({ ...amounts, [currency]: amount });
  } else {
    const basisPoints = parseBasisPoints(form.percent);
    if (basisPoints === null || basisPoints < 1 || basisPoints > 10_000)
      errors.basis_points = "Enter a percentage between 0.01 and 100.";
    else body.basis_points = basisPoints;
  }
  if (form.duration === "repeating") {
    const months = parseOptionalInt(form.duration_in_months);
    if (months === null || months === undefined) errors.duration_in_months = "Enter a number of months.";
    else body.duration_in_months = months;
  }
  const maxRedemptions = parseOptionalInt(form.max_redemptions);
  if (maxRedemptions === undefined) errors.max_redemptions = "Enter a whole number, or leave empty.";
  else body.max_redemptions = maxRedemptions;
  for (const field of ["starts_at", "ends_at"] as const) {
    const iso = isoFromLocalInput(form[field]);
    if (iso === undefined) errors[field] = "Enter a valid date and time.";
    else body[field] = iso;
  }
  return { body, errors };
}

/** The other currencies' amounts in minor units; a problem per bad row, keyed `amounts.<code>`. */
function otherAmounts(form: DiscountForm, errors: Record<string, string>): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const row of form.other_amounts) {
    const code = row.currency.trim().toLowerCase();
    const amount = parseMoney(row.amount, code || "usd");
    if (code === form.currency.trim().toLowerCase() || code in amounts)
      errors[`amounts.${code}`] = `${code.toUpperCase()} is given twice.`;
    else if (amount === null) errors[`amounts.${code}`] = "Enter an amount, e.g. 10.00.";
    else amounts[code] = amount;
  }
  return amounts;
}

function sortedAmounts(amounts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(amounts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The PATCH body: only what changed (type and duration never do; amounts stay put once redeemed). */
export function discountPatch(form: DiscountForm, discount: DiscountResource): Built<UpdateDiscount> {
  const { body, errors } = discountBody(form, discount);
  const { type: _type, duration: _duration, ...editable } = body;
  const current = {
    ...discount,
    products: discount.products.map((product) => product.id),
    amounts: sortedAmounts(discount.amounts ?? {}),
    starts_at: discount.starts_at === null ? null : new Date(discount.starts_at).toISOString(),
    ends_at: discount.ends_at === null ? null : new Date(discount.ends_at).toISOString(),
  };
  return { body: changedFields(current, editable) as UpdateDiscount, errors };
}

/** "12.5%", "$5.00": the discount's value in a few characters. */
export function discountValue(
  discount: Pick<DiscountResource, "type" | "amount" | "currency" | "basis_points">,
) {
  if (discount.type === "percentage") return `${percentText(discount.basis_points ?? 0)}%`;
  return formatMoney(discount.amount ?? 0, discount.currency ?? "usd");
}

export function durationText(discount: Pick<DiscountResource, "duration" | "duration_in_months">): string {
  if (discount.duration === "repeating") return `${discount.duration_in_months ?? "?"} months`;
  return discount.duration === "once" ? "Once" : "Forever";
}

/** What the form hook needs of this area (docs/dashboard.md, "Forms"). */
export const DISCOUNT_FORM_LOGIC = {
  fields: DISCOUNT_FIELDS,
  conflictField: "code",
  empty: EMPTY_DISCOUNT_FORM,
  fromRecord: formFromDiscount,
  body: discountBody,
  patch: discountPatch,
};
