// The buyer's orders in the portal, newest first, each with its receipt links.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { sortOrder } from "../core/list";
import { receiptPdfUrl, receiptUrl } from "../receipts/links";
import { customerWhere, foundOrThrow } from "./tenancy";
import type { PortalListQuery } from "./schemas";

const orderSelect = {
  id: true,
  created_at: true,
  status: true,
  invoice_number: true,
  amount: true,
  tax_amount: true,
  refunded_amount: true,
  currency: true,
  billing_reason: true,
  subscription_id: true,
  product: { select: { id: true, name: true } },
} as const satisfies Prisma.OrderSelect;

type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

function toPortalOrder(row: OrderRow) {
  return {
    ...row,
    receipt_url: receiptUrl(row.id),
    receipt_pdf_url: receiptPdfUrl(row.id),
  };
}

export async function listPortalOrders(db: DbOrTx, principal: CustomerPrincipal, query: PortalListQuery) {
  const where = customerWhere(principal);
  const [rows, total] = await Promise.all([
    db.order.findMany({
      where,
      select: orderSelect,
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
    select: orderSelect,
  });
  return toPortalOrder(foundOrThrow(row, "Order not found."));
}
