// Credit notes (docs/invoices.md): one per succeeded refund of an invoiced order, issued by a job
// after the refund's settlement commits (lib/refunds/settle.ts queues it), or after the invoice's
// issue when the refund came first (./issue.ts). The credit note states the invoice's parties,
// rate and reverse charge as the invoice did (from the invoice's snapshot, never the current rows),
// the refund's net and tax as negative amounts, and the invoice's number and date. Its number is
// taken last, just before the insert: the counter's lock is held only for the end of the
// transaction (./numbers.ts); the rendering follows after commit.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { translator } from "../i18n/translate";
import { takeCreditNoteNumber } from "./numbers";
import { renderInvoice } from "./render";
import { creditNoteSnapshot, type InvoiceSnapshot } from "./snapshot";

const CREDIT_NOTE_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/**
 * In the caller's transaction: the refund's credit note id, issuing it when there is none and the
 * refund succeeded on an invoiced order; null when there is nothing to credit.
 */
export async function issueCreditNoteInTransaction(
  tx: Tx,
  refundId: string,
  now: Date,
): Promise<string | null> {
  const refund = await tx.refund.findUnique({
    where: { id: refundId },
    select: {
      id: true,
      status: true,
      amount: true,
      tax_amount: true,
      order_id: true,
      organization_id: true,
      credit_note: { select: { id: true } },
    },
  });
  if (!refund || refund.status !== "succeeded") return null;
  if (refund.credit_note) return refund.credit_note.id;
  const invoice = await tx.invoice.findFirst({
    where: { order_id: refund.order_id, kind: "invoice" },
    select: { id: true, snapshot: true },
  });
  if (!invoice) return null;
  const invoiceSnapshot = invoice.snapshot as InvoiceSnapshot;
  const number = await takeCreditNoteNumber(tx, refund.organization_id);
  const snapshot = creditNoteSnapshot(
    invoiceSnapshot,
    refund,
    { number, issuedAt: now },
    invoiceSnapshot.lines[0]?.description ?? "",
    translator(invoiceSnapshot.locale),
  );
  const id = randomUUID();
  await tx.invoice.create({
    data: {
      id,
      created_at: now,
      organization_id: refund.organization_id,
      order_id: refund.order_id,
      kind: "credit_note",
      number,
      invoice_id: invoice.id,
      refund_id: refund.id,
      issued_at: now,
      locale: snapshot.locale,
      snapshot,
    },
  });
  return id;
}

/** Issues the refund's credit note unless it has one, then renders it. */
export async function issueCreditNote(db: Db, refundId: string, now = new Date()): Promise<string | null> {
  const id = await db.$transaction(
    (tx) => issueCreditNoteInTransaction(tx, refundId, now),
    CREDIT_NOTE_TRANSACTION,
  );
  if (id) await renderInvoice(db, id, now);
  return id;
}
