// Reconciliation: attempts a crash (or a lost answer) left unresolved are looked up at the
// processor by their idempotency key and resolved through the same outcome path as a live answer.
// Succeeded → the checkout completes (or the renewal's order is made) exactly as it would have;
// unknown to the processor or declined → failed, and a checkout reopens with its reservation
// released. Attempts younger than the grace period may still be in a live call and are left alone.
import type { Db } from "../db/client";
import type { JobHandler } from "../jobs/queue";
import { lookUpAttempt } from "./attempts";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "./outcomes";

export const RECONCILE_PAYMENTS_JOB = "payments.reconcile";
/** Longer than any processor call may take, so a live confirm is never second-guessed. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
const BATCH = 100;

async function checkoutExpired(db: Db, checkoutId: string | null, now: Date): Promise<boolean> {
  if (!checkoutId) return false;
  const session = await db.checkoutSession.findUnique({
    where: { id: checkoutId },
    select: { expires_at: true },
  });
  return !!session && session.expires_at.getTime() + RECONCILE_AFTER_MS <= now.getTime();
}

/** `outcomes`: every domain's handlers (lib/composition/payment-outcomes.ts): any attempt may be stale. */
export async function reconcilePayments(
  db: Db,
  outcomes: PaymentOutcomeHandlers,
  now: Date,
): Promise<number> {
  const stale = await db.paymentAttempt.findMany({
    where: {
      status: { in: ["pending", "requires_action"] },
      modified_at: { lte: new Date(now.getTime() - RECONCILE_AFTER_MS) },
    },
    orderBy: { modified_at: "asc" },
    take: BATCH,
  });
  let resolved = 0;
  for (const attempt of stale) {
    try {
      const found = await lookUpAttempt(db, attempt);
      // Still waiting at the processor (a bank transfer, a buyer on a 3-D Secure page): leave it,
      // unless the buyer left a checkout's 3-D Secure step until the session expired.
      const outcome =
        found.status === "requires_action" && (await checkoutExpired(db, attempt.checkout_id, now))
          ? ({
              status: "declined",
              code: "abandoned",
              message: "The buyer did not complete the payment.",
            } as const)
          : found;
      if (outcome.status === "pending" || outcome.status === "requires_action") continue;
      const after = await recordPaymentOutcome(db, outcomes, { attemptId: attempt.id }, outcome, now);
      if (after && after.status !== attempt.status) resolved += 1;
    } catch (error) {
      // One unreachable processor or odd attempt must not stop the others; the next run retries.
      console.error(`Reconciling payment attempt ${attempt.id} failed:`, error);
    }
  }
  return resolved;
}

/** The job, given every domain's outcome handlers (the composition root builds it: lib/composition). */
export function reconcilePaymentsJob(outcomes: PaymentOutcomeHandlers): JobHandler {
  return {
    repeatEveryMs: 60_000,
    ownsTransactions: true,
    run: async (db, _payload, ctx) => {
      await reconcilePayments(db, outcomes, ctx.now);
    },
  };
}
