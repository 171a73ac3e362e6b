// Performs a recorded refund after the transaction that decided it committed (./refunds.ts). The
// processor is called outside any transaction with the attempt's idempotency key, so a retried job
// (the worker died, the processor timed out) refunds once.
import type { JobHandler } from "../jobs/queue";
import { callProcessor } from "./attempts";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "./outcomes";
import type { RefundPayload } from "./refunds";

/** `outcomes`: the refunds' handlers (lib/refunds/settle.ts), given by the composition root. */
export function refundPaymentJob(outcomes: PaymentOutcomeHandlers): JobHandler<RefundPayload> {
  return {
    maxAttempts: 10,
    ownsTransactions: true,
    run: async (db, payload, ctx) => {
      const attempt = await db.paymentAttempt.findUnique({ where: { id: payload.attempt_id } });
      if (!attempt || attempt.status !== "pending") return;
      const result = await callProcessor(db, attempt);
      await recordPaymentOutcome(db, outcomes, { attemptId: attempt.id }, result, ctx.now);
      if (result.status === "declined") {
        console.error(
          `Refund ${attempt.id} of ${attempt.refunded_payment_id} was refused: ${result.message}`,
        );
      }
    },
  };
}
