// Disputes (chargebacks) opened and moved by the test, with Stripe's events.
import type Stripe from "stripe";
import { chargeOfIntent } from "./charges";
import { emitDisputeEvent } from "./events";
import { lookup, newId, unixSeconds, type Context } from "./state";
import { invalidRequest } from "./errors";
import { allowOnly, type Params } from "./form";

const RESPONSE_WINDOW_SECONDS = 7 * 24 * 60 * 60;
const CLOSED: Stripe.Dispute.Status[] = ["won", "lost", "warning_closed", "prevented"];

export type DisputeOptions = { reason?: string; amount?: number };

function emptyEvidence(): Stripe.Dispute.Evidence {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    enhanced_evidence: {},
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null,
  } satisfies Stripe.Dispute.Evidence;
}

export function createDispute(
  ctx: Context,
  paymentIntentId: string,
  options: DisputeOptions,
): Stripe.Dispute {
  const intent = lookup(ctx.store.paymentIntents, "payment_intent", paymentIntentId).intent;
  const charge = chargeOfIntent(ctx, intent);
  if (!charge || charge.status !== "succeeded")
    throw new Error(`Stripe fake: ${paymentIntentId} has no charge to dispute`);
  const created = unixSeconds(ctx.fake);
  const dispute = {
    id: newId("dp"),
    object: "dispute",
    amount: options.amount ?? charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: created + RESPONSE_WINDOW_SECONDS,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: ctx.store.account.livemode,
    metadata: {},
    payment_intent: intent.id,
    reason: options.reason ?? "fraudulent",
    status: "needs_response",
  } satisfies Stripe.Dispute;
  ctx.store.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  emitDisputeEvent(ctx, "charge.dispute.created", dispute);
  return dispute;
}

/** Moves a dispute: `won`, `lost` (and `warning_closed`, `prevented`) close it; others update it. */
export function updateDispute(
  ctx: Context,
  id: string,
  update: { status: Stripe.Dispute.Status },
): Stripe.Dispute {
  const dispute = lookup(ctx.store.disputes, "dispute", id);
  const previous = { status: dispute.status };
  dispute.status = update.status;
  if (update.status === "under_review") dispute.evidence_details.has_evidence = true;
  const closed = CLOSED.includes(update.status);
  emitDisputeEvent(ctx, closed ? "charge.dispute.closed" : "charge.dispute.updated", dispute, previous);
  return dispute;
}

/**
 * `POST /v1/disputes/{id}/close`: the merchant concedes. A chargeback becomes `lost`, an inquiry
 * `warning_closed`; a closed dispute cannot be closed again (Stripe's invalid request).
 */
export function closeDispute(ctx: Context, id: string, params: Params): Stripe.Dispute {
  allowOnly(params, ["expand"]);
  const dispute = lookup(ctx.store.disputes, "dispute", id);
  if (CLOSED.includes(dispute.status)) {
    throw invalidRequest(`This dispute is already closed (${dispute.status}).`, {
      code: "dispute_already_closed",
    });
  }
  return updateDispute(ctx, id, {
    status: dispute.status.startsWith("warning_") ? "warning_closed" : "lost",
  });
}

export function retrieveDispute(ctx: Context, id: string): Stripe.Dispute {
  return lookup(ctx.store.disputes, "dispute", id);
}
