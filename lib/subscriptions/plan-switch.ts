// Moving a subscription to another product's price (docs/subscriptions.md "Plan changes"; when,
// and at what cost, is ./plan-change.ts's decision): the product, price and amount change, the
// benefits follow (lib/benefits/grants.ts `moveSubscriptionBenefits`), a discount limited to other
// products is dropped, a waiting change is cleared, and the events and the buyer's email go out.
// Also what a plan change's charge does once the processor answers. The caller holds the
// subscription's row lock (lockRowForEvents) and runs inside withDeferredWebhookEvents.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import type { PaymentAttempt, RecurringInterval, Subscription } from "../generated/prisma/client";
import { moveSubscriptionBenefits } from "../benefits/grants";
import { emitGrantsCreated, emitGrantsRevoked } from "../license-keys/grant-events";
import { emitOrderEvents, newOrderEventTypes } from "../orders/events";
import { numberOrder, unnumberedInvoice } from "../orders/invoice-numbers";
import { queueOrderReceipt, readReceiptOrder } from "../orders/receipt-email";
import { emitSubscriptionEvents } from "./events";
import { queuePlanChanged } from "./emails";
import { queueAutomaticInvoice } from "../invoices/queue";

export type PlanTarget = { productId: string; priceId: string; amount: number; interval: RecurringInterval };

/**
 * Moves the subscription to `target` now; `balance`: what the change adds to (or, negative, takes
 * off) the next renewal. A move to another billing interval counts the periods from `periodStart`
 * on (the renewal where it happens; a trial's end stays the anchor of a trialing subscription).
 */
export async function switchPlan(
  tx: Tx,
  subscription: Subscription,
  target: PlanTarget,
  balance: number,
  now: Date,
  periodStart?: Date,
): Promise<Subscription> {
  const newInterval = target.interval !== subscription.recurring_interval;
  let discountId = subscription.discount_id;
  if (discountId) {
    const limitedTo = await tx.discountProduct.findMany({
      where: { discount_id: discountId },
      select: { product_id: true },
    });
    if (limitedTo.length && !limitedTo.some((row) => row.product_id === target.productId)) discountId = null;
  }
  const after = await tx.subscription.update({
    where: { id: subscription.id },
    data: {
      product_id: target.productId,
      price_id: target.priceId,
      amount: target.amount,
      recurring_interval: target.interval,
      ...(newInterval && periodStart && { period_anchor_at: periodStart }),
      discount_id: discountId,
      proration_balance: { increment: balance },
      modified_at: now,
    },
  });
  await tx.subscriptionPendingUpdate.deleteMany({ where: { subscription_id: subscription.id } });
  const { granted, revoked } = await moveSubscriptionBenefits(tx, subscription, target.productId, now);
  await queuePlanChanged(tx, after, subscription.product_id, now);
  await emitSubscriptionEvents(tx, subscription, after, now);
  await emitGrantsRevoked(tx, subscription.organization_id, revoked, now);
  await emitGrantsCreated(tx, subscription.organization_id, granted, now);
  return after;
}

/**
 * The prices a subscription may move to on a product: its non-archived fixed (or free) recurring
 * prices in the subscription's currency, oldest first (`choosePlanPrice` picks one).
 */
export function planPrices(subscription: Pick<Subscription, "currency">) {
  return {
    where: {
      is_archived: false,
      type: "recurring" as const,
      price_currency: subscription.currency,
      amount_type: { in: ["fixed" as const, "free" as const] },
    },
    orderBy: [{ created_at: "asc" as const }, { id: "asc" as const }],
  };
}

type PlanPriceRow = { id: string; price_amount: number | null; recurring_interval: RecurringInterval | null };

/**
 * The price of the subscription's interval when the product has one (a plan change keeps the
 * interval when it can), else its first price of another interval (monthly to yearly); null: none.
 */
export function choosePlanPrice(
  prices: readonly PlanPriceRow[],
  subscription: Pick<Subscription, "recurring_interval">,
): Omit<PlanTarget, "productId"> | null {
  const price =
    prices.find((p) => p.recurring_interval === subscription.recurring_interval) ??
    prices.find((p) => p.recurring_interval !== null);
  if (!price) return null;
  return { priceId: price.id, amount: price.price_amount ?? 0, interval: price.recurring_interval! };
}

/** The plan change waiting for this renewal, applied before the period is priced; else as is. */
export async function applyPendingUpdate(
  tx: Tx,
  subscription: Subscription,
  periodEnd: Date,
  now: Date,
): Promise<Subscription> {
  const pending = await tx.subscriptionPendingUpdate.findUnique({
    where: { subscription_id: subscription.id },
    include: { product: { include: { prices: planPrices(subscription) } } },
  });
  if (!pending || pending.applies_at > periodEnd) return subscription;
  const price = choosePlanPrice(pending.product.prices, subscription);
  // The product lost its price (or was archived) since: the change cannot apply; it is dropped.
  if (!price || pending.product.is_archived) {
    await tx.subscriptionPendingUpdate.delete({ where: { id: pending.id } });
    return subscription;
  }
  // The new period starts at this renewal: another interval is counted from here.
  return switchPlan(tx, subscription, { productId: pending.product_id, ...price }, 0, now, periodEnd);
}

/** What a plan change's charge said: paid → its `subscription_update` order; else → the next renewal. */
export async function settlePlanChangeCharge(
  tx: Tx,
  subscription: Subscription,
  attempt: PaymentAttempt,
  terms: { subtotal_amount: number; tax_amount: number; reverse_charge?: boolean; billing_address: unknown },
  now: Date,
) {
  // Pending: its outcome comes later. Declined, or waiting for a buyer who is not there (off
  // session): not taken now, so the difference is charged with the next renewal instead.
  if (attempt.status === "pending") return;
  if (attempt.status !== "succeeded") {
    await tx.subscription.update({
      where: { id: subscription.id },
      data: { proration_balance: { increment: terms.subtotal_amount }, modified_at: now },
    });
    return;
  }
  const orderId = randomUUID();
  const unnumbered = await tx.order.create({
    data: {
      id: orderId,
      invoice_number: unnumberedInvoice(orderId),
      created_at: now,
      organization_id: subscription.organization_id,
      status: "paid",
      amount: terms.subtotal_amount,
      tax_amount: terms.tax_amount,
      reverse_charge: terms.reverse_charge ?? false,
      currency: subscription.currency,
      billing_reason: "subscription_update",
      billing_address: (terms.billing_address ?? undefined) as object | undefined,
      product_price_type: "recurring",
      customer_id: subscription.customer_id,
      product_id: subscription.product_id,
      product_price_id: subscription.price_id,
      subscription_id: subscription.id,
    },
  });
  await tx.paymentAttempt.update({ where: { id: attempt.id }, data: { order_id: orderId } });
  const receipt = await readReceiptOrder(tx, orderId);
  await queueAutomaticInvoice(tx, unnumbered, now, receipt?.organization.invoice_automatically);
  const number = await numberOrder(tx, subscription.organization_id, orderId);
  if (receipt) await queueOrderReceipt(tx, { ...receipt, invoice_number: number }, now);
  const order = { ...unnumbered, invoice_number: number };
  await emitOrderEvents(tx, newOrderEventTypes(order), order, now);
}
