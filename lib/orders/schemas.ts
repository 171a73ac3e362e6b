import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { addressSchema, jsonObject, timestamps, toAddress } from "../core/schemas";
import { metadataOut } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { customerSchema, toCustomer, toUser, userSchema } from "../customers/schemas";
import { productBaseSchema, productPriceSchema, toProductBase, toProductPrice } from "../products/schemas";
import { orderDiscountSchema, toDiscount } from "../discounts/schemas";
import { subscriptionSchema, toSubscription } from "../subscriptions/schemas";

export const orderSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  custom_field_data: jsonObject,
  status: z.enum(["paid", "refunded", "partially_refunded"]),
  /** Per organization and sequential, e.g. `ACME-0042` (the receipt's number). */
  invoice_number: z.string(),
  amount: z.number().int(),
  tax_amount: z.number().int(),
  refunded_amount: z.number().int(),
  refunded_tax_amount: z.number().int(),
  currency: z.string(),
  billing_reason: z.enum(["purchase", "subscription_create", "subscription_cycle", "subscription_update"]),
  billing_address: addressSchema.nullable(),
  customer_id: z.string(),
  product_id: z.string(),
  product_price_id: z.string(),
  discount_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  checkout_id: z.string().nullable(),
  /** Legacy: equal to customer_id. */
  user_id: z.string(),
  customer: customerSchema,
  user: userSchema,
  product: productBaseSchema,
  product_price: productPriceSchema,
  discount: orderDiscountSchema.nullable(),
  subscription: subscriptionSchema.nullable(),
});

export const ORDER_SORT_FIELDS = [
  "created_at",
  "amount",
  "customer",
  "product",
  "discount",
  "subscription",
] as const;

/** The list's filters and sorting, without pagination: shared by the list and the CSV export. */
export const orderFiltersQuery = z.object({
  organization_id: queryList(id()),
  product_id: queryList(id()),
  product_price_type: queryList(z.enum(["one_time", "recurring"])),
  /** The same filter under the current reference API's name (SDK 1.x sends this one). */
  product_billing_type: queryList(z.enum(["one_time", "recurring"])),
  discount_id: queryList(id()),
  customer_id: queryList(id()),
  checkout_id: queryList(id()),
  /** Case-insensitive substring of the customer's email; blank means no filter. */
  query: z.string().trim().max(320).optional(),
  sorting: sortingQuery(ORDER_SORT_FIELDS, ["-created_at"]),
});
export type OrderFiltersQuery = z.output<typeof orderFiltersQuery>;

/** The billing types asked for under either name (both given: an order of either type). */
export function billingTypesOf(query: OrderFiltersQuery): ("one_time" | "recurring")[] | undefined {
  const types = [...(query.product_price_type ?? []), ...(query.product_billing_type ?? [])];
  return types.length ? [...new Set(types)] : undefined;
}

export const listOrdersQuery = z.object({ ...paginationQuery, ...orderFiltersQuery.shape });
export type ListOrdersQuery = z.output<typeof listOrdersQuery>;

export const orderInclude = {
  customer: true,
  product: true,
  product_price: true,
  discount: true,
  subscription: true,
} as const satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

export function toOrder(row: OrderRow) {
  return {
    ...row,
    metadata: row.metadata as Record<string, string | number | boolean>,
    custom_field_data: (row.custom_field_data ?? {}) as Record<string, unknown>,
    billing_address: toAddress(row.billing_address),
    user_id: row.customer_id,
    customer: toCustomer(row.customer),
    user: toUser(row.customer),
    discount: row.discount ? toDiscount(row.discount) : null,
    subscription: row.subscription ? toSubscription(row.subscription) : null,
    product: toProductBase(row.product),
    product_price: toProductPrice(row.product_price),
  };
}
