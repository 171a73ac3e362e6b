// The bank's step left behind (docs/payments.md, "Stripe"): a payment that asked the buyer for
// 3-D Secure keeps its attempt `requires_action`, and the session refuses another confirm or change
// (409) until the outcome is known. The processor's event brings that outcome, but seconds later; a
// buyer who failed or closed the bank's page and pays again with another card at once would be told
// the payment is "waiting for the buyer's confirmation". So on that refusal the session's waiting
// attempt is asked of the processor (outside any transaction or lock), its outcome recorded through
// the one outcome path, and the request goes on when the attempt is over. An attempt the processor
// still says waits for the buyer (the bank's page open in another tab) keeps the refusal.
import type { Db } from "../db/client";
import { ApiError } from "../core/errors";
import { lookUpAttempt } from "../payments/attempts";
import { recordPaymentOutcome } from "../payments/outcomes";
import { clientSecretHash } from "./client-secret";
import { checkoutPaymentOutcomes } from "./settle";

/**
 * Asks the processor what became of the session's attempt waiting for the buyer's bank step and
 * records it when it is over (failed or succeeded). Leaves it when there is none (the processor's
 * event may have just settled it), the processor cannot say, or it still waits: the caller checks
 * the session again either way.
 */
export async function settleWaitingBankStep(db: Db, clientSecret: string, now: Date): Promise<void> {
  const session = await db.checkoutSession.findUnique({
    where: { client_secret_hash: clientSecretHash(clientSecret) },
    select: { id: true },
  });
  if (!session) return;
  const waiting = await db.paymentAttempt.findFirst({
    where: { checkout_id: session.id, status: "requires_action", kind: { in: ["charge", "setup"] } },
    orderBy: { created_at: "desc" },
  });
  if (!waiting) return;
  let found;
  try {
    found = await lookUpAttempt(db, waiting);
  } catch (error) {
    // The processor cannot say now: the refusal stands, and its event (or reconciliation) settles it.
    console.error(`Looking up payment attempt ${waiting.id} waiting for the buyer failed:`, error);
    return;
  }
  if (found.status === "requires_action" || found.status === "pending") return;
  await recordPaymentOutcome(db, checkoutPaymentOutcomes, { attemptId: waiting.id }, found, now);
}

/** A session refused because a payment is under way (409, not another refusal). */
export function isPaymentInProgress(error: unknown): boolean {
  return error instanceof ApiError && error.code === "ConflictError";
}
