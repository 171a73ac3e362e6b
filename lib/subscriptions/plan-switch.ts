// Moving a subscription to another product's price (docs/subscriptions.md "Plan changes"; when,
// and at what cost, is ./plan-change.ts's decision): the product, price and amount change, the
// benefits follow (lib/benefits/grants.ts `moveSubscriptionBenefits`), a discount limited to other
// products is dropped, a waiting change is cleared, and the events and the buyer's email go out.
// Also what a plan change's charge does once the processor answers. The caller holds the
// subscription's row lock (lockRowForEvents) and runs inside withDeferredWebhookEvents.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import type { PaymentAttempt, Subscription } from "../generated/prisma/client";
import { moveSubscriptionBenefits } from "../benefits/grants";
import { emitGrantsCreated, emitGrantsRevoked } from "../license-keys/grant-events";
import { emitOrderEvents, newOrderEventTypes } from "../orders/events";
import { numberOrder, unnumberedInvoice } from "../orders/invoice-numbers";
import { queueOrderReceipt, readReceiptOrder } from "../orders/receipt-email";
import { emitSubscriptionEvents } from "./events";
import { queuePlanChanged } from "./emails";

export type PlanTarget = { productId: string; priceId: string; amount: number };

/**
 * Moves the subscription to `target` now; `balance`: what the change adds to (or, negative, takes
 * off) the next renewal.
 */
export async function switchPlan(
  tx: Tx,
  subscription: Subscription,
  target: PlanTarget,
  balance: number,
  now: Date,
): Promise<Subscription> {
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
 * The price a subscription may move to on a product: the first non-archived fixed (or free) price
 * of its interval and currency (lib/subscriptions/plan-change.ts checks the same when asked).
 */
export function planPrice(subscription: Pick<Subscription, "recurring_interval" | "currency">) {
  return {
    where: {
      is_archived: false,
      type: "recurring" as const,
      recurring_interval: subscription.recurring_interval,
      price_currency: subscription.currency,
      amount_type: { in: ["fixed" as const, "free" as const] },
    },
    orderBy: { created_at: "asc" as const },
    take: 1,
  };
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
    include: {
      product: {
        include: {
          prices: planPrice(subscription),
        },
      },
    },
  });
  if (!pending || pending.applies_at > periodEnd) return subscription;
  const price = pending.product.prices[0];
  // The product lost its price (or was archived) since: the change cannot apply; it is dropped.
  if (!price || pending.product.is_archived) {
    await tx.subscriptionPendingUpdate.delete({ where: { id: pending.id } });
    return subscription;
  }
  return switchPlan(
    tx,
    subscription,
    { productId: pending.product_id, priceId: price.id, amount: price.price_amount ?? 0 },
    0,
    now,
  );
}

/** What a plan change's charge said: paid → its `subscription_update` order; else → the next renewal. */
export async function settlePlanChangeCharge(
  tx: Tx,
  subscription: Subscription,
  attempt: PaymentAttempt,
  terms: { subtotal_amount: number; tax_amount: number; billing_address: unknown },
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
  const number = await numberOrder(tx, subscription.organization_id, orderId);
  if (receipt) await queueOrderReceipt(tx, { ...receipt, invoice_number: number }, now);
  const order = { ...unnumbered, invoice_number: number };
  await emitOrderEvents(tx, newOrderEventTypes(order), order, now);
}
