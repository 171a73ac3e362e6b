// Renewals (docs/api.md §4): a recurring scan finds active subscriptions whose period has
// ended and enqueues one renewal job per subscription and period. The renewal charges the saved
// payment method, creates a `subscription_cycle` order and advances the period; a declined charge
// (or no saved method) moves the subscription to `past_due` and starts dunning (./dunning.ts); a
// subscription set to cancel at the period's end is canceled instead and its benefits revoked. The charge is made outside any
// transaction: the job records a payment attempt (one per subscription and period) and commits,
// charges, then records the outcome (./renewal-outcome.ts) in a second transaction.
import type { Db, Tx } from "../db/client";
import { lockRowForEvents } from "../webhooks/listeners";
import type { JobHandler } from "../jobs/queue";
import { createPaymentAttempt } from "../payments/attempts";
import { chargeRenewalAttempt, renewalReference } from "./dunning";
import type { Discount, PaymentAttempt, Subscription } from "../generated/prisma/client";
import { applyPendingUpdate } from "./plan-switch";
import { renewalAmounts } from "./renewal-amounts";
import { endSubscription } from "./lifecycle";
import {
  completeRenewal,
  enqueueRenewal,
  RENEW_SUBSCRIPTION_JOB,
  renewalPaymentOutcomes,
  type RenewalTerms,
} from "./renewal-outcome";

export { RENEW_SUBSCRIPTION_JOB };
export { discountAppliesTo } from "./renewal-amounts";
export const SCAN_RENEWALS_JOB = "subscriptions.scan_renewals";
const SCAN_BATCH = 500;

export type RenewPayload = { subscription_id: string; period_end: string };

/** Renewed at the period's end: an active subscription, and one whose trial ends (its first charge). */
const RENEWING: readonly string[] = ["active", "trialing"];

export async function scanRenewals(tx: Tx, now: Date): Promise<number> {
  const due = await tx.subscription.findMany({
    where: { status: { in: ["active", "trialing"] }, current_period_end: { lte: now } },
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
 * First transaction of a renewal: decides what the period costs and records the payment attempt,
 * or settles the period at once when no charge is needed. Returns the attempt to charge, if any.
 */
async function startRenewal(tx: Tx, payload: RenewPayload, now: Date): Promise<PaymentAttempt | null> {
  // Also reads who listens to the organization's events (no statement of its own).
  await lockRowForEvents(tx, "subscriptions", payload.subscription_id);
  const subscription = await tx.subscription.findUnique({
    where: { id: payload.subscription_id },
    include: { discount: true },
  });
  const periodEnd = subscription?.current_period_end;
  // Renewed already, canceled, or past due since the job was queued: nothing to do.
  if (!subscription || !periodEnd || !RENEWING.includes(subscription.status)) return null;
  if (periodEnd.toISOString() !== payload.period_end || periodEnd > now) return null;

  if (subscription.cancel_at_period_end) {
    await endSubscription(tx, subscription, "canceled", periodEnd, now);
    return null;
  }

  // A run after a crash finds the attempt of this period and charges with the same key again.
  const reference = renewalReference(subscription.id, payload.period_end);
  const existing = await tx.paymentAttempt.findUnique({ where: { reference } });
  if (existing) return existing.status === "pending" ? existing : null;

  // A plan change waiting for this renewal applies first: the period is the new product's.
  const switched = await applyPendingUpdate(tx, subscription, periodEnd, now);
  if (switched !== subscription) {
    return startRenewalPriced(tx, { ...switched, discount: await discountOf(tx, switched) }, payload, now);
  }
  return startRenewalPriced(tx, subscription, payload, now);
}

async function discountOf(tx: Tx, subscription: Subscription) {
  return subscription.discount_id
    ? tx.discount.findUnique({ where: { id: subscription.discount_id } })
    : null;
}

/** Prices the period and records its attempt (or settles it at once when nothing is due). */
async function startRenewalPriced(
  tx: Tx,
  subscription: Subscription & { discount: Discount | null },
  payload: RenewPayload,
  now: Date,
): Promise<PaymentAttempt | null> {
  const periodEnd = subscription.current_period_end!;
  const reference = renewalReference(subscription.id, payload.period_end);
  const { amounts, discount, billingAddress, balanceApplied, reverseCharge, tax } = await renewalAmounts(
    tx,
    subscription,
    periodEnd,
  );
  const terms: RenewalTerms = {
    period_end: payload.period_end,
    subtotal_amount: amounts.subtotal_amount,
    discount_amount: amounts.discount_amount,
    tax_amount: amounts.tax_amount,
    reverse_charge: reverseCharge,
    tax_behavior: tax.behavior,
    tax_basis_points: tax.basisPoints,
    discount_id: discount?.id ?? null,
    billing_address: billingAddress,
    balance_applied: balanceApplied,
  };
  if (amounts.total_amount <= 0) {
    await completeRenewal(tx, subscription, terms, now);
    return null;
  }
  // Without a saved method the attempt is recorded all the same and fails without a call: the
  // renewal fails like a declined card and dunning starts (the buyer may add a card meanwhile).
  return createPaymentAttempt(
    tx,
    {
      organizationId: subscription.organization_id,
      kind: "renewal",
      amount: amounts.total_amount,
      currency: subscription.currency,
      processor: subscription.payment_processor ?? "test",
      subscriptionId: subscription.id,
      reference,
      paymentMethodRef: subscription.payment_method_ref,
      pendingChanges: terms as unknown as object,
    },
    now,
  );
}

/** Records the attempt and commits, charges outside any transaction, then records the outcome. */
export async function renewSubscription(
  db: Db,
  payload: RenewPayload,
  now: Date,
  assertHeld: (tx: Tx) => Promise<void> = async () => {},
): Promise<void> {
  const attempt = await db.$transaction(
    async (tx) => {
      await assertHeld(tx);
      return startRenewal(tx, payload, now);
    },
    { maxWait: 20_000, timeout: 15_000 },
  );
  if (attempt) await chargeRenewalAttempt(db, renewalPaymentOutcomes, attempt, now);
}

export const scanRenewalsJob: JobHandler = {
  repeatEveryMs: 60_000,
  run: async (tx, _payload, ctx) => {
    await scanRenewals(tx, ctx.now);
  },
};

export const renewSubscriptionJob: JobHandler<RenewPayload> = {
  maxAttempts: 8,
  ownsTransactions: true,
  run: (db, payload, ctx) => renewSubscription(db, payload, ctx.now, ctx.assertHeld),
};
