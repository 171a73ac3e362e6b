// The invoice jobs' names and how they are queued, in the caller's transaction (lib/jobs): the
// automatic invoice of a new order (when its organization issues them automatically) and the
// credit note of a succeeded refund of an invoiced order. Kept apart from the jobs' work (./jobs.ts)
// so that order processing and refunds import only this.
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { enqueueJob } from "../jobs/enqueue";
import { Prisma } from "../generated/prisma/client";

export const ISSUE_INVOICE_JOB = "invoices.issue";
export const ISSUE_CREDIT_NOTE_JOB = "invoices.credit-note";

export type IssueInvoicePayload = { order_id: string };
export type IssueCreditNotePayload = { refund_id: string };

type NewOrder = { id: string; organization_id: string; amount: number; tax_amount: number };

const nothingPaid = (order: NewOrder) => order.amount + order.tax_amount <= 0;

/**
 * Queues the invoice of a new paid order when its organization issues invoices automatically and
 * something was paid (a trial's or a free order has nothing to invoice). `automatically`: the
 * organization's setting, when the caller read it already (order processing reads it with the
 * receipt: no statement then unless it is on); otherwise one statement inserts the job only when
 * the setting is on.
 */
export async function queueAutomaticInvoice(
  tx: DbOrTx,
  order: NewOrder,
  now: Date,
  automatically?: boolean,
): Promise<void> {
  if (nothingPaid(order) || automatically === false) return;
  if (automatically === true) {
    await enqueueJob(tx, ISSUE_INVOICE_JOB, { order_id: order.id } satisfies IssueInvoicePayload, {
      dedupeKey: `invoice:${order.id}`,
      maxAttempts: 5,
      now,
    });
    return;
  }
  const at = now.toISOString();
  await directSql(
    tx,
    Prisma.sql`
    INSERT INTO jobs (id, created_at, name, payload, dedupe_key, status, run_at, attempts, max_attempts)
    SELECT ${randomUUID()}::uuid, ${at}::timestamp, ${ISSUE_INVOICE_JOB},
           ${JSON.stringify({ order_id: order.id } satisfies IssueInvoicePayload)}::jsonb,
           ${`invoice:${order.id}`}, 'pending', ${at}::timestamp, 0, 5
      FROM organizations
     WHERE id = ${order.organization_id}::uuid AND invoice_automatically
    ON CONFLICT (dedupe_key) DO NOTHING`,
  );
}

/** Queues the credit note of a refund that succeeded on an invoiced order (once per refund). */
export function queueCreditNote(tx: DbOrTx, refundId: string, now: Date): Promise<void> {
  return enqueueJob(tx, ISSUE_CREDIT_NOTE_JOB, { refund_id: refundId } satisfies IssueCreditNotePayload, {
    dedupeKey: `credit-note:${refundId}`,
    maxAttempts: 10,
    now,
  });
}
