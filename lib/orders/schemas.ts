import { createHash } from "node:crypto";
import { z } from "zod";
import type { Order, Prisma } from "../generated/prisma/client";
import { addressSchema, jsonObject, timestamps, toAddress } from "../core/schemas";
import { metadataOut } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { customerSchema, toCustomer, toUser, userSchema } from "../customers/schemas";
import { productBaseSchema, productPriceSchema, toProductBase, toProductPrice } from "../products/schemas";
import { orderDiscountSchema, toDiscount } from "../discounts/schemas";
import { subscriptionSchema, toSubscription } from "../subscriptions/schemas";

/**
 * What the current reference API says of an order beyond the specification's fields, on the
 * merchant's order and the buyer's portal order alike (docs/polar-sdk.md).
 */
export const currentOrderShape = {
  // `amount` is its net_amount.
  /** Always true: an order exists here once its payment succeeded. */
  paid: z.literal(true),
  /** Before the discount and tax. */
  subtotal_amount: z.number().int(),
  discount_amount: z.number().int(),
  /** After the discount, before tax (= amount). */
  net_amount: z.number().int(),
  /** What the buyer paid: net_amount + tax_amount. */
  total_amount: z.number().int(),
  /** Customer balances are not kept: always 0. */
  applied_balance_amount: z.literal(0),
  /** Nothing is ever left to pay on an order here: always 0. */
  due_amount: z.literal(0),
  refundable_amount: z.number().int(),
  refundable_tax_amount: z.number().int(),
  /** The name on the receipt: the customer's. */
  billing_name: z.string().nullable(),
  /** The receipt's number (= invoice_number). */
  receipt_number: z.string(),
  /** Whether the order's invoice was issued (docs/invoices.md): its billing details are locked then. */
  is_invoice_generated: z.boolean(),
  /** The product bought: its name. */
  description: z.string(),
  /** What was bought, one line: the product's price (no proration, units or seats here). */
  items: z.array(
    z.object({
      id: z.string(),
      ...timestamps,
      label: z.string(),
      amount: z.number().int(),
      tax_amount: z.number().int(),
      proration: z.literal(false),
      product_price_id: z.string(),
      /** The period a subscription's line covers is not recorded on the order: null. */
      start_timestamp: z.null(),
      end_timestamp: z.null(),
    }),
  ),
  /** Units and seats are not offered: null. */
  units: z.null(),
  /** This service takes no fee: 0, no currency. */
  platform_fee_amount: z.literal(0),
  platform_fee_currency: z.null(),
};

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
  /** The EU reverse charge applied (docs/tax.md "Reverse charge"): no tax, the buyer accounts for it. */
  reverse_charge: z.boolean(),
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
  ...currentOrderShape,
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
    ...currentOrderFields(row),
  };
}

/** The fields of `currentOrderShape` from the order's row, its product's name and its customer's. */
export function currentOrderFields(
  row: Order & { product: { name: string }; customer: { name: string | null } },
) {
  return {
    paid: true as const,
    subtotal_amount: row.amount + row.discount_amount,
    discount_amount: row.discount_amount,
    net_amount: row.amount,
    total_amount: row.amount + row.tax_amount,
    applied_balance_amount: 0 as const,
    due_amount: 0 as const,
    refundable_amount: Math.max(row.amount - row.refunded_amount, 0),
    refundable_tax_amount: Math.max(row.tax_amount - row.refunded_tax_amount, 0),
    billing_name: row.billing_name ?? row.customer.name,
    receipt_number: row.invoice_number,
    is_invoice_generated: row.invoice_issued_at !== null,
    description: row.product.name,
    items: [
      {
        id: orderItemId(row.id),
        created_at: row.created_at,
        modified_at: row.modified_at,
        label: row.product.name,
        amount: row.amount,
        tax_amount: row.tax_amount,
        proration: false as const,
        product_price_id: row.product_price_id,
        start_timestamp: null,
        end_timestamp: null,
      },
    ],
    units: null,
    platform_fee_amount: 0 as const,
    platform_fee_currency: null,
  };
}

/** An order's one line has no row of its own: its id is derived from the order's, the same on every read. */
export function orderItemId(orderId: string): string {
  const hex = createHash("sha256").update(`order-item\n${orderId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
