// Order processing (docs/api.md §4): the job a confirmed checkout enqueues. In one transaction
// it creates the subscription (recurring prices), the order, the benefit grants and license keys,
// and moves the session to `succeeded`. Running it twice creates nothing twice: the session is
// locked and re-checked, and orders.checkout_id and subscriptions.checkout_id are unique.
// The order is numbered last but for what shows the number (./invoice-numbers.ts: the number's lock
// holds the organization's other purchases until COMMIT). The receipt and the webhook events come
// after it, the events in the order a merchant's handler wants them: subscription, order, grants and
// keys, then the session's own change.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { grantBenefits, priceWithBenefits } from "../benefits/grants";
import { Prisma, type CheckoutSession, type Order, type Subscription } from "../generated/prisma/client";
import { directSql } from "../db/direct";
import { insertRow } from "../db/row-writes";
import { lockRowForEvents } from "../webhooks/listeners";
import { emitGrantsCreated } from "../license-keys/grant-events";
import { emitCheckoutEvent } from "../checkout/events";
import { emitSubscriptionEvents } from "../subscriptions/events";
import { emitOrderEvents, newOrderEventTypes } from "./events";
import { releaseRedemption } from "../discounts/redemptions";
import { queueOrderReceipt, readReceiptOrder } from "./receipt-email";
import { pausePoint } from "../jobs/pause";
import type { JobHandler } from "../jobs/queue";
import { requestRefund } from "../payments/refunds";
import { addInterval } from "../subscriptions/periods";
import { scheduleTrialReminder } from "../subscriptions/trial-reminder";
import { numberOrder, unnumberedInvoice } from "./invoice-numbers";
import { queueAutomaticInvoice } from "../invoices/queue";

export const PROCESS_CHECKOUT_JOB = "checkout.process";

export type ProcessCheckoutPayload = { checkout_id: string };

