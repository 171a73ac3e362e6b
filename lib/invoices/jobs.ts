// The invoice jobs' work (names and queueing: ./queue.ts; registered in lib/composition/jobs.ts).
// Each opens its own transactions, so the rendering runs after the document's row committed and
// outside every lock; both are idempotent (an issued document is found, not issued again).
import { ApiError } from "../core/errors";
import type { JobHandler } from "../jobs/queue";
import { issueCreditNote } from "./credit-notes";
import { issueInvoice } from "./issue";
import type { IssueCreditNotePayload, IssueInvoicePayload } from "./queue";

/**
 * The automatic invoice of a paid order. An order that cannot be invoiced (free, or without the
 * buyer's billing name or address) is left as it is: the buyer or the merchant completes the
 * details and asks for it (docs/invoices.md).
 */
export const issueInvoiceJob: JobHandler<IssueInvoicePayload> = {
  maxAttempts: 5,
  ownsTransactions: true,
  run: async (db, payload, ctx) => {
    try {
      await issueInvoice(db, payload.order_id, ctx.now);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return;
      throw error;
    }
  },
};

/** The credit note of a succeeded refund of an invoiced order. */
export const issueCreditNoteJob: JobHandler<IssueCreditNotePayload> = {
  maxAttempts: 10,
  ownsTransactions: true,
  run: async (db, payload, ctx) => {
    await issueCreditNote(db, payload.refund_id, ctx.now);
  },
};
