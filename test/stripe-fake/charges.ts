// Charges: one per payment attempt that reached the card network (or was blocked by Radar), with
// the outcome (risk level, authorized / issuer_declined / blocked) and the card's details.
import type Stripe from "stripe";
import { chargeCardDetails } from "./cards";
import { lookup, newId, unixSeconds, type Context, type PaymentMethodRecord } from "./state";

const RISK_SCORES = { normal: 20, elevated: 70, highest: 95 } as const;

function outcomeOf(record: PaymentMethodRecord): Stripe.Charge.Outcome {
  const { decline, riskLevel } = record.card;
  const common = {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    risk_level: riskLevel,
    risk_score: RISK_SCORES[riskLevel],
  };
  if (!decline) {
    return {
      ...common,
      network_status: "approved_by_network",
      reason: riskLevel === "elevated" ? "elevated_risk_level" : null,
      seller_message: "Payment complete.",
      type: "authorized",
    } satisfies Stripe.Charge.Outcome;
  }
  if (decline.outcomeType === "blocked") {
    return {
      ...common,
      network_status: "not_sent_to_network",
      reason: decline.reason,
      seller_message: "Stripe blocked this payment as too risky.",
      type: "blocked",
    } satisfies Stripe.Charge.Outcome;
  }
  return {
    ...common,
    advice_code: "try_again_later",
    network_status: "declined_by_network",
    reason: decline.reason,
    seller_message: "The bank did not return any further details with this decline.",
    type: "issuer_declined",
  } satisfies Stripe.Charge.Outcome;
}

/** Makes the charge of one attempt: succeeded unless the card declines. */
export function createCharge(
  ctx: Context,
  intent: Stripe.PaymentIntent,
  record: PaymentMethodRecord,
  authenticated: boolean,
  pending = false,
): Stripe.Charge {
  const decline = record.card.decline;
  const settled = !decline && !pending;
  const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
  const charge = {
    id: newId("ch"),
    object: "charge",
    amount: intent.amount,
    amount_captured: settled ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: settled ? newId("txn") : null,
    billing_details: record.method.billing_details,
    calculated_statement_descriptor: ctx.store.account.displayName.slice(0, 22).toUpperCase(),
    captured: settled,
    created: unixSeconds(ctx.fake),
    currency: intent.currency,
    customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline ? decline.code : null,
    failure_message: decline ? decline.message : null,
    fraud_details: {},
    livemode: ctx.store.account.livemode,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: outcomeOf(record),
    paid: settled,
    payment_intent: intent.id,
    payment_method: record.method.id,
    payment_method_details: {
      card: chargeCardDetails(record.card, record.expiry, intent.amount, authenticated),
      type: "card",
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: "list", data: [], has_more: false, url: "/v1/refunds" },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: decline ? "failed" : pending ? "pending" : "succeeded",
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.Charge;
  ctx.store.charges.set(charge.id, charge);
  return charge;
}

/** The bank's late answer on a pending charge. */
export function settleCharge(charge: Stripe.Charge, outcome: "succeeded" | "failed"): void {
  charge.status = outcome;
  if (outcome === "succeeded") {
    charge.paid = true;
    charge.captured = true;
    charge.amount_captured = charge.amount;
    charge.balance_transaction = newId("txn");
    return;
  }
  charge.failure_code = "card_declined";
  charge.failure_message = "Your card was declined.";
  if (charge.outcome) {
    charge.outcome.type = "issuer_declined";
    charge.outcome.network_status = "declined_by_network";
    charge.outcome.reason = "generic_decline";
  }
}

export function retrieveCharge(ctx: Context, id: string): Stripe.Charge {
  return lookup(ctx.store.charges, "charge", id);
}

/** The latest successful charge of a payment intent, which refunds and disputes act on. */
export function chargeOfIntent(ctx: Context, intent: Stripe.PaymentIntent): Stripe.Charge | null {
  const id = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
  return id ? (ctx.store.charges.get(id) ?? null) : null;
}
