// The buyer's orders in the portal, newest first, each with its receipt links, its invoice's link, its product (with
// its organization), its subscription and the current reference API's amounts (docs/polar-sdk.md).
import type { Prisma } from "../generated/prisma/client";
import type { Db, DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { sortOrder } from "../core/list";
import { receiptPdfUrl, receiptUrl } from "../receipts/links";
import { invoicePdfUrl } from "../invoices/links";
import { toAddress } from "../core/schemas";
import { currentOrderFields } from "../orders/schemas";
import { checkoutProductInclude, toCheckoutProduct, toProductPrice } from "../products/schemas";
import { organizationResourceInclude, toPortalProductOrganization } from "../organizations/schemas";
import { toSubscription } from "../subscriptions/schemas";
import { customerWhere, foundOrThrow } from "./tenancy";
import type { PortalListQuery } from "./schemas";
import { updateOrderBillingDetails, type UpdateOrderBody } from "../orders/billing-details";

const orderInclude = {
  customer: { select: { name: true } },
  product: {
    include: { ...checkoutProductInclude, organization: { include: organizationResourceInclude } },
  },
  subscription: true,
  product_price: true,
  invoices: { where: { kind: "invoice" }, select: { id: true }, take: 1 },
} as const satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

function toPortalOrder(row: OrderRow) {
  const { customer: _customer, product, subscription, product_price: price, invoices, ...order } = row;
  return {
    ...order,
    billing_address: toAddress(order.billing_address),
    product: {
      ...toCheckoutProduct(product),
      organization: toPortalProductOrganization(product.organization),
    },
    product_price: toProductPrice(price),
    user_id: row.customer_id,
    subscription: subscription ? toSubscription(subscription) : null,
    receipt_url: receiptUrl(row.id),
    receipt_pdf_url: receiptPdfUrl(row.id),
    invoice_url: invoices[0] ? invoicePdfUrl(invoices[0].id) : null,
    ...currentOrderFields(row),
  };
}

export async function listPortalOrders(db: DbOrTx, principal: CustomerPrincipal, query: PortalListQuery) {
  const where = customerWhere(principal);
  const [rows, total] = await Promise.all([
    db.order.findMany({
      where,
      include: orderInclude,
      orderBy: sortOrder<"created_at", Prisma.OrderOrderByWithRelationInput>(query.sorting),
      ...skipTake(query),
    }),
    db.order.count({ where }),
  ]);
  return pageOf(rows.map(toPortalOrder), total, query);
}

export async function getPortalOrder(db: DbOrTx, principal: CustomerPrincipal, orderId: string) {
  const row = await db.order.findFirst({
    where: { id: orderId, ...customerWhere(principal) },
    include: orderInclude,
  });
  return toPortalOrder(foundOrThrow(row, "Order not found."));
}

/** The receipt of one of the buyer's orders as `{url}` of its PDF (the buyer's signed link). */
export async function getPortalOrderReceiptLink(db: DbOrTx, principal: CustomerPrincipal, orderId: string) {
  const row = await db.order.findFirst({
    where: { id: orderId, ...customerWhere(principal) },
    select: { id: true },
  });
  return { url: receiptPdfUrl(foundOrThrow(row, "Order not found.").id) };
}

/** PATCH /v1/customer-portal/orders/{id}: the buyer corrects their own order's billing details. */
export async function updatePortalOrder(
  db: Db,
  principal: CustomerPrincipal,
  orderId: string,
  body: UpdateOrderBody,
) {
  const owner = { organizationIds: [principal.organizationId], customerId: principal.customerId };
  await updateOrderBillingDetails(db, owner, orderId, body);
  return getPortalOrder(db, principal, orderId);
}
