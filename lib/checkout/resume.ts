// A confirm retried with the same Idempotency-Key after its first run died (a `kill -9`, a cut
// connection) between the charge and its answer. The first run recorded which request made its
// payment attempt (`request_key_hash`, a keyed hash of the key and its scope); the retry holds the
// key's claim now, so that run is over, and nothing else may still be waiting on its processor call.
// So instead of 409 until reconciliation (minutes), the retry asks the processor at once what became
// of the attempt (`findPayment`), records it through the one outcome path, and answers as the first
// run would have: 200 with the session it paid for (docs/payments-reliability.md).
import type { Db } from "../db/client";
import { lookUpAttempt, UNRESOLVED_STATUSES } from "../payments/attempts";
import { recordPaymentOutcome } from "../payments/outcomes";
import { CHECKOUT_SESSION_TTL_MS, createCustomerSession } from "../customer-portal/sessions";
import { findClientCheckout } from "./client";
import { toCheckoutClient } from "./schemas";
import { checkoutPaymentOutcomes } from "./settle";

export type ConfirmAnswer = ReturnType<typeof toCheckoutClient> & { customer_session_token: string | null };

/**
 * What a retried confirm answers, given that the unlocked check refused the session (not open, or
 * a payment in progress): the session as this request's own attempt left it, `"pay"` when that
 * attempt failed (the session is open again: the retry pays as a first try would), or null when
 * the refusal stands (no attempt of this request, or another request's payment).
 */
export async function answerRetriedConfirm(
  db: Db,
  clientSecret: string,
  requestKeyHash: string,
  now: Date,
): Promise<ConfirmAnswer | "pay" | null> {
  const session = await findClientCheckout(db, clientSecret);
  const own = await db.paymentAttempt.findFirst({
    where: { checkout_id: session.id, request_key_hash: requestKeyHash, kind: { in: ["charge", "setup"] } },
    orderBy: { created_at: "desc" },
  });
  if (!own) return null;
  let attempt = own;
  if ((UNRESOLVED_STATUSES as readonly string[]).includes(own.status)) {
    let found;
    try {
      found = await lookUpAttempt(db, own);
    } catch (error) {
      // The processor cannot say now: the refusal (409) stands and reconciliation asks later.
      console.error(`Looking up payment attempt ${own.id} for a retried confirm failed:`, error);
      return null;
    }
    attempt =
      (await recordPaymentOutcome(db, checkoutPaymentOutcomes, { attemptId: own.id }, found, now)) ?? own;
  }
  if (attempt.status === "failed") return "pay";

  const view = await findClientCheckout(db, clientSecret);
  const paidByThisAttempt =
    (view.status === "confirmed" || view.status === "succeeded") &&
    (attempt.status === "succeeded" || attempt.status === "pending") &&
    view.payment_id === attempt.processor_payment_id;
  if (paidByThisAttempt && view.customer_id) {
    // As the first run would have answered: the buyer's portal token for this purchase.
    const { token } = await createCustomerSession(db, view.customer_id, CHECKOUT_SESSION_TTL_MS, now);
    return { ...toCheckoutClient(view), customer_session_token: token };
  }
  // The processor asks the buyer for a step (3-D Secure): the session stays open with it.
  if (attempt.status === "requires_action" && view.status === "open") {
    return { ...toCheckoutClient(view), customer_session_token: null };
  }
  return null;
}
