// GET /v1/orders/{id}/timeline: what happened to one order, for the order page (docs/dashboard.md
// "The order page"): the license keys it issued, its payment attempts (the charge and its refunds,
// with the card when the processor's ref says it), and a timeline of its creation, payment, refunds,
// the emails sent about it and the webhook deliveries of events about it. Each part is bounded: an
// order has a handful of each, and the caps only guard against a pathological history.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { dateTime } from "../core/schemas";
import { foundOrThrow, inOrganizations } from "../core/tenancy";
import { displayKey } from "../core/license-key-format";
import { describePaymentMethodRef } from "../payments/card-description";

export const TIMELINE_LIMITS = { licenseKeys: 50, payments: 50, refunds: 50, emails: 50, deliveries: 100 };

export const orderLicenseKeySchema = z.object({
  id: z.string(),
  display_key: z.string(),
  status: z.enum(["granted", "revoked", "disabled"]),
  benefit_id: z.string(),
  expires_at: dateTime.nullable(),
  /** The subscription that governs the key's life (null: a one-time purchase). */
  subscription_id: z.string().nullable(),
});

export const orderPaymentSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  kind: z.enum(["charge", "setup", "renewal", "refund"]),
  status: z.enum(["pending", "requires_action", "succeeded", "failed"]),
  processor: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** The card, when the processor's ref of the payment method tells it (else null). */
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /** The processor's id of the payment (Stripe's pi_…, re_…), to find it in its dashboard. */
  processor_payment_id: z.string().nullable(),
  /** The processor's risk evaluation (Stripe: normal, elevated, highest) and outcome (authorized, issuer_declined, blocked…). */
  risk_level: z.string().nullable(),
  risk_outcome: z.string().nullable(),
  failure_reason: z.string().nullable(),
  resolved_at: dateTime.nullable(),
});

export const TIMELINE_ENTRY_TYPES = [
  "order_created",
  "order_paid",
  "refund",
  "email",
  "webhook_delivery",
] as const;

/** One thing that happened, oldest first; the fields that do not apply to its type are null. */
export const timelineEntrySchema = z.object({
  type: z.enum(TIMELINE_ENTRY_TYPES),
  at: dateTime,
  /** The refund's, email's or delivery's id (null for the order's own entries). */
  id: z.string().nullable(),
  /** The refund's, email's or delivery's status. */
  status: z.string().nullable(),
  /** Refunds: the amount given back. */
  amount: z.number().int().nullable(),
  /** Emails: the kind (`order_receipt`, …); deliveries: the event type (`order.paid`, …). */
  kind: z.string().nullable(),
  /** Emails: the subject. */
  subject: z.string().nullable(),
  /** Emails: `smtp` or `embedded` (kept here, not sent). */
  transport: z.string().nullable(),
  /** Emails and deliveries: the attempts made so far. */
  attempts: z.number().int().nullable(),
  /** Deliveries: the endpoint it goes to. */
  endpoint_id: z.string().nullable(),
});

export const orderTimelineSchema = z.object({
  order_id: z.string(),
  license_keys: z.array(orderLicenseKeySchema),
  payments: z.array(orderPaymentSchema),
  entries: z.array(timelineEntrySchema),
});
export type OrderTimeline = z.output<typeof orderTimelineSchema>;
type Entry = z.output<typeof timelineEntrySchema>;

const NO_DETAIL = {
  id: null,
  status: null,
  amount: null,
  kind: null,
  subject: null,
  transport: null,
  attempts: null,
  endpoint_id: null,
} satisfies Omit<Entry, "type" | "at">;

export async function getOrderTimeline(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<OrderTimeline> {
  const order = foundOrThrow(
    await db.order.findFirst({
      where: { id: orderId, ...inOrganizations(principal.organizationIds) },
      select: { id: true, organization_id: true, created_at: true, status: true, checkout_id: true },
    }),
    "Order not found.",
  );
  const scope = { organization_id: order.organization_id };
  const [keys, payments, refunds, emails, deliveries] = await Promise.all([
    db.licenseKey.findMany({
      where: { ...scope, benefit_grant: { order_id: order.id } },
      include: { benefit_grant: { select: { subscription_id: true } } },
      orderBy: [{ created_at: "asc" }, { id: "asc" }],
      take: TIMELINE_LIMITS.licenseKeys,
    }),
    db.paymentAttempt.findMany({
      where: {
        ...scope,
        OR: [{ order_id: order.id }, ...(order.checkout_id ? [{ checkout_id: order.checkout_id }] : [])],
      },
      orderBy: [{ created_at: "asc" }, { id: "asc" }],
      take: TIMELINE_LIMITS.payments,
    }),
    db.refund.findMany({
      where: { ...scope, order_id: order.id },
      orderBy: [{ created_at: "asc" }, { id: "asc" }],
      take: TIMELINE_LIMITS.refunds,
    }),
    db.email.findMany({
      where: { ...scope, order_id: order.id },
      orderBy: [{ created_at: "asc" }, { id: "asc" }],
      take: TIMELINE_LIMITS.emails,
    }),
    db.webhookDelivery.findMany({
      where: { ...scope, event: { order_id: order.id } },
      include: { event: { select: { type: true } } },
      orderBy: [{ created_at: "asc" }, { sequence: "asc" }],
      take: TIMELINE_LIMITS.deliveries,
    }),
  ]);

  const entries: Entry[] = [
    { type: "order_created", at: order.created_at, ...NO_DETAIL },
    // Orders are paid when they are created (lib/orders/events.ts).
    { type: "order_paid", at: order.created_at, ...NO_DETAIL },
    ...refunds.map((refund) => ({
      ...NO_DETAIL,
      type: "refund" as const,
      at: refund.created_at,
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
    })),
    ...emails.map((email) => ({
      ...NO_DETAIL,
      type: "email" as const,
      at: email.created_at,
      id: email.id,
      status: email.status,
      kind: email.kind,
      subject: email.subject,
      transport: email.transport,
      attempts: email.attempts,
    })),
    ...deliveries.map((delivery) => ({
      ...NO_DETAIL,
      type: "webhook_delivery" as const,
      at: delivery.created_at,
      id: delivery.id,
      status: delivery.status,
      kind: delivery.event.type,
      attempts: delivery.attempts,
      endpoint_id: delivery.endpoint_id,
    })),
  ];
  // Stable: entries of one instant keep the order above (created, paid, then what followed).
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());

  return {
    order_id: order.id,
    license_keys: keys.map((key) => ({
      id: key.id,
      display_key: displayKey(key.key),
      status: key.status,
      benefit_id: key.benefit_id,
      expires_at: key.expires_at,
      subscription_id: key.benefit_grant?.subscription_id ?? null,
    })),
    payments: payments.map((payment) => {
      // The card that paid, as the processor reported it; else what the saved card's ref says.
      const card = payment.card_last4
        ? { brand: payment.card_brand, last4: payment.card_last4 }
        : describePaymentMethodRef(payment.payment_method_ref);
      return {
        id: payment.id,
        created_at: payment.created_at,
        kind: payment.kind,
        status: payment.status,
        processor: payment.processor,
        amount: payment.amount,
        currency: payment.currency,
        card_brand: card?.brand ?? null,
        card_last4: card?.last4 ?? null,
        processor_payment_id: payment.processor_payment_id,
        risk_level: payment.risk_level,
        risk_outcome: payment.risk_outcome,
        failure_reason: payment.failure_reason,
        resolved_at: payment.resolved_at,
      };
    }),
    entries,
  };
}
