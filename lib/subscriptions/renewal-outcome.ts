// What a renewal's payment outcome does to the subscription: succeeded → the `subscription_cycle`
// order (with its receipt email) and the next period; declined (or waiting for the buyer) →
// `past_due` and dunning (./dunning.ts: the retries, then `unpaid`). The renewal job's
// own answer, the processor's later notification and reconciliation all end here. Each writes
// its webhook events (the order's, then the subscription's) after its last write.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { lockRowForEvents } from "../webhooks/listeners";
import { emitOrderEvents, newOrderEventTypes } from "../orders/events";
import { changeStatus } from "./lifecycle";
import type { PaymentAttempt, Subscription } from "../generated/prisma/client";
import { enqueueJob } from "../jobs/queue";
import { requestRefund } from "../payments/refunds";
import type { PaymentOutcomeHandlers } from "../payments/outcomes";
import { nextPeriodEnd, type Interval } from "./periods";
import { queueRenewalReceipt } from "./emails";
import { handleFailedRenewal } from "./dunning";
import { periodAnchor } from "./trial-terms";
import { settlePlanChangeCharge } from "./plan-switch";
import { numberOrder, unnumberedInvoice } from "../orders/invoice-numbers";
import { automaticInvoiceJob } from "../invoices/queue";

export const RENEW_SUBSCRIPTION_JOB = "subscription.renew";

/** The renewal's order, decided before the charge and kept on its attempt until it succeeds. */
export type RenewalTerms = {
  period_end: string;
  subtotal_amount: number;
  /** What the discount took off (absent in terms recorded before it was kept: 0). */
  discount_amount?: number;
  tax_amount: number;
  /** The EU reverse charge applied (no tax); absent in terms recorded before it existed: false. */
  reverse_charge?: boolean;
  /** The behaviour and rate applied (docs/tax.md); absent in terms recorded before: exclusive. */
  tax_behavior?: string;
  tax_basis_points?: number;
  discount_id: string | null;
  billing_address: unknown;
  /** Dunning: 0 (or absent) for the renewal itself, n for its n-th scheduled retry. */
  retry?: number;
  /** Dunning: when the renewal first failed; the retries are counted in days from it. */
  dunning_started_at?: string;
  /**
   * `payment_method`: charged at once with a method the buyer just saved (not a scheduled try);
   * `plan_change`: a plan change's prorated difference, charged at once (./plan-change.ts).
   */
  trigger?: "schedule" | "payment_method" | "plan_change";
  /** The plan-change balance this period's subtotal includes (taken off the balance when paid). */
  balance_applied?: number;
};

/** One job per subscription and period: the dedupe key makes repeated scans harmless. */
export function enqueueRenewal(tx: Tx, subscription: { id: string; current_period_end: Date }, now: Date) {
  const periodEnd = subscription.current_period_end.toISOString();
  return enqueueJob(
    tx,
    RENEW_SUBSCRIPTION_JOB,
    { subscription_id: subscription.id, period_end: periodEnd },
    { dedupeKey: `renew:${subscription.id}:${periodEnd}`, now },
  );
}

/** The period is paid: its order, the next period, and the next renewal at once when behind. */
export async function completeRenewal(
  tx: Tx,
  subscription: Subscription,
  terms: RenewalTerms,
  now: Date,
  /** The payment attempt that paid the period (none when nothing was due). */
  paidBy?: PaymentAttempt,
) {
  const periodEnd = new Date(terms.period_end);
  const interval = subscription.recurring_interval as Interval;
  const anchor = periodAnchor(subscription);
  const newEnd = nextPeriodEnd(anchor, periodEnd, interval);
  const orderId = randomUUID();
  const unnumbered = await tx.order.create({
    data: {
      id: orderId,
      // Numbered with the receipt, late: taking the number locks the organization until COMMIT
      // (lib/orders/invoice-numbers.ts).
      invoice_number: unnumberedInvoice(orderId),
      created_at: now,
      organization_id: subscription.organization_id,
      status: "paid",
      amount: terms.subtotal_amount,
      discount_amount: terms.discount_amount ?? 0,
      tax_amount: terms.tax_amount,
      reverse_charge: terms.reverse_charge ?? false,
      tax_behavior: terms.tax_behavior ?? "exclusive",
      tax_basis_points: terms.tax_basis_points ?? 0,
      currency: subscription.currency,
      billing_reason: "subscription_cycle",
      billing_address: (terms.billing_address ?? undefined) as object | undefined,
      product_price_type: "recurring",
      customer_id: subscription.customer_id,
      product_id: subscription.product_id,
      product_price_id: subscription.price_id,
      discount_id: terms.discount_id,
      subscription_id: subscription.id,
    },
  });
  // The charge names its order: a refund of the order finds the payment to give back by it.
  if (paidBy) await tx.paymentAttempt.update({ where: { id: paidBy.id }, data: { order_id: orderId } });
  if (terms.balance_applied) {
    await tx.subscription.update({
      where: { id: subscription.id },
      data: { proration_balance: { decrement: terms.balance_applied } },
    });
  }
  await changeStatus(tx, subscription, "active", now, {
    data: { current_period_start: periodEnd, current_period_end: newEnd },
    beforeEvents: async () => {
      // The receipt before the events: events are the transaction's last writes.
      const number = await numberOrder(
        tx,
        subscription.organization_id,
        orderId,
        automaticInvoiceJob(unnumbered, now),
      );
      const order = { ...unnumbered, invoice_number: number };
      await queueRenewalReceipt(tx, order, periodEnd, newEnd, now);
      await emitOrderEvents(tx, newOrderEventTypes(order), order, now);
    },
  });
  // Several periods behind (the server was down): the next one is due at once.
  if (newEnd <= now) await enqueueRenewal(tx, { id: subscription.id, current_period_end: newEnd }, now);
}

export async function settleRenewalAttempt(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void> {
  if (!attempt.subscription_id) return;
  // Also reads who listens to the organization's events (no statement of its own).
  await lockRowForEvents(tx, "subscriptions", attempt.subscription_id);
  const subscription = await tx.subscription.findUnique({ where: { id: attempt.subscription_id } });
  if (!subscription) return;
  const terms = attempt.pending_changes as RenewalTerms;
  if (terms.trigger === "plan_change") return settlePlanChangeCharge(tx, subscription, attempt, terms, now);
  const samePeriod = subscription.current_period_end?.toISOString() === terms.period_end;
  const renewable = samePeriod && ["active", "trialing", "past_due"].includes(subscription.status);
  switch (attempt.status) {
    case "succeeded":
      if (renewable) await completeRenewal(tx, subscription, terms, now, attempt);
      // The period moved on without this payment (it cannot happen through the renewal job, which
      // holds one attempt per period): the money goes back rather than pay for nothing.
      else if (attempt.processor_payment_id) await requestRefund(tx, attempt, now);
      return;
    case "failed":
    case "requires_action":
      // Off-session, a payment that needs the buyer is a failed renewal until they act.
      if (renewable) await handleFailedRenewal(tx, subscription, attempt, now);
      return;
    case "pending":
      return;
  }
}

/** Renewals' payment outcomes (lib/payments/outcomes.ts): a renewal or a dunning retry's charge. */
export const renewalPaymentOutcomes: PaymentOutcomeHandlers = { renewal: settleRenewalAttempt };
