// The Stripe events the app acts on (docs/payments.md, "Stripe"): the merchant enables these on the
// endpoint they add in Stripe. Others are stored and acknowledged, then left alone.
export const STRIPE_WEBHOOK_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.requires_action",
  "setup_intent.succeeded",
  "setup_intent.setup_failed",
  "charge.refunded",
  "refund.updated",
  "refund.failed",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "payment_method.automatically_updated",
] as const;

export type StripeWebhookEvent = (typeof STRIPE_WEBHOOK_EVENTS)[number];
