// Products and their prices: one zod schema per shape. The checkout embeds a product with its
// prices, benefits and medias (`checkoutProductSchema`); the products API shows it with its
// metadata and attached custom fields too (`productSchema`); orders embed only its base fields.
import { z } from "zod";
import type {
  AttachedCustomField,
  Benefit,
  CustomField,
  Media,
  Prisma,
  Product,
  ProductPrice,
} from "../generated/prisma/client";
import {
  dateTime,
  taxBehaviorSchema,
  timestamps,
  trialCountSchema,
  trialIntervalSchema,
} from "../core/schemas";
import { metadataOut, metadataSchema, type Metadata } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryBoolean, queryList } from "../core/validation";
import { benefitResourceSchema, benefitSchema, toBenefit } from "../benefits/schemas";

// The benefit schemas live with benefits; re-exported for the product and checkout shapes' users.
export { benefitSchema };
import { MAX_CUSTOM_AMOUNT, MIN_CUSTOM_AMOUNT } from "./amount-bounds";
import { attachedCustomFieldSchema, toAttachedCustomField } from "../custom-fields/schemas";

export const productPriceSchema = z.object({
  id: z.string(),
  ...timestamps,
  amount_type: z.enum(["fixed", "custom", "free"]),
  is_archived: z.boolean(),
  product_id: z.string(),
  price_currency: z.string(),
  price_amount: z.number().int().nullable(),
  minimum_amount: z.number().int().nullable(),
  maximum_amount: z.number().int().nullable(),
  preset_amount: z.number().int().nullable(),
  type: z.enum(["one_time", "recurring"]),
  recurring_interval: z.enum(["month", "year"]).nullable(),
  /** `catalog`: a price of the product's own (the reference's `ad_hoc` prices are not offered). */
  source: z.literal("catalog"),
  /** Null: the organization's `default_tax_behavior` applies (docs/tax.md). */
  tax_behavior: taxBehaviorSchema.nullable(),
});

/** A price row as the API shows it. */
export function toProductPrice(row: ProductPrice) {
  return {
    ...row,
    source: "catalog" as const,
    tax_behavior: taxBehaviorSchema.nullable().parse(row.tax_behavior),
  };
}

export const mediaSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  path: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  storage_version: z.string().nullable(),
  checksum_etag: z.string().nullable(),
  checksum_sha256_base64: z.string().nullable(),
  checksum_sha256_hex: z.string().nullable(),
  last_modified_at: dateTime.nullable(),
  version: z.string().nullable(),
  service: z.string(),
  is_uploaded: z.boolean(),
  created_at: dateTime,
  size_readable: z.string(),
  public_url: z.string(),
});

const intervals = z.enum(["month", "year"]);

/**
 * The product as embedded in an order, a subscription or a discount: base fields and metadata.
 * `recurring_interval` is the product's (its earliest recurring price's, kept by the database);
 * trials and metered billing are not offered, so their fields are null, as the reference answers
 * for a product without them.
 */
export const productBaseSchema = z.object({
  id: z.string(),
  ...timestamps,
  name: z.string(),
  description: z.string().nullable(),
  is_recurring: z.boolean(),
  is_archived: z.boolean(),
  organization_id: z.string(),
  metadata: metadataOut,
  visibility: z.enum(["draft", "private", "public"]),
  recurring_interval: intervals.nullable(),
  recurring_interval_count: z.number().int().nullable(),
  trial_interval: trialIntervalSchema.nullable(),
  trial_interval_count: z.number().int().nullable(),
  meter_interval: intervals.nullable(),
  meter_interval_count: z.number().int().nullable(),
});

/** A product row as `productBaseSchema` shows it. */
export function toProductBase(row: Product) {
  return {
    ...row,
    metadata: row.metadata as Metadata,
    visibility: "public" as const,
    recurring_interval: row.is_recurring ? row.recurring_interval : null,
    recurring_interval_count: row.is_recurring && row.recurring_interval ? 1 : null,
    meter_interval: null,
    meter_interval_count: null,
  };
}

/** The product as embedded in a checkout session: with prices, benefits and medias. */
export const checkoutProductSchema = productBaseSchema.extend({
  prices: z.array(productPriceSchema),
  benefits: z.array(benefitSchema),
  medias: z.array(mediaSchema),
});

