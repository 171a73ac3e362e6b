// What happens when a PaymentIntent is confirmed: the payment method is resolved (a confirmation
// token becomes a payment method), 3-D Secure is asked for or not, and the card is charged or
// declined, following Stripe's states (docs/testing-stripe.md, "PaymentIntent and SetupIntent states").
import type Stripe from "stripe";
import { chargeOfIntent, createCharge, settleCharge } from "./charges";
import { FakeStripeError, invalidRequest, unexpectedState } from "./errors";
import { emitPaymentIntentEvent } from "./events";
import { attachToCustomer, paymentMethodFromToken } from "./payment-methods";
import {
  lookup,
  unixSeconds,
  type Context,
  type PaymentIntentRecord,
  type PaymentMethodRecord,
} from "./state";

export type ConfirmInput = {
  confirmationToken?: string;
  paymentMethod?: string;
  offSession?: boolean;
  returnUrl?: string;
};

const CONFIRMABLE: Stripe.PaymentIntent.Status[] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
];

function customerId(intent: Stripe.PaymentIntent): string | null {
  return typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
}

function methodId(intent: Stripe.PaymentIntent): string | null {
  return typeof intent.payment_method === "string"
    ? intent.payment_method
    : (intent.payment_method?.id ?? null);
}

/** The payment method a confirmation uses: a new one from a token, a saved one, or the intent's own. */
export function resolvePaymentMethod(
  ctx: Context,
  customer: string | null,
  input: { confirmationToken?: string; paymentMethod?: string; current: string | null },
): PaymentMethodRecord {
  let record: PaymentMethodRecord;
  if (input.paymentMethod) {
    record = lookup(ctx.store.paymentMethods, "payment_method", input.paymentMethod, "payment_method");
  } else if (input.confirmationToken) {
    record = paymentMethodFromToken(ctx, input.confirmationToken);
  } else if (input.current) {
    record = lookup(ctx.store.paymentMethods, "payment_method", input.current, "payment_method");
  } else {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm it, provide a payment_method or a confirmation_token.",
      { code: "payment_intent_unexpected_state" },
    );
  }
  const owner = record.method.customer;
  if (owner !== null && owner !== customer) {
    throw invalidRequest(
      `The provided PaymentMethod ${record.method.id} is attached to a Customer other than the one on this request.`,
      { param: "payment_method" },
    );
  }
  return record;
}

export function confirmIntent(ctx: Context, record: PaymentIntentRecord, input: ConfirmInput): void {
  const intent = record.intent;
  if (!CONFIRMABLE.includes(intent.status)) {
    throw unexpectedState(
      "payment_intent",
      `This PaymentIntent's status is ${intent.status}, which does not allow it to be confirmed.`,
    );
  }
  const method = resolvePaymentMethod(ctx, customerId(intent), { ...input, current: methodId(intent) });
  record.offSession = input.offSession ?? false;
  intent.payment_method = method.method.id;
  intent.last_payment_error = null;
  intent.next_action = null;

  if (record.offSession) {
    if (method.card.offSession === "authentication_required")
      return declineForAuthentication(ctx, record, method);
    return authorize(ctx, record, method, false);
  }
  const asksForAuthentication = intent.payment_method_options?.card?.request_three_d_secure === "any";
  if (method.card.onSessionAuthentication === "required" || asksForAuthentication) {
    intent.status = "requires_action";
    intent.next_action = {
      type: "use_stripe_sdk",
      use_stripe_sdk: { type: "three_d_secure_redirect", source: `src_fake_${intent.id}` },
    } satisfies Stripe.PaymentIntent.NextAction;
    emitPaymentIntentEvent(ctx, "payment_intent.requires_action", intent);
    return;
  }
  authorize(ctx, record, method, false);
}

