// An order's invoice through the API (docs/invoices.md), for the merchant (/v1/orders/{id}/invoice,
// /v1/orders/{id}/invoices) and the buyer (/v1/customer-portal/orders/{id}/invoice): issue it on
// request, read its link, list the order's documents. The order is found within the caller's reach
// first (another organization's or another buyer's order is 404), then the work is lib/invoices'.
import { z } from "zod";
import type { Db, DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { CustomerPrincipal, Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { dateTime } from "../core/schemas";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { customerWhere } from "../customer-portal/tenancy";
import { kickWorker } from "../jobs/runtime";
import { issueInvoice } from "./issue";
import { invoicePageUrl, invoicePdfUrl } from "./links";

/** The reference API's OrderInvoice (and the portal's CustomerOrderInvoice). */
export const orderInvoiceSchema = z
  .object({ url: z.string().describe("The invoice's PDF: a signed link that needs no credential.") })
  .meta({ description: "Where the order's invoice is." });

export const orderDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(["invoice", "credit_note"]),
  number: z.string(),
  issued_at: dateTime,
  /** A credit note: the refund it is for. */
  refund_id: z.string().nullable(),
  /** The PDF and the printable page, signed links that need no credential. */
  url: z.string(),
  html_url: z.string(),
});

export const orderDocumentsSchema = z.object({ items: z.array(orderDocumentSchema) });

async function findOrder(
  db: DbOrTx,
  where: Prisma.OrderWhereInput,
  orderId: string,
): Promise<{ id: string }> {
  const order = await db.order.findFirst({ where: { id: orderId, ...where }, select: { id: true } });
  return foundOrThrow(order, "Order not found.");
}

async function issueAndLink(db: Db, orderId: string) {
  const id = await issueInvoice(db, orderId);
  // Credit notes of refunds made before the invoice were queued with it.
  kickWorker();
  return { url: invoicePdfUrl(id) };
}

async function invoiceLink(db: DbOrTx, orderId: string) {
  const invoice = await db.invoice.findFirst({
    where: { order_id: orderId, kind: "invoice" },
    select: { id: true },
  });
  if (!invoice) {
    throw ApiError.notFound(
      "The order's invoice has not been issued: POST to this address issues it (when the order has its billing name and address).",
    );
  }
  return { url: invoicePdfUrl(invoice.id) };
}

async function documents(db: DbOrTx, orderId: string) {
  const rows = await db.invoice.findMany({
    where: { order_id: orderId },
    orderBy: [{ issued_at: "asc" }, { number: "asc" }],
    select: { id: true, kind: true, number: true, issued_at: true, refund_id: true },
  });
  return {
    items: rows.map((row) => ({
      ...row,
      kind: row.kind as "invoice" | "credit_note",
      url: invoicePdfUrl(row.id),
      html_url: invoicePageUrl(row.id),
    })),
  };
}

/** POST /v1/orders/{id}/invoice: issues the invoice unless it was (idempotent); its link. */
export async function requestOrderInvoice(db: Db, principal: Principal, orderId: string) {
  return issueAndLink(db, (await findOrder(db, tenantWhere(principal), orderId)).id);
}

/** GET /v1/orders/{id}/invoice: `{url}` of the issued invoice's PDF; 404 before it is issued. */
export async function getOrderInvoice(db: DbOrTx, principal: Principal, orderId: string) {
  return invoiceLink(db, (await findOrder(db, tenantWhere(principal), orderId)).id);
}

/** GET /v1/orders/{id}/invoices: the order's invoice and credit notes, oldest first. */
export async function listOrderDocuments(db: DbOrTx, principal: Principal, orderId: string) {
  return documents(db, (await findOrder(db, tenantWhere(principal), orderId)).id);
}

/** POST /v1/customer-portal/orders/{id}/invoice: the buyer asks for their order's invoice. */
export async function requestPortalOrderInvoice(db: Db, principal: CustomerPrincipal, orderId: string) {
  return issueAndLink(db, (await findOrder(db, customerWhere(principal), orderId)).id);
}

/** GET /v1/customer-portal/orders/{id}/invoice. */
export async function getPortalOrderInvoice(db: DbOrTx, principal: CustomerPrincipal, orderId: string) {
  return invoiceLink(db, (await findOrder(db, customerWhere(principal), orderId)).id);
}

/** The buyer's order's documents (the portal's order page). */
export async function listPortalOrderDocuments(db: DbOrTx, principal: CustomerPrincipal, orderId: string) {
  return documents(db, (await findOrder(db, customerWhere(principal), orderId)).id);
}
