// Dunning (issue 13): a renewal that fails moves the subscription to `past_due` and is charged
// again on a schedule counted from that first failure (DUNNING_RETRY_DAYS, default after 1, 3, 5
// and 7 days). Each retry is a recorded payment attempt with its own reference (subscription,
// period, retry number), charged like the renewal: record and commit, call the processor outside
// any transaction, record the outcome (which ends in ./renewal-outcome.ts, whatever path reports
// it: this job, a processor notification or reconciliation). A retry that succeeds creates the
// period's `subscription_cycle` order and makes the subscription `active` again with its benefits;
// after the last failed retry it ends `unpaid` and its benefits are revoked. Every failure emails
// the buyer the next retry date (or that it was the last) and the link to update the card.
// The retry job itself is ./retry-job.ts (only the job registry imports it: a module the registry
// imports must not be the first one a route loads, or the registry would see it half-loaded).
import type { Db, Tx } from "../db/client";
import { dunningRetryDays } from "../config";
import { enqueueJob } from "../jobs/queue";
import { RETRY_RENEWAL_JOB } from "./job-names";
import { callProcessor, createPaymentAttempt } from "../payments/attempts";
import type { PaymentLookup } from "../payments/processor";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "../payments/outcomes";
import type { PaymentAttempt, Subscription } from "../generated/prisma/client";
import { changeStatus, endSubscription } from "./lifecycle";
import { queuePaymentFailed } from "./emails";
import { renewalAmounts } from "./renewal-amounts";
import type { RenewalTerms } from "./renewal-outcome";

export { RETRY_RENEWAL_JOB };
const DAY_MS = 24 * 60 * 60_000;

export type RetryPayload = {
  subscription_id: string;
  period_end: string;
  retry: number;
  dunning_started_at: string;
};

/** The reference of a period's charge: the renewal itself (retry 0) or its n-th retry. */
export function renewalReference(subscriptionId: string, periodEnd: string, retry = 0): string {
  const base = `renew:${subscriptionId}:${periodEnd}`;
  return retry === 0 ? base : `${base}:retry:${retry}`;
}

/** When retry `retry` (1-based) is due, or null when there is no such retry. */
export function retryDueAt(startedAt: Date, retry: number, days = dunningRetryDays()): Date | null {
  const day = days[retry - 1];
  return day === undefined ? null : new Date(startedAt.getTime() + day * DAY_MS);
}

/** A charge the processor was never asked for: there is no saved method to charge. */
const NO_PAYMENT_METHOD: PaymentLookup = {
  status: "declined",
  code: "no_payment_method",
  message: "No payment method is saved for this subscription.",
};

/**
 * Charges a renewal (or retry) attempt outside any transaction and records the outcome through
 * `outcomes` (./renewal-outcome.ts `renewalPaymentOutcomes`, passed in: that module imports this one).
 */
export async function chargeRenewalAttempt(
  db: Db,
  outcomes: PaymentOutcomeHandlers,
  attempt: PaymentAttempt,
  now: Date,
) {
  const result = attempt.payment_method_ref ? await callProcessor(db, attempt) : NO_PAYMENT_METHOD;
  return recordPaymentOutcome(db, outcomes, { attemptId: attempt.id }, result, now);
}

/**
 * A renewal, retry or new-card charge failed (the caller holds the subscription's row lock and
 * checked the attempt is for its current period). The renewal itself starts dunning; a retry
 * schedules the next one, or ends the subscription `unpaid` when it was the last. A charge with a
 * card the buyer just saved answers the buyer directly and changes no schedule.
 */
export async function handleFailedRenewal(
  tx: Tx,
  subscription: Subscription,
  attempt: PaymentAttempt,
  now: Date,
) {
  const terms = attempt.pending_changes as RenewalTerms;
  if (terms.trigger === "payment_method") return;
  const retry = terms.retry ?? 0;
  let current = subscription;
  let startedAt: Date;
  if (retry === 0 && (current.status === "active" || current.status === "trialing")) {
    current = await changeStatus(tx, current, "past_due", now);
    startedAt = now;
  } else if (retry > 0 && current.status === "past_due") {
    startedAt = new Date(terms.dunning_started_at ?? now);
  } else {
    return;
  }
  const nextAt = retryDueAt(startedAt, retry + 1);
  await queuePaymentFailed(tx, attempt, nextAt, now);
  if (!nextAt) {
    await endSubscription(tx, current, "unpaid", now, now);
    return;
  }
  const payload: RetryPayload = {
    subscription_id: current.id,
    period_end: terms.period_end,
    retry: retry + 1,
    dunning_started_at: startedAt.toISOString(),
  };
  await enqueueJob(tx, RETRY_RENEWAL_JOB, payload, {
    dedupeKey: renewalReference(current.id, terms.period_end, retry + 1),
    runAt: nextAt,
    now,
  });
}

/**
 * Records a charge of the subscription's unpaid period (a scheduled retry, or at once with a card
 * just saved) in the caller's transaction, which holds the row lock. Returns the attempt to charge,
 * or null when that reference was charged already.
 */
export async function createDunningAttempt(
  tx: Tx,
  subscription: Subscription,
  dunning: { reference: string; retry: number; startedAt: string; trigger: RenewalTerms["trigger"] },
  now: Date,
): Promise<PaymentAttempt | null> {
  const existing = await tx.paymentAttempt.findUnique({ where: { reference: dunning.reference } });
  if (existing) return existing.status === "pending" ? existing : null;
  const periodEnd = subscription.current_period_end!;
  const withDiscount = await tx.subscription.findUniqueOrThrow({
    where: { id: subscription.id },
    include: { discount: true },
  });
  const { amounts, discount, billingAddress, balanceApplied, reverseCharge, tax } = await renewalAmounts(
    tx,
    withDiscount,
    periodEnd,
  );
  const terms: RenewalTerms = {
    period_end: periodEnd.toISOString(),
    subtotal_amount: amounts.subtotal_amount,
    tax_amount: amounts.tax_amount,
    reverse_charge: reverseCharge,
    tax_behavior: tax.behavior,
    tax_basis_points: tax.basisPoints,
    discount_id: discount?.id ?? null,
    billing_address: billingAddress,
    balance_applied: balanceApplied,
    retry: dunning.retry,
    dunning_started_at: dunning.startedAt,
    trigger: dunning.trigger,
  };
  return createPaymentAttempt(
    tx,
    {
      organizationId: subscription.organization_id,
      kind: "renewal",
      amount: amounts.total_amount,
      currency: subscription.currency,
      processor: subscription.payment_processor ?? "test",
      subscriptionId: subscription.id,
      reference: dunning.reference,
      paymentMethodRef: subscription.payment_method_ref,
      pendingChanges: terms as unknown as object,
    },
    now,
  );
}
