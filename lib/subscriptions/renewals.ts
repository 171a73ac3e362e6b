// Renewals (contract section 4): a recurring scan finds active subscriptions whose period has
// ended and enqueues one renewal job per subscription and period. The renewal charges the saved
// payment method, creates a `subscription_cycle` order and advances the period; a declined charge
// (or no saved method) moves the subscription to `past_due`; a subscription set to cancel at the
// period's end is canceled instead and its benefits are revoked.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { revokeSubscriptionBenefits } from "../benefits/grants";
import { computeAmounts, taxBasisPointsFor } from "../checkout/amounts";
import { discountForAmounts } from "../checkout/pricing";
import { enqueueJob, type JobHandler } from "../jobs/queue";
import { paymentProcessor } from "../payments";
import type { Discount, Subscription } from "../generated/prisma/client";
import { nextPeriodEnd, periodsElapsed, type Interval } from "./periods";

export const SCAN_RENEWALS_JOB = "subscriptions.scan_renewals";
export const RENEW_SUBSCRIPTION_JOB = "subscription.renew";
const SCAN_BATCH = 500;

export type RenewPayload = { subscription_id: string; period_end: string };

/** One job per subscription and period: the dedupe key makes repeated scans harmless. */
function enqueueRenewal(tx: Tx, subscription: { id: string; current_period_end: Date }, now: Date) {
  const periodEnd = subscription.current_period_end.toISOString();
  return enqueueJob(
    tx,
    RENEW_SUBSCRIPTION_JOB,
    { subscription_id: subscription.id, period_end: periodEnd },
    { dedupeKey: `renew:${subscription.id}:${periodEnd}`, now },
  );
}

export async function scanRenewals(tx: Tx, now: Date): Promise<number> {
  const due = await tx.subscription.findMany({
    where: { status: "active", current_period_end: { lte: now } },
    select: { id: true, current_period_end: true },
    orderBy: { current_period_end: "asc" },
    take: SCAN_BATCH,
  });
  for (const subscription of due) {
    await enqueueRenewal(
      tx,
      { id: subscription.id, current_period_end: subscription.current_period_end! },
      now,
    );
  }
  return due.length;
}

/**
 * Whether a forever or repeating discount still applies to the period starting at `periodStart`:
 * `duration_in_months` counts calendar months from the start, whatever the billing interval.
 */
export function discountAppliesTo(
  discount: Pick<Discount, "duration" | "duration_in_months">,
  anchor: Date,
  periodStart: Date,
): boolean {
  if (discount.duration === "forever") return true;
  if (discount.duration !== "repeating") return false;
  const monthsElapsed = periodsElapsed(anchor, periodStart, "month");
  return monthsElapsed < (discount.duration_in_months ?? 0);
}

async function renewalAmounts(
  tx: Tx,
  subscription: Subscription & { discount: Discount | null },
  periodStart: Date,
) {
  const anchor = subscription.started_at ?? subscription.created_at;
  const discount =
    subscription.discount && discountAppliesTo(subscription.discount, anchor, periodStart)
      ? subscription.discount
      : null;
  const [customer, rates] = await Promise.all([
    tx.customer.findUnique({ where: { id: subscription.customer_id }, select: { billing_address: true } }),
    tx.taxRate.findMany({ where: { organization_id: subscription.organization_id } }),
  ]);
  const address = customer?.billing_address as { country?: string | null; state?: string | null } | null;
  const amounts = computeAmounts({
    price: {
      type: "recurring",
      amount_type: "fixed",
      price_amount: subscription.amount,
      preset_amount: null,
    },
    discount: discountForAmounts(discount),
    taxBasisPoints: taxBasisPointsFor(rates, address),
  });
  return { amounts, discount, billingAddress: customer?.billing_address ?? null };
}

export async function renewSubscription(tx: Tx, payload: RenewPayload, now: Date): Promise<void> {
  await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${payload.subscription_id}::uuid FOR UPDATE`;
  const subscription = await tx.subscription.findUnique({
    where: { id: payload.subscription_id },
    include: { discount: true },
  });
  const periodEnd = subscription?.current_period_end;
  // Renewed already, canceled, or past due since the job was queued: nothing to do.
  if (!subscription || !periodEnd || subscription.status !== "active") return;
  if (periodEnd.toISOString() !== payload.period_end || periodEnd > now) return;

  if (subscription.cancel_at_period_end) {
    await tx.subscription.update({
      where: { id: subscription.id },
      data: { status: "canceled", ended_at: periodEnd, modified_at: now },
    });
    await revokeSubscriptionBenefits(tx, subscription.id, now);
    return;
  }

  const { amounts, discount, billingAddress } = await renewalAmounts(tx, subscription, periodEnd);
  let paymentFailed = false;
  if (amounts.total_amount > 0) {
    if (!subscription.payment_method_ref) {
      paymentFailed = true;
    } else {
      const result = await paymentProcessor(subscription.payment_processor ?? undefined).chargePaymentMethod({
        amount: amounts.total_amount,
        currency: subscription.currency,
        paymentMethodRef: subscription.payment_method_ref,
        // If this transaction fails after the charge, the retried job gets the same payment back.
        idempotencyKey: `renew:${subscription.id}:${payload.period_end}`,
      });
      paymentFailed = result.status === "declined";
    }
  }
  if (paymentFailed) {
    await tx.subscription.update({
      where: { id: subscription.id },
      data: { status: "past_due", modified_at: now },
    });
    return;
  }

  const interval = subscription.recurring_interval as Interval;
  const anchor = subscription.started_at ?? subscription.created_at;
  const newEnd = nextPeriodEnd(anchor, periodEnd, interval);
  await tx.order.create({
    data: {
      id: randomUUID(),
      created_at: now,
      organization_id: subscription.organization_id,
      status: "paid",
      amount: amounts.subtotal_amount,
      tax_amount: amounts.tax_amount,
      currency: subscription.currency,
      billing_reason: "subscription_cycle",
      billing_address: billingAddress ?? undefined,
      product_price_type: "recurring",
      customer_id: subscription.customer_id,
      product_id: subscription.product_id,
      product_price_id: subscription.price_id,
      discount_id: discount?.id ?? null,
      subscription_id: subscription.id,
    },
  });
  await tx.subscription.update({
    where: { id: subscription.id },
    data: { current_period_start: periodEnd, current_period_end: newEnd, modified_at: now },
  });
  // Several periods behind (the server was down): the next one is due at once.
  if (newEnd <= now) await enqueueRenewal(tx, { id: subscription.id, current_period_end: newEnd }, now);
}

export const scanRenewalsJob: JobHandler = {
  repeatEveryMs: 60_000,
  run: async (tx, _payload, ctx) => {
    await scanRenewals(tx, ctx.now);
  },
};

export const renewSubscriptionJob: JobHandler<RenewPayload> = {
  maxAttempts: 8,
  run: (tx, payload, ctx) => renewSubscription(tx, payload, ctx.now),
};
