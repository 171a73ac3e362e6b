import { z } from "zod";
import type { Discount } from "../generated/prisma/client";
import { dateTime, timestamps } from "../core/schemas";
import { metadataOut } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";

const discountCommon = {
  id: z.string(),
  duration: z.enum(["once", "forever", "repeating"]),
  duration_in_months: z.number().int().nullable(),
  type: z.enum(["fixed", "percentage"]),
  /** Fixed discounts; null for percentage ones. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Percentage discounts; null for fixed ones. */
  basis_points: z.number().int().nullable(),
  name: z.string(),
  code: z.string().nullable(),
};

/** The discount inside a checkout session. */
export const checkoutDiscountSchema = z.object(discountCommon);

/** The discount inside an order: with its dates, limits and metadata. */
export const orderDiscountSchema = z.object({
  ...discountCommon,
  ...timestamps,
  metadata: metadataOut,
  starts_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions_count: z.number().int(),
  organization_id: z.string(),
});

export function toDiscount(row: Discount) {
  return { ...row, metadata: row.metadata as Record<string, string | number | boolean> };
}

export const listDiscountsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Case-insensitive match on the name or the code. */
  query: z.string().trim().min(1).max(200).optional(),
  sorting: sortingQuery(["created_at", "name", "code", "redemptions_count"], ["name"]),
});
export type ListDiscountsQuery = z.output<typeof listDiscountsQuery>;