export function sizeReadable(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1).replace(/\.0$/, "")} ${units[unit]}`;
}

export function toMedia(row: Media) {
  return { ...row, size_readable: sizeReadable(row.size) };
}

/**
 * Prisma include for a checkout product: non-archived prices (in the order they were given, see
 * ./manage.ts), benefits and medias in order.
 */
export const checkoutProductInclude = {
  prices: { where: { is_archived: false }, orderBy: [{ created_at: "asc" }, { id: "asc" }] },
  product_benefits: { include: { benefit: true }, orderBy: { order: "asc" } },
  product_medias: { include: { media: true }, orderBy: { order: "asc" } },
} satisfies Prisma.ProductInclude;

export function toCheckoutProduct(
  row: Product & {
    prices: ProductPrice[];
    product_benefits: { benefit: Benefit }[];
    product_medias: { media: Media }[];
  },
) {
  return {
    ...toProductBase(row),
    prices: row.prices.map(toProductPrice),
    benefits: row.product_benefits.map((pb) => ({ ...pb.benefit, is_deleted: false as const })),
    medias: row.product_medias.map((pm) => toMedia(pm.media)),
  };
}

/** The product resource (GET, POST, PATCH, the list): the checkout's shape, metadata, custom fields. */
export const productSchema = checkoutProductSchema.extend({
  /** The whole benefit, as /v1/benefits shows it (a checkout shows buyers less of it). */
  benefits: z.array(benefitResourceSchema),
  attached_custom_fields: z.array(attachedCustomFieldSchema),
  /**
   * Whether DELETE would succeed: true while no order, subscription, checkout, checkout link or
   * discount refers to the product (./usage.ts); false once it can only be archived.
   */
  is_deletable: z.boolean(),
});

/** Prisma include for the product resource. */
export const productInclude = {
  ...checkoutProductInclude,
  attached_custom_fields: { include: { custom_field: true }, orderBy: { order: "asc" } },
} satisfies Prisma.ProductInclude;

/** The product resource; `isDeletable` is what ./usage.ts found (false when the caller knows it is in use). */
export function toProduct(
  row: Parameters<typeof toCheckoutProduct>[0] & {
    attached_custom_fields: (AttachedCustomField & { custom_field: CustomField })[];
  },
  isDeletable: boolean,
) {
  return {
    ...toCheckoutProduct(row),
    benefits: row.product_benefits.map((pb) => toBenefit(pb.benefit)),
    attached_custom_fields: row.attached_custom_fields.map(toAttachedCustomField),
    is_deletable: isDeletable,
  };
}

// --- query, params and bodies -----------------------------------------------------------------

export const listProductsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Case-insensitive match on the name. */
  query: z.string().trim().min(1).max(200).optional(),
  is_archived: queryBoolean().optional(),
  is_recurring: queryBoolean().optional(),
  /** Products granting one of these benefits. */
  benefit_id: queryList(id()),
  /**
   * `price_amount`: the lowest amount among the product's non-archived prices (fixed: its amount;
   * pay what you want: its minimum, 50 without one; free: 0); products without one come last.
   */
  sorting: sortingQuery(["created_at", "name", "price_amount"], ["name"]),
});
export type ListProductsQuery = z.output<typeof listProductsQuery>;

export const productParams = z.object({ id: id() });

/** Bounds on what one product carries (the reference API leaves them open). */
export const MAX_PRODUCT_PRICES = 20;
export const MAX_PRODUCT_MEDIAS = 20;
export const MAX_ATTACHED_CUSTOM_FIELDS = 20;
export const MAX_PRODUCT_BENEFITS = 50;

const name = z.string().trim().min(3).max(255);
const description = z.string().trim().max(10_000);
/** The checkout's bounds: no price asks a buyer for less or more than a checkout can take. */
const priceAmount = z.number().int().min(MIN_CUSTOM_AMOUNT).max(MAX_CUSTOM_AMOUNT);
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "Currency should be a three-letter ISO 4217 code")
  .transform((value) => value.toLowerCase());

/**
 * A price as given in a body. Without `id` it is a new price: `amount_type` is required and the
 * fields it needs are checked by ./prices.ts (fixed: price_amount; custom: minimum <= preset <=
 * maximum; recurring products: recurring_interval), where the product's is_recurring is known.
 * Fields of the other amount types are ignored. With `id` (PATCH only) it keeps that existing
 * price, which never changes: any other field sent must equal the stored one.
 */
const priceFields = {
  amount_type: z.enum(["fixed", "custom", "free"]).optional(),
  price_currency: currency.optional(),
  price_amount: priceAmount.nullish(),
  minimum_amount: priceAmount.nullish(),
  maximum_amount: priceAmount.nullish(),
  preset_amount: priceAmount.nullish(),
  type: z.enum(["one_time", "recurring"]).optional(),
  recurring_interval: z.enum(["month", "year"]).nullish(),
  /** Null or absent: the organization's default (docs/tax.md "Tax-inclusive prices"). */
  tax_behavior: taxBehaviorSchema.nullish(),
};
/**
 * A price as a client of the current reference API sends a free one: a fixed price of 0 (that API
 * has no free type; docs/polar-sdk.md "API versions"). Taken as the free price it is, for every
 * client; any other fixed amount keeps the minimum.
 */
type AmountOf = { id?: string; amount_type?: "fixed" | "custom" | "free"; price_amount?: number | null };

function isFreeAsFixed(price: AmountOf) {
  return price.id === undefined && price.amount_type === "fixed" && price.price_amount === 0;
}

/** A fixed amount below the minimum, unless it is the free price as a fixed 0. */
function checkMinimum(price: AmountOf, ctx: z.RefinementCtx) {
  const amount = price.price_amount;
  if (amount != null && amount < MIN_CUSTOM_AMOUNT && !isFreeAsFixed(price)) {
    ctx.addIssue({
      code: "too_small",
      origin: "number",
      minimum: MIN_CUSTOM_AMOUNT,
      inclusive: true,
      path: ["price_amount"],
      input: amount,
    });
  }
}

function freeAsFree<T extends AmountOf>(price: T): T {
  return isFreeAsFixed(price) ? { ...price, amount_type: "free", price_amount: undefined } : price;
}

const priceObject = z.object({
  id: id().optional(),
  ...priceFields,
  price_amount: z.number().int().min(0).max(MAX_CUSTOM_AMOUNT).nullish(),
});
export const priceInput = priceObject.superRefine(checkMinimum).transform(freeAsFree);
/** A new product's price (no `id`). */
export const newPriceInput = priceObject.omit({ id: true }).superRefine(checkMinimum).transform(freeAsFree);
export type PriceInput = z.output<typeof priceInput>;

const attachedCustomFieldInput = z.object({ custom_field_id: id(), required: z.boolean() });
export type AttachedCustomFieldInput = z.output<typeof attachedCustomFieldInput>;

/** Media ids (POST /v1/files/, service `product_media`) of the product's organization, in order. */
const medias = z.array(id()).max(MAX_PRODUCT_MEDIAS);
const attachedCustomFields = z.array(attachedCustomFieldInput).max(MAX_ATTACHED_CUSTOM_FIELDS);

/**
 * The product's own interval, as the current reference API sends it (its prices then name none);
 * every 1 month or year is what this service bills.
 */
const productInterval = {
  recurring_interval: z.enum(["month", "year"]).nullish(),
  recurring_interval_count: z
    .number()
    .int()
    .refine((count) => count === 1, "Only 1 is offered: a price is billed every month or every year.")
    .nullish(),
};

/**
 * A free trial before a subscription's first charge (docs/subscriptions.md "Trials"): recurring
 * products only; `trial_interval` null removes it; the count defaults to 1.
 */
const productTrial = {
  trial_interval: trialIntervalSchema.nullish(),
  trial_interval_count: trialCountSchema.nullish(),
};

/**
 * POST /v1/products/. `is_recurring` defaults to whether the product names a `recurring_interval`
 * (the current API's way: its prices take it), else whether the prices are recurring (a `type` of
 * `recurring` or a `recurring_interval`); every price must then agree with it.
 */
export const createProductBody = z.object({
  name,
  description: description.nullish(),
  is_recurring: z.boolean().optional(),
  ...productInterval,
  ...productTrial,
  prices: z.array(newPriceInput).min(1).max(MAX_PRODUCT_PRICES),
  medias: medias.nullish(),
  attached_custom_fields: attachedCustomFields.nullish(),
  metadata: metadataSchema.default({}),
  /** Required unless the caller belongs to one organization (an access token always does). */
  organization_id: id().nullish(),
});
export type CreateProductBody = z.output<typeof createProductBody>;

/**
 * PATCH /v1/products/{id}: only the fields sent change. `prices` is the whole list of prices that
 * can be bought: `{id}` keeps an existing one, any other item adds one, and existing prices left
 * out are archived (never deleted, never changed: orders and subscriptions keep theirs); a new price
 * of a recurring product that names no interval takes the product's.
 * `medias` and `attached_custom_fields` replace the lists (null leaves them); `metadata` replaces
 * the object; `is_recurring` cannot change.
 */
export const updateProductBody = z.object({
  name: name.optional(),
  description: description.nullish(),
  is_recurring: z.boolean().optional(),
  ...productInterval,
  ...productTrial,
  is_archived: z.boolean().optional(),
  prices: z.array(priceInput).max(MAX_PRODUCT_PRICES).nullish(),
  medias: medias.nullish(),
  attached_custom_fields: attachedCustomFields.nullish(),
  metadata: metadataSchema.optional(),
});
export type UpdateProductBody = z.output<typeof updateProductBody>;

/** POST /v1/products/{id}/benefits: the product's benefits, in order (replaces the list). */
export const updateProductBenefitsBody = z.object({
  benefits: z.array(id()).max(MAX_PRODUCT_BENEFITS),
});
export type UpdateProductBenefitsBody = z.output<typeof updateProductBenefitsBody>;