export async function processCheckout(tx: Tx, checkoutId: string, now: Date): Promise<void> {
  // Also reads who listens to the organization's events (no statement of its own).
  const session = await lockRowForEvents<CheckoutSession>(tx, "checkout_sessions", checkoutId);
  // Already processed, or never confirmed: nothing to do, and not an error worth retrying.
  if (!session || session.status !== "confirmed") return;
  if (!session.customer_id) throw new Error(`Checkout ${checkoutId} is confirmed without a customer.`);
  // The price and the product's benefits in one statement.
  const price = await priceWithBenefits(tx, session.product_price_id);
  if (!price) throw new Error(`Checkout ${checkoutId}'s price ${session.product_price_id} does not exist.`);

  let subscription: Subscription | null = null;
  if (price.type === "recurring") {
    const interval = price.recurring_interval ?? "month";
    // A trial (its end fixed at confirm): `trialing` until then, when the first charge is made.
    const trialEnd = session.trial_end;
    // A discount that outlives the first period follows the subscription to its renewals; after a
    // trial, every discount does (its first paid period is a renewal).
    const keepsDiscount =
      session.discount_id && (trialEnd !== null || (await discountRecurs(tx, session.discount_id)));
    // Written out (lib/db/row-writes.ts): Prisma's create cost the server 0.65 ms of CPU here.
    subscription = await insertRow<Subscription>(tx, "subscriptions", {
      id: randomUUID(),
      created_at: now,
      organization_id: session.organization_id,
      amount: session.amount ?? price.price_amount ?? 0,
      currency: price.price_currency,
      recurring_interval: interval,
      status: trialEnd ? "trialing" : "active",
      current_period_start: now,
      current_period_end: trialEnd ?? addInterval(now, interval),
      started_at: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      customer_id: session.customer_id,
      product_id: session.product_id,
      price_id: price.id,
      discount_id: keepsDiscount ? session.discount_id : null,
      checkout_id: session.id,
      payment_processor: session.payment_processor,
      payment_method_ref: session.payment_method_ref,
    } satisfies Prisma.SubscriptionUncheckedCreateInput);
  }
  const subscriptionId = subscription?.id ?? null;

  const orderId = randomUUID();
  const unnumbered = await insertRow<Order>(tx, "orders", {
    id: orderId,
    // Numbered below, late: taking the number locks the organization until COMMIT.
    invoice_number: unnumberedInvoice(orderId),
    created_at: now,
    organization_id: session.organization_id,
    metadata: session.metadata ?? {},
    custom_field_data: session.custom_field_data ?? {},
    status: "paid",
    // The subtotal is after the discount and before tax (the tax is tax_amount). A trial's order
    // is free: its first charge is the renewal at the trial's end.
    amount: subscription?.trial_end ? 0 : (session.subtotal_amount ?? 0),
    discount_amount: subscription?.trial_end ? 0 : session.discount_amount,
    tax_amount: subscription?.trial_end ? 0 : (session.tax_amount ?? 0),
    reverse_charge: session.reverse_charge,
    currency: price.price_currency,
    billing_reason: subscriptionId ? "subscription_create" : "purchase",
    billing_address: session.customer_billing_address ?? undefined,
    product_price_type: price.type,
    customer_id: session.customer_id,
    product_id: session.product_id,
    product_price_id: price.id,
    discount_id: session.discount_id,
    subscription_id: subscriptionId,
    checkout_id: session.id,
  } satisfies Prisma.OrderUncheckedCreateInput);
  // For the crash test: a worker killed here must leave no order behind.
  await pausePoint("after-order");

  const grants = await grantBenefits(tx, price.product.product_benefits, {
    organizationId: session.organization_id,
    customerId: session.customer_id,
    productId: session.product_id,
    orderId,
    subscriptionId,
    now,
  });
  // Written out: Prisma's update returns the whole session row, which nothing here reads.
  await directSql(
    tx,
    Prisma.sql`
    UPDATE checkout_sessions
       SET status = 'succeeded', subscription_id = ${subscriptionId}::uuid, modified_at = ${now.toISOString()}::timestamp
     WHERE id = ${session.id}::uuid`,
  );
  // What the receipt shows, read before the number: from the number to COMMIT the organization's
  // other purchases wait for this one, so only the writes that show the number follow (the
  // receipt, the events) and the job's finish.
  const receipt = await readReceiptOrder(tx, orderId);
  if (!receipt) throw new Error(`Order ${orderId} vanished before its receipt.`);
  await queueAutomaticInvoice(tx, unnumbered, now, receipt.organization.invoice_automatically === true);
  const invoiceNumber = await numberOrder(tx, session.organization_id, orderId);
  const order = { ...unnumbered, invoice_number: invoiceNumber };
  await queueOrderReceipt(tx, { ...receipt, invoice_number: invoiceNumber }, now);

  if (subscription) {
    await scheduleTrialReminder(tx, subscription, now);
    await emitSubscriptionEvents(tx, null, subscription, now);
  }
  await emitOrderEvents(tx, newOrderEventTypes(order), order, now);
  await emitGrantsCreated(tx, session.organization_id, grants, now);
  await emitCheckoutEvent(tx, "checkout.updated", session, now);
}

async function discountRecurs(tx: Tx, discountId: string) {
  const discount = await tx.discount.findUnique({ where: { id: discountId }, select: { duration: true } });
  return discount?.duration === "forever" || discount?.duration === "repeating";
}

/**
 * Processing failed for good (a bug or corrupt data, since every check ran at confirm): the session
 * is `failed` with the reason, its discount redemption is released and the buyer's money returned
 * (the refund is recorded here and performed by a job after commit, retried until it goes through).
 */
export async function failCheckout(tx: Tx, checkoutId: string, reason: string, now: Date): Promise<void> {
  const session = await lockRowForEvents<CheckoutSession>(tx, "checkout_sessions", checkoutId);
  if (!session || session.status !== "confirmed") return;
  await tx.checkoutSession.update({
    where: { id: session.id },
    data: { status: "failed", failure_reason: reason.slice(0, 1000), modified_at: now },
  });
  await releaseRedemption(tx, session.id);
  if (session.payment_id && session.total_amount) {
    await requestRefund(
      tx,
      {
        organization_id: session.organization_id,
        processor: session.payment_processor,
        processor_payment_id: session.payment_id,
        amount: session.total_amount,
        currency: session.currency,
        checkout_id: session.id,
      },
      now,
    );
  }
  await emitCheckoutEvent(tx, "checkout.updated", session, now);
}

export const processCheckoutJob: JobHandler<ProcessCheckoutPayload> = {
  maxAttempts: 5,
  run: (tx, payload, ctx) => processCheckout(tx, payload.checkout_id, ctx.now),
  onPermanentFailure: (tx, payload, reason, ctx) =>
    failCheckout(tx, payload.checkout_id, `Order processing failed: ${reason}`, ctx.now),
};
