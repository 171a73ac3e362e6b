// What a merchant or a buyer asks of Stripe after a sale, for lib/stripe/processor.ts: conceding a
// dispute (lib/disputes/accept.ts) and detaching a card the buyer removed (lib/payments/forget.ts).
// Both are safe to ask twice: an answer already given is read back, not an error.
import type Stripe from "stripe";
import type { ProcessorDispute } from "../payments/processor";
import { idOf, isStripeError } from "./client";

/** Closes a dispute (Stripe makes it lost); one closed already is read as it is. */
export async function closeStripeDispute(stripe: Stripe, disputeId: string): Promise<ProcessorDispute> {
  let dispute: Stripe.Dispute;
  try {
    dispute = await stripe.disputes.close(disputeId);
  } catch (error) {
    // Closed already (by us a moment ago, or it was decided): what Stripe says of it now.
    if (!isStripeError(error) || error.type !== "StripeInvalidRequestError") throw error;
    dispute = await stripe.disputes.retrieve(disputeId);
  }
  return {
    id: dispute.id,
    status: dispute.status,
    amount: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    paymentId: idOf(dispute.payment_intent),
    evidenceDueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
  };
}

/** Detaches a PaymentMethod from its customer; one detached or gone already counts as done. */
export async function detachStripeCard(stripe: Stripe, paymentMethodId: string): Promise<void> {
  try {
    await stripe.paymentMethods.detach(paymentMethodId);
  } catch (error) {
    if (isStripeError(error) && (error.code === "resource_missing" || error.statusCode === 400)) return;
    throw error;
  }
}
