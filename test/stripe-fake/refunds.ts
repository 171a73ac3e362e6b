// Refunds: succeeded at once, or pending until the test settles them (setRefundsPending), or failed.
// The charge counts pending refunds in amount_refunded and gives a failed one back, as Stripe does.
import type Stripe from "stripe";
import { chargeOfIntent } from "./charges";
import { invalidRequest } from "./errors";
import { emitChargeRefunded, emitRefundEvent } from "./events";
import { allowOnly, expandParam, metadataParam, optionalInteger, optionalString, type Params } from "./form";
import { lookup, newId, unixSeconds, type Context } from "./state";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"];

export function createRefund(ctx: Context, params: Params): Stripe.Refund {
  allowOnly(params, ["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
  expandParam(params, []);
  const charge = refundedCharge(ctx, params);
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  if (charge.disputed) {
    throw invalidRequest(`Charge ${charge.id} has been charged back; it cannot be refunded.`, {
      code: "charge_disputed",
    });
  }
  const amount = optionalInteger(params, "amount") ?? remaining;
  if (amount <= 0)
    throw invalidRequest("Invalid positive integer", { param: "amount", code: "parameter_invalid_integer" });
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      { param: "amount", code: "amount_too_large" },
    );
  }
  const reason = optionalString(params, "reason") ?? null;
  if (reason !== null && !REASONS.includes(reason))
    throw invalidRequest(`Invalid reason: ${reason}`, { param: "reason" });
  const refund = {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: newId("txn"),
    charge: charge.id,
    created: unixSeconds(ctx.fake),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    metadata: metadataParam(params),
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: ctx.fake.refundsPending ? "pending" : "succeeded",
    transfer_reversal: null,
  } satisfies Stripe.Refund;
  ctx.store.refunds.set(refund.id, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount_captured;
  charge.refunds?.data.unshift(refund);
  emitRefundEvent(ctx, "refund.created", refund);
  emitChargeRefunded(ctx, charge, previous);
  return refund;
}

function refundedCharge(ctx: Context, params: Params): Stripe.Charge {
  const intentId = optionalString(params, "payment_intent");
  const chargeId = optionalString(params, "charge");
  if (intentId) {
    const intent = lookup(ctx.store.paymentIntents, "payment_intent", intentId, "payment_intent").intent;
    const charge = intent.status === "succeeded" ? chargeOfIntent(ctx, intent) : null;
    if (!charge) {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        param: "payment_intent",
      });
    }
    return charge;
  }
  if (chargeId) {
    const charge = lookup(ctx.store.charges, "charge", chargeId, "charge");
    if (charge.status !== "succeeded")
      throw invalidRequest(`Charge ${chargeId} did not succeed.`, { param: "charge" });
    return charge;
  }
  throw invalidRequest(
    "One of the following params should be provided for this request: payment_intent or charge.",
    {
      code: "parameter_missing",
    },
  );
}

export function retrieveRefund(ctx: Context, id: string): Stripe.Refund {
  return lookup(ctx.store.refunds, "refund", id);
}

/** The bank's answer on a refund: a pending one succeeds or fails; a succeeded one can still fail. */
export function settleRefund(ctx: Context, id: string, outcome: "succeeded" | "failed"): Stripe.Refund {
  const refund = lookup(ctx.store.refunds, "refund", id);
  const allowed = outcome === "succeeded" ? ["pending"] : ["pending", "succeeded"];
  if (!allowed.includes(refund.status ?? "")) {
    throw new Error(`Stripe fake: refund ${id} is ${refund.status}; it cannot become ${outcome}`);
  }
  const previous = { status: refund.status };
  refund.status = outcome;
  if (outcome === "failed") {
    refund.failure_reason = "declined";
    refund.failure_balance_transaction = newId("txn");
    const charge = lookup(ctx.store.charges, "charge", String(refund.charge));
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
  }
  emitRefundEvent(ctx, "refund.updated", refund, previous);
  if (outcome === "failed") emitRefundEvent(ctx, "refund.failed", refund, previous);
  return refund;
}
