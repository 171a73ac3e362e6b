// The emails of a subscription's life, queued in the transaction of the change they tell about
// (lib/email/queue.ts): one per event, by reference, so a change run twice emails once.
import { reverseChargeLines } from "../tax/reverse-charge";
import { receiptPdfUrl, receiptUrl } from "../receipts/links";
import type { Tx } from "../db/client";
import type { Order, PaymentAttempt, Subscription } from "../generated/prisma/client";
import { queueEmail } from "../email/queue";
import { portalUrl } from "../public-url";
import { subscriptionCanceled } from "../email/templates/subscription-canceled";
import { subscriptionEnded, type SubscriptionEndedData } from "../email/templates/subscription-ended";
import { subscriptionPaymentFailed } from "../email/templates/subscription-payment-failed";
import { subscriptionRenewalReceipt } from "../email/templates/subscription-renewal-receipt";
import { subscriptionPlanChanged } from "../email/templates/subscription-plan-changed";
import { resolveLocale } from "../i18n/locales";
import { translator } from "../i18n/translate";
import { localizedUrl } from "../i18n/links";

async function readParties(tx: Tx, subscriptionId: string) {
  return tx.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    select: {
      id: true,
      customer_id: true,
      recurring_interval: true,
      organization: {
        select: { id: true, name: true, email: true, slug: true, tax_id: true, tax_id_type: true },
      },
      customer: { select: { email: true, name: true, tax_id: true, locale: true } },
      product: { select: { name: true } },
    },
  });
}

type Parties = Awaited<ReturnType<typeof readParties>>;

/** The buyer's language (docs/i18n.md): the customer's, else English. */
const localeOf = (parties: Parties) => resolveLocale([parties.customer.locale]);

/** The portal, opening in the buyer's language. */
const portalOf = (parties: Parties) =>
  localizedUrl(portalUrl(parties.organization.slug), parties.customer.locale);

function envelope(parties: Parties, reference: string, now: Date, orderId: string | null = null) {
  return {
    organization: parties.organization,
    to: parties.customer.email,
    reference,
    related: { customerId: parties.customer_id, subscriptionId: parties.id, orderId },
    now,
  };
}

/** The receipt of a `subscription_cycle` order; `periodEnd`: the end of the period it paid. */
export async function queueRenewalReceipt(
  tx: Tx,
  order: Order,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
) {
  const parties = await readParties(tx, order.subscription_id!);
  return queueEmail(tx, {
    template: subscriptionRenewalReceipt,
    data: {
      locale: localeOf(parties),
      customerName: parties.customer.name,
      orderId: order.id,
      invoiceNumber: order.invoice_number,
      receiptUrl: receiptUrl(order.id),
      receiptPdfUrl: receiptPdfUrl(order.id),
      orderedAt: order.created_at,
      productName: parties.product.name,
      recurringInterval: parties.recurring_interval,
      currency: order.currency,
      amounts: { subtotal: order.amount, tax: order.tax_amount, total: order.amount + order.tax_amount },
      periodStart,
      periodEnd,
      portalUrl: portalOf(parties),
      reverseCharge: order.reverse_charge
        ? reverseChargeLines(
            {
              sellerVatId:
                parties.organization.tax_id_type === "eu_vat" ? (parties.organization.tax_id ?? null) : null,
              buyerVatId: parties.customer.tax_id,
            },
            translator(localeOf(parties)),
          )
        : null,
    },
    ...envelope(parties, `${subscriptionRenewalReceipt.kind}:${order.id}`, now, order.id),
  });
}

/** A declined renewal or retry; `nextRetryAt` null: it was the last attempt. */
export async function queuePaymentFailed(
  tx: Tx,
  attempt: PaymentAttempt,
  nextRetryAt: Date | null,
  now: Date,
) {
  const parties = await readParties(tx, attempt.subscription_id!);
  return queueEmail(tx, {
    template: subscriptionPaymentFailed,
    data: {
      locale: localeOf(parties),
      customerName: parties.customer.name,
      productName: parties.product.name,
      currency: attempt.currency,
      amount: attempt.amount,
      failureReason: attempt.failure_reason,
      nextRetryAt,
      updateUrl: portalOf(parties),
    },
    ...envelope(parties, `${subscriptionPaymentFailed.kind}:${attempt.id}`, now),
  });
}

/** A cancellation scheduled at the period's end (one email per scheduling). */
export async function queueSubscriptionCanceled(tx: Tx, subscription: Subscription, now: Date) {
  const parties = await readParties(tx, subscription.id);
  const endsAt = subscription.ends_at ?? subscription.current_period_end ?? now;
  return queueEmail(tx, {
    template: subscriptionCanceled,
    data: {
      locale: localeOf(parties),
      customerName: parties.customer.name,
      productName: parties.product.name,
      endsAt,
      portalUrl: portalOf(parties),
    },
    ...envelope(parties, `${subscriptionCanceled.kind}:${subscription.id}:${now.toISOString()}`, now),
  });
}

/** The subscription ended (once per subscription: an ended one never changes again). */
export async function queueSubscriptionEnded(
  tx: Tx,
  subscription: Subscription,
  cause: SubscriptionEndedData["cause"],
  now: Date,
) {
  const parties = await readParties(tx, subscription.id);
  return queueEmail(tx, {
    template: subscriptionEnded,
    data: {
      locale: localeOf(parties),
      customerName: parties.customer.name,
      productName: parties.product.name,
      endedAt: subscription.ended_at ?? now,
      cause,
      portalUrl: portalOf(parties),
    },
    ...envelope(parties, `${subscriptionEnded.kind}:${subscription.id}`, now),
  });
}

/** The subscription moved to another product (one email per change). */
export async function queuePlanChanged(
  tx: Tx,
  subscription: Subscription,
  previousProductId: string,
  now: Date,
) {
  const parties = await readParties(tx, subscription.id);
  const previous = await tx.product.findUniqueOrThrow({
    where: { id: previousProductId },
    select: { name: true },
  });
  return queueEmail(tx, {
    template: subscriptionPlanChanged,
    data: {
      locale: localeOf(parties),
      customerName: parties.customer.name,
      previousProductName: previous.name,
      productName: parties.product.name,
      amount: subscription.amount,
      currency: subscription.currency,
      recurringInterval: subscription.recurring_interval,
      portalUrl: portalOf(parties),
    },
    ...envelope(parties, `${subscriptionPlanChanged.kind}:${subscription.id}:${now.toISOString()}`, now),
  });
}
