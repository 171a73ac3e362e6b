// Events of the Stripe fake, typed with the stripe package's own event types: each emitter takes the
// object its event types carry, so a package upgrade that changes an event's shape fails tsc.
import type Stripe from "stripe";
import { FAKE_API_VERSION, newId, unixSeconds, type Context } from "./state";

function envelope(ctx: Context) {
  return {
    id: newId("evt"),
    object: "event" as const,
    api_version: FAKE_API_VERSION,
    created: unixSeconds(ctx.fake),
    livemode: ctx.store.account.livemode,
    pending_webhooks: 1,
    request: ctx.cause
      ? { id: ctx.cause.requestId, idempotency_key: ctx.cause.idempotencyKey }
      : { id: null, idempotency_key: null },
  } satisfies Omit<Stripe.EventBase, "type" | "data">;
}

function emit(ctx: Context, event: Stripe.Event): Stripe.Event {
  ctx.store.events.set(event.id, event);
  ctx.fake.events.push(event);
  for (const listener of ctx.fake.listeners) {
    // A listener's failure (a webhook receiver that is down) is the test's business, not the fake's.
    Promise.resolve()
      .then(() => listener(event))
      .catch(() => undefined);
  }
  return event;
}

/** A snapshot: later changes to the object do not rewrite the event, as with Stripe. */
function snapshot<T>(object: T): T {
  return structuredClone(object);
}

export function emitPaymentIntentEvent(
  ctx: Context,
  type:
    | "payment_intent.succeeded"
    | "payment_intent.payment_failed"
    | "payment_intent.requires_action"
    | "payment_intent.processing"
    | "payment_intent.canceled",
  intent: Stripe.PaymentIntent,
): Stripe.Event {
  const event: Stripe.Event = { ...envelope(ctx), type, data: { object: snapshot(intent) } };
  return emit(ctx, event);
}

export function emitSetupIntentEvent(
  ctx: Context,
  type: "setup_intent.succeeded" | "setup_intent.setup_failed" | "setup_intent.requires_action",
  intent: Stripe.SetupIntent,
): Stripe.Event {
  const event: Stripe.Event = { ...envelope(ctx), type, data: { object: snapshot(intent) } };
  return emit(ctx, event);
}

export function emitChargeRefunded(
  ctx: Context,
  charge: Stripe.Charge,
  previous: Partial<Stripe.Charge>,
): Stripe.Event {
  const event: Stripe.ChargeRefundedEvent = {
    ...envelope(ctx),
    type: "charge.refunded",
    data: { object: snapshot(charge), previous_attributes: previous },
  };
  return emit(ctx, event);
}

export function emitRefundEvent(
  ctx: Context,
  type: "refund.created" | "refund.updated" | "refund.failed",
  refund: Stripe.Refund,
  previous?: Partial<Stripe.Refund>,
): Stripe.Event {
  const event: Stripe.Event = {
    ...envelope(ctx),
    type,
    data: { object: snapshot(refund), ...(previous ? { previous_attributes: previous } : {}) },
  };
  return emit(ctx, event);
}

export function emitDisputeEvent(
  ctx: Context,
  type: "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed",
  dispute: Stripe.Dispute,
  previous?: Partial<Stripe.Dispute>,
): Stripe.Event {
  const event: Stripe.Event = {
    ...envelope(ctx),
    type,
    data: { object: snapshot(dispute), ...(previous ? { previous_attributes: previous } : {}) },
  };
  return emit(ctx, event);
}

export function emitPaymentMethodUpdated(
  ctx: Context,
  method: Stripe.PaymentMethod,
  previous: Partial<Stripe.PaymentMethod>,
): Stripe.Event {
  const event: Stripe.PaymentMethodAutomaticallyUpdatedEvent = {
    ...envelope(ctx),
    type: "payment_method.automatically_updated",
    data: { object: snapshot(method), previous_attributes: previous },
  };
  return emit(ctx, event);
}
