// Issuing an order's invoice (docs/invoices.md), on request (POST /v1/orders/{id}/invoice, the
// portal's) or by the organization's setting (./jobs.ts). One transaction under the order's row
// lock: a billing correction (lib/orders/billing-details.ts), a refund's settlement
// (lib/refunds/settle.ts) and another issue of the same order wait for it, so concurrent requests
// issue one invoice, the billing details it shows are the ones locked from then on, and a refund
// settled just before gets its credit note. The snapshot is built from rows read under that lock;
// the PDF and HTML are rendered from it after commit (./render.ts), never inside the lock.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Order } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { emitOrderEvents } from "../orders/events";
import { lockRowForEvents } from "../webhooks/listeners";
import { invoiceLocale } from "./locale";
import { queueCreditNote } from "./queue";
import { renderInvoice } from "./render";
import { invoiceSnapshot, missingBillingDetails } from "./snapshot";

const ISSUE_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/** Whether anything was paid: a free order (or a trial's) has nothing to invoice. */
export function invoiceable(order: Pick<Order, "amount" | "tax_amount">): boolean {
  return order.amount + order.tax_amount > 0;
}

async function readSource(tx: Tx, order: Order) {
  const related = await tx.order.findUniqueOrThrow({
    where: { id: order.id },
    select: {
      organization: {
        select: { name: true, email: true, legal_name: true, address: true, tax_id: true, tax_id_type: true },
      },
      customer: { select: { name: true, email: true, tax_id: true, tax_id_type: true } },
      checkout: { select: { customer_tax_id: true } },
      product: { select: { name: true } },
      discount: { select: { name: true } },
    },
  });
  return {
    order,
    organization: related.organization,
    customer: related.customer,
    checkoutTaxId: related.checkout?.customer_tax_id ?? null,
    productName: related.product.name,
    discountName: related.discount?.name ?? null,
    locale: await invoiceLocale(tx, order.id),
  };
}

/**
 * In the caller's transaction: the order's invoice id, issuing it first when there is none.
 * Throws 404 when the order is gone, 409 OrderNotEligibleForInvoice when nothing was paid, 422
 * MissingInvoiceBillingDetails without the buyer's billing name or address.
 */
export async function issueInvoiceInTransaction(
  tx: Tx,
  orderId: string,
  now: Date,
): Promise<{ id: string; issued: boolean }> {
  const order = await lockRowForEvents<Order>(tx, "orders", orderId);
  if (!order) throw ApiError.notFound("Order not found.");
  if (order.invoice_issued_at) {
    const existing = await tx.invoice.findFirstOrThrow({
      where: { order_id: order.id, kind: "invoice" },
      select: { id: true },
    });
    return { id: existing.id, issued: false };
  }
  if (!invoiceable(order)) {
    throw new ApiError(
      "OrderNotEligibleForInvoice",
      "Nothing was paid for this order: there is nothing to invoice (its receipt is its record).",
    );
  }
  const source = await readSource(tx, order);
  const missing = missingBillingDetails(source);
  if (missing) throw new ApiError("MissingInvoiceBillingDetails", missing);

  const snapshot = invoiceSnapshot(source, now);
  const id = randomUUID();
  await tx.invoice.create({
    data: {
      id,
      created_at: now,
      organization_id: order.organization_id,
      order_id: order.id,
      kind: "invoice",
      number: snapshot.number,
      issued_at: now,
      locale: snapshot.locale,
      snapshot,
    },
  });
  await tx.order.update({ where: { id: order.id }, data: { invoice_issued_at: now, modified_at: now } });
  // Refunds that succeeded before the invoice: the invoice shows the sale, a credit note each refund.
  const refunds = await tx.refund.findMany({
    where: { order_id: order.id, status: "succeeded" },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  for (const refund of refunds) await queueCreditNote(tx, refund.id, now);
  await emitOrderEvents(tx, ["order.updated"], order, now);
  return { id, issued: true };
}

/**
 * Issues the order's invoice unless it has one (idempotent), then renders it outside the lock.
 * Returns the invoice's id.
 */
export async function issueInvoice(db: Db, orderId: string, now = new Date()): Promise<string> {
  const { id } = await db.$transaction(
    (tx) => issueInvoiceInTransaction(tx, orderId, now),
    ISSUE_TRANSACTION,
  );
  await renderInvoice(db, id, now);
  return id;
}
