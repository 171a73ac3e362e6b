// The invoice jobs' names and how they are queued, in the caller's transaction (lib/jobs): the
// automatic invoice of a new order (when its organization issues them automatically) and the
// credit note of a succeeded refund of an invoiced order. Kept apart from the jobs' work (./jobs.ts)
// so that order processing and refunds import only this.
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { enqueueJob } from "../jobs/enqueue";
import { Prisma } from "../generated/prisma/client";

export const ISSUE_INVOICE_JOB = "invoices.issue";
export const ISSUE_CREDIT_NOTE_JOB = "invoices.credit-note";

export type IssueInvoicePayload = { order_id: string };
export type IssueCreditNotePayload = { refund_id: string };

type NewOrder = { id: string; organization_id: string; amount: number; tax_amount: number };

const nothingPaid = (order: NewOrder) => order.amount + order.tax_amount <= 0;

/**
 * The invoice job of a new paid order when its organization issues invoices automatically, as a
 * common table expression for the statement that numbers the order (lib/orders/invoice-numbers.ts
 * `numberOrder`): the setting is read and the job inserted there, so an order's processing runs no
 * statement more for it. Null for an order with nothing paid (a trial's, a free one): nothing to
 * invoice.
 */
export function automaticInvoiceJob(order: NewOrder, now: Date): Prisma.Sql | null {
  if (nothingPaid(order)) return null;
  const at = now.toISOString();
  return Prisma.sql`
    automatic_invoice AS (
      INSERT INTO jobs (id, created_at, name, payload, dedupe_key, status, run_at, attempts, max_attempts)
      SELECT ${randomUUID()}::uuid, ${at}::timestamp, ${ISSUE_INVOICE_JOB},
             ${JSON.stringify({ order_id: order.id } satisfies IssueInvoicePayload)}::jsonb,
             ${`invoice:${order.id}`}, 'pending', ${at}::timestamp, 0, 5
        FROM organizations
       WHERE id = ${order.organization_id}::uuid AND invoice_automatically
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING 1
    )`;
}

/** Queues the credit note of a refund that succeeded on an invoiced order (once per refund). */
export function queueCreditNote(tx: DbOrTx, refundId: string, now: Date): Promise<void> {
  return enqueueJob(tx, ISSUE_CREDIT_NOTE_JOB, { refund_id: refundId } satisfies IssueCreditNotePayload, {
    dedupeKey: `credit-note:${refundId}`,
    maxAttempts: 10,
    now,
  });
}
