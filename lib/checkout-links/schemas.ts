// Checkout links (the reference API's /v1/checkout-links/): a lasting URL that opens a fresh
// checkout session for its products on each visit. One zod schema per shape: output, list query,
// create and update bodies.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { publicBaseUrl } from "../public-url";
import { timestamps, trialCountSchema, trialIntervalSchema } from "../core/schemas";
import { metadataOut, metadataSchema, type Metadata } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { checkoutProductInclude, checkoutProductSchema, toCheckoutProduct } from "../products/schemas";
import { checkoutDiscountSchema, withDiscountAmounts } from "../discounts/schemas";
import { checkoutProductIds, httpUrl } from "../checkout/schemas";

export const checkoutLinkSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  organization_id: z.string(),
  /** The merchant's own name for the link; buyers never see it. */
  label: z.string().nullable(),
  /** The link's path instead of its id: /buy/<slug>. */
  slug: z.string().nullable(),
  allow_discount_codes: z.boolean(),
  success_url: z.string().nullable(),
  /** Applied to each session when it still can be, else left off (the reference API's rule). */
  discount_id: z.string().nullable(),
  discount: checkoutDiscountSchema.nullable(),
  /** Offered in this order; an archived one is skipped when the link opens a session. */
  products: z.array(checkoutProductSchema),
  /**
   * Legacy (the specification's era SDK reads them): the first product, and no single price (the
   * link offers its products' first prices).
   */
  product_id: z.string(),
  product_price_id: z.string().nullable(),
  product: checkoutProductSchema,
  product_price: z.null(),
  /** The public URL that opens a checkout session: <public base>/buy/<slug or id>. */
  url: z.string(),
  /** What the URL carries after /buy/ (its slug, else its id): public, as the reference's is. */
  client_secret: z.string(),
  /** The processor the sessions it opens take payments with (the organization's, today). */
  payment_processor: z.string(),
  /** The trial its sessions offer instead of their product's (null: the product's, if any). */
  trial_interval: trialIntervalSchema.nullable(),
  trial_interval_count: z.number().int().nullable(),
  /** Not offered (a back link, a required full address, seats and units): null or false. */
  return_url: z.string().nullable(),
  require_billing_address: z.boolean(),
  seats: z.number().int().nullable(),
  units: z.number().int().nullable(),
});

export const checkoutLinkInclude = {
  discount: true,
  organization: { select: { payment_processor: { select: { processor: true } } } },
  link_products: {
    include: { product: { include: checkoutProductInclude } },
    orderBy: { order: "asc" },
  },
} as const satisfies Prisma.CheckoutLinkInclude;

export type CheckoutLinkRow = Prisma.CheckoutLinkGetPayload<{ include: typeof checkoutLinkInclude }>;

export function checkoutLinkUrl(link: { id: string; slug: string | null }) {
  return `${publicBaseUrl()}/buy/${encodeURIComponent(link.slug ?? link.id)}`;
}

/** `defaultProcessor`: the server's processor for an organization without one of its own. */
export function toCheckoutLink(row: CheckoutLinkRow, defaultProcessor: string) {
  // A deleted discount has left the API: the link shows none (and opens sessions without it).
  const discount = row.discount && !row.discount.deleted_at ? withDiscountAmounts(row.discount) : null;
  return {
    ...row,
    client_secret: row.slug ?? row.id,
    payment_processor: row.organization.payment_processor?.processor ?? defaultProcessor,
    return_url: null,
    require_billing_address: false,
    seats: null,
    units: null,
    metadata: row.metadata as Metadata,
    discount_id: discount?.id ?? null,
    discount,
    products: row.link_products.map(({ product }) => toCheckoutProduct(product)),
    // A link always offers at least one product (create and update refuse an empty list).
    product_id: row.link_products[0]!.product.id,
    product_price_id: null,
    product: toCheckoutProduct(row.link_products[0]!.product),
    product_price: null,
    url: checkoutLinkUrl(row),
  };
}

export const listCheckoutLinksQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Links offering any of these products. */
  product_id: queryList(id()),
  sorting: sortingQuery(["created_at", "label"], ["created_at"]),
});
export type ListCheckoutLinksQuery = z.output<typeof listCheckoutLinksQuery>;

export const checkoutLinkParams = z.object({ id: id() });

const UUID_SHAPED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Lower-case letters, digits and inner hyphens, 1 to 64 of them; never shaped like an id, which
 * /buy/<id> would read first.
 */
const slug = z
  .string()
  .trim()
  .max(64)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, "Slug must be lower-case letters, digits and inner hyphens.")
  .refine((value) => !UUID_SHAPED.test(value), "Slug must not look like an id.");

const label = z.string().trim().min(1).max(255);

/** The trial the link's sessions offer instead of the product's; null removes it (count: 1 by default). */
const linkTrial = {
  trial_interval: trialIntervalSchema.nullish(),
  trial_interval_count: trialCountSchema.nullish(),
};

/**
 * POST /v1/checkout-links/. The products as a list, or as the current SDK also sends them: one
 * `product_id`, or one `product_price_id` (the link then offers that price's product). Exactly one
 * of the three.
 */
export const createCheckoutLinkBody = z
  .object({
    products: checkoutProductIds.optional(),
    product_id: id().optional(),
    product_price_id: id().optional(),
    discount_id: id().nullish(),
    allow_discount_codes: z.boolean().default(true),
    success_url: httpUrl(2048).nullish(),
    label: label.nullish(),
    slug: slug.nullish(),
    metadata: metadataSchema.default({}),
    ...linkTrial,
    /** Required unless the caller belongs to one organization (an access token always does). */
    organization_id: id().nullish(),
  })
  .superRefine((body, ctx) => {
    const given = (["products", "product_id", "product_price_id"] as const).filter(
      (key) => body[key] !== undefined,
    );
    if (given.length === 1) return;
    ctx.addIssue({
      code: "custom",
      path: given.length ? [given[1]!] : ["products"],
      message: given.length ? "Send one of products, product_id and product_price_id." : "Field required",
      params: { type: given.length ? "value_error" : "missing" },
      input: given.length ? body[given[1]!] : null,
    });
  });
export type CreateCheckoutLinkBody = z.output<typeof createCheckoutLinkBody>;

/**
 * PATCH /v1/checkout-links/{id}: only the fields sent change; `null` clears discount_id,
 * success_url, label and slug; `products` replaces the list; `metadata` the whole object.
 */
export const updateCheckoutLinkBody = z.object({
  products: checkoutProductIds.optional(),
  ...linkTrial,
  discount_id: id().nullish(),
  allow_discount_codes: z.boolean().optional(),
  success_url: httpUrl(2048).nullish(),
  label: label.nullish(),
  slug: slug.nullish(),
  metadata: metadataSchema.optional(),
});
export type UpdateCheckoutLinkBody = z.output<typeof updateCheckoutLinkBody>;