/** Charges the card; a decline leaves the intent waiting for another payment method and answers 402. */
function authorize(
  ctx: Context,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
  authenticated: boolean,
): void {
  const intent = record.intent;
  const decline = method.card.decline;
  const pending = !decline && ctx.fake.paymentsProcessing;
  const charge = createCharge(ctx, intent, method, authenticated, pending);
  intent.latest_charge = charge.id;
  if (pending) {
    intent.status = "processing";
    emitPaymentIntentEvent(ctx, "payment_intent.processing", intent);
    return;
  }
  if (decline) {
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.last_payment_error = {
      type: "card_error",
      charge: charge.id,
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method: method.method,
    };
    emitPaymentIntentEvent(ctx, "payment_intent.payment_failed", intent);
    throw new FakeStripeError(402, {
      type: "card_error",
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      charge: charge.id,
      payment_intent: intent,
      payment_method: method.method,
    });
  }
  succeed(ctx, intent, method);
}

function succeed(ctx: Context, intent: Stripe.PaymentIntent, method: PaymentMethodRecord): void {
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  const customer = customerId(intent);
  if (intent.setup_future_usage && customer) attachToCustomer(ctx, method, customer);
  emitPaymentIntentEvent(ctx, "payment_intent.succeeded", intent);
}

/** The bank's late answer on a `processing` payment (setPaymentsProcessing). */
export function settleProcessingPayment(
  ctx: Context,
  record: PaymentIntentRecord,
  outcome: "succeeded" | "failed",
): void {
  const intent = record.intent;
  if (intent.status !== "processing") {
    throw unexpectedState(
      "payment_intent",
      `This PaymentIntent's status is ${intent.status}, not processing.`,
    );
  }
  const method = resolvePaymentMethod(ctx, customerId(intent), { current: methodId(intent) });
  const charge = chargeOfIntent(ctx, intent);
  if (charge) settleCharge(charge, outcome);
  if (outcome === "succeeded") return succeed(ctx, intent, method);
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.last_payment_error = {
    type: "card_error",
    ...(charge ? { charge: charge.id } : {}),
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
    payment_method: method.method,
  };
  emitPaymentIntentEvent(ctx, "payment_intent.payment_failed", intent);
}

function declineForAuthentication(
  ctx: Context,
  record: PaymentIntentRecord,
  method: PaymentMethodRecord,
): void {
  const intent = record.intent;
  const message = "Your card was declined. This transaction requires authentication.";
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.last_payment_error = {
    type: "card_error",
    code: "authentication_required",
    decline_code: "authentication_required",
    message,
    payment_method: method.method,
  };
  emitPaymentIntentEvent(ctx, "payment_intent.payment_failed", intent);
  throw new FakeStripeError(402, {
    type: "card_error",
    code: "authentication_required",
    decline_code: "authentication_required",
    message,
    payment_intent: intent,
    payment_method: method.method,
  });
}

/** The buyer completes (or fails) 3-D Secure: the intent goes on by itself, as with Stripe.js. */
export function completePaymentIntentAction(
  ctx: Context,
  record: PaymentIntentRecord,
  outcome: "succeed" | "fail",
): void {
  const intent = record.intent;
  if (intent.status !== "requires_action") {
    throw unexpectedState(
      "payment_intent",
      `This PaymentIntent's status is ${intent.status}, not requires_action.`,
    );
  }
  const method = resolvePaymentMethod(ctx, customerId(intent), { current: methodId(intent) });
  intent.next_action = null;
  if (outcome === "succeed") {
    try {
      authorize(ctx, record, method, true);
    } catch (error) {
      // A decline after authentication is recorded on the intent, which is what the caller reads.
      if (!(error instanceof FakeStripeError)) throw error;
    }
    return;
  }
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.last_payment_error = {
    type: "invalid_request_error",
    code: "payment_intent_authentication_failure",
    message:
      "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
    payment_method: method.method,
  };
  emitPaymentIntentEvent(ctx, "payment_intent.payment_failed", intent);
}

export function cancelIntent(ctx: Context, record: PaymentIntentRecord, reason: string | undefined): void {
  const intent = record.intent;
  if (
    !["requires_payment_method", "requires_confirmation", "requires_action", "processing"].includes(
      intent.status,
    )
  ) {
    throw unexpectedState(
      "payment_intent",
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
    );
  }
  intent.status = "canceled";
  intent.canceled_at = unixSeconds(ctx.fake);
  intent.cancellation_reason = reason ?? null;
  intent.next_action = null;
  emitPaymentIntentEvent(ctx, "payment_intent.canceled", intent);
}
