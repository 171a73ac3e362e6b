import { z } from "zod";
import type { Discount, Product } from "../generated/prisma/client";
import { dateTime, timestamps } from "../core/schemas";
import { metadataOut, metadataSchema, type Metadata } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, int4, queryList } from "../core/validation";
import { productBaseSchema, toProductBase } from "../products/schemas";
import { discountAmountsOf } from "./amounts";

const discountCommon = {
  id: z.string(),
  duration: z.enum(["once", "forever", "repeating"]),
  duration_in_months: z.number().int().nullable(),
  type: z.enum(["fixed", "percentage"]),
  /** Fixed discounts; null for percentage ones. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /**
   * Fixed discounts: the amount per currency, `currency`'s included ({} for percentage ones): a
   * checkout in a currency the map lacks cannot use the discount (docs/currencies.md "Discounts").
   */
  amounts: z.record(z.string(), z.number().int()),
  /** Percentage discounts; null for fixed ones. */
  basis_points: z.number().int().nullable(),
  name: z.string(),
  code: z.string().nullable(),
};

/** The discount inside a checkout session. */
export const checkoutDiscountSchema = z.object(discountCommon);

/** A discount row with its `amounts` as the API shows them. */
export function withDiscountAmounts<T extends Discount>(row: T) {
  return { ...row, amounts: discountAmountsOf(row) };
}

/** The discount inside an order: with its dates, limits and metadata. */
export const orderDiscountSchema = z.object({
  ...discountCommon,
  ...timestamps,
  metadata: metadataOut,
  starts_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  max_redemptions: z.number().int().nullable(),
  /** Not offered (a code's limit counts every buyer): always null. */
  max_redemptions_per_customer: z.number().int().nullable(),
  redemptions_count: z.number().int(),
  organization_id: z.string(),
});

export function toDiscount(row: Discount) {
  return {
    ...withDiscountAmounts(row),
    metadata: row.metadata as Metadata,
    max_redemptions_per_customer: null,
  };
}

/** A product a discount is restricted to: its base fields and metadata. */
export const discountProductSchema = productBaseSchema;

/** The discount resource (GET, POST, PATCH and the list): `products` is empty when it applies to all. */
export const discountSchema = orderDiscountSchema.extend({ products: z.array(discountProductSchema) });

export type DiscountWithProducts = Discount & { discount_products: { product: Product }[] };

export function toDiscountWithProducts(row: DiscountWithProducts) {
  return {
    ...toDiscount(row),
    products: row.discount_products.map(({ product }) => toProductBase(product)),
  };
}

export const listDiscountsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Case-insensitive match on the name or the code. */
  query: z.string().trim().min(1).max(200).optional(),
  sorting: sortingQuery(["created_at", "name", "code", "redemptions_count"], ["name"]),
});
export type ListDiscountsQuery = z.output<typeof listDiscountsQuery>;

export const discountParams = z.object({ id: id() });

/** The largest number of products one discount may be restricted to. */
export const MAX_DISCOUNT_PRODUCTS = 100;

const name = z.string().trim().min(1).max(255);
/** Letters and digits, 3 to 256 of them (the reference API's rule); "" means no code. */
const code = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .string()
    .min(3)
    .max(256)
    .regex(/^[A-Za-z0-9]+$/, "Code must contain only letters and digits.")
    .nullable(),
);
const amount = int4(0);
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "Currency should be a three-letter ISO 4217 code")
  .transform((value) => value.toLowerCase());
/** The most currencies one fixed discount has an amount in. */
export const MAX_DISCOUNT_CURRENCIES = 50;
/** Currency → amount; the primary `amount`/`currency` pair is kept in it (lib/discounts/amounts.ts). */
const amounts = z
  .record(currency, amount)
  .refine((map) => Object.keys(map).length <= MAX_DISCOUNT_CURRENCIES, {
    message: `At most ${MAX_DISCOUNT_CURRENCIES} currencies`,
  });
const basisPoints = z.number().int().min(1).max(10_000);
/** Months a repeating discount applies for (the reference API's bounds). */
const durationInMonths = z.number().int().min(1).max(999);
const maxRedemptions = int4(1);
const products = z.array(id()).max(MAX_DISCOUNT_PRODUCTS);

/**
 * POST /v1/discounts/. Which fields a type or a duration requires (amount, basis_points,
 * duration_in_months) and the order of the dates are checked by the service on the discount as it
 * will be, so that a PATCH is held to the same rules. Fields of the other type are ignored.
 */
export const createDiscountBody = z.object({
  name,
  type: z.enum(["fixed", "percentage"]),
  amount: amount.optional(),
  /**
   * Fixed discounts: `amount`'s currency; without it, usd (the reference API's default) or, given
   * `amounts` alone, usd if among them, else their first.
   */
  currency: currency.optional(),
  /** Fixed discounts: an amount per currency (with or instead of `amount`). */
  amounts: amounts.nullish(),
  basis_points: basisPoints.optional(),
  duration: z.enum(["once", "forever", "repeating"]),
  duration_in_months: durationInMonths.nullish(),
  code: code.optional(),
  starts_at: dateTime.nullish(),
  ends_at: dateTime.nullish(),
  max_redemptions: maxRedemptions.nullish(),
  products: products.nullish(),
  metadata: metadataSchema.default({}),
  /** Required unless the caller belongs to one organization (an access token always does). */
  organization_id: id().nullish(),
});
export type CreateDiscountBody = z.output<typeof createDiscountBody>;

/**
 * PATCH /v1/discounts/{id}: only the fields sent change. `type` and `duration` cannot change;
 * `null` clears `code`, the dates and `max_redemptions`; `products: null` leaves the restriction
 * as it is (`[]` removes it); `metadata` replaces the whole object.
 */
export const updateDiscountBody = z.object({
  name: name.optional(),
  type: z.enum(["fixed", "percentage"]).optional(),
  amount: amount.nullish(),
  currency: currency.nullish(),
  /** Replaces the map (`amount`/`currency` kept in it); null leaves it. */
  amounts: amounts.nullish(),
  basis_points: basisPoints.nullish(),
  duration: z.enum(["once", "forever", "repeating"]).optional(),
  duration_in_months: durationInMonths.nullish(),
  code: code.optional(),
  starts_at: dateTime.nullish(),
  ends_at: dateTime.nullish(),
  max_redemptions: maxRedemptions.nullish(),
  products: products.nullish(),
  metadata: metadataSchema.optional(),
});
export type UpdateDiscountBody = z.output<typeof updateDiscountBody>;
