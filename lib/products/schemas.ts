import { z } from "zod";
import type { Benefit, Media, Product, ProductPrice } from "../generated/prisma/client";
import { dateTime, timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryBoolean, queryList } from "../core/validation";
import { benefitSchema } from "../benefits/schemas";

// The benefit schemas live with benefits; re-exported for the product and checkout shapes' users.
export { benefitSchema };

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
});

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

/** The product as embedded in an order: base fields only. */
export const productBaseSchema = z.object({
  id: z.string(),
  ...timestamps,
  name: z.string(),
  description: z.string().nullable(),
  is_recurring: z.boolean(),
  is_archived: z.boolean(),
  organization_id: z.string(),
});

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

/** Prisma include for a checkout product: non-archived prices, benefits and medias in order. */
export const checkoutProductInclude = {
  prices: { where: { is_archived: false }, orderBy: { created_at: "asc" } },
  product_benefits: { include: { benefit: true }, orderBy: { order: "asc" } },
  product_medias: { include: { media: true }, orderBy: { order: "asc" } },
} as const;

export function toCheckoutProduct(
  row: Product & {
    prices: ProductPrice[];
    product_benefits: { benefit: Benefit }[];
    product_medias: { media: Media }[];
  },
) {
  return {
    ...row,
    prices: row.prices,
    benefits: row.product_benefits.map((pb) => pb.benefit),
    medias: row.product_medias.map((pm) => toMedia(pm.media)),
  };
}

export const listProductsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Case-insensitive match on the name. */
  query: z.string().trim().min(1).max(200).optional(),
  is_archived: queryBoolean().optional(),
  is_recurring: queryBoolean().optional(),
  sorting: sortingQuery(["created_at", "name"], ["name"]),
});
export type ListProductsQuery = z.output<typeof listProductsQuery>;
