// The dunning retry job (`subscription.retry_renewal`, ./dunning.ts schedules it): one scheduled
// retry of a failed renewal. Imported by the job registry (and tests) only.
import type { Db, Tx } from "../db/client";
import type { JobHandler } from "../jobs/queue";
import type { PaymentAttempt } from "../generated/prisma/client";
import { lockRowForEvents } from "../webhooks/listeners";
import { endSubscription } from "./lifecycle";
import { chargeRenewalAttempt, createDunningAttempt, renewalReference, type RetryPayload } from "./dunning";
import { renewalPaymentOutcomes } from "./renewal-outcome";

async function startRetry(tx: Tx, payload: RetryPayload, now: Date): Promise<PaymentAttempt | null> {
  // Also reads who listens to the organization's events (no statement of its own).
  await lockRowForEvents(tx, "subscriptions", payload.subscription_id);
  const subscription = await tx.subscription.findUnique({ where: { id: payload.subscription_id } });
  // Paid meanwhile (a new card), ended, or another period: nothing left to retry.
  if (!subscription || subscription.status !== "past_due") return null;
  if (subscription.current_period_end?.toISOString() !== payload.period_end) return null;
  if (subscription.cancel_at_period_end) {
    // Canceled while unpaid: it ends now rather than being charged for a period it gives up.
    await endSubscription(tx, subscription, "canceled", now, now);
    return null;
  }
  return createDunningAttempt(
    tx,
    subscription,
    {
      reference: renewalReference(subscription.id, payload.period_end, payload.retry),
      retry: payload.retry,
      startedAt: payload.dunning_started_at,
      trigger: "schedule",
    },
    now,
  );
}

/** One scheduled retry: records its attempt and commits, charges, then records the outcome. */
export async function retryRenewal(
  db: Db,
  payload: RetryPayload,
  now: Date,
  assertHeld: (tx: Tx) => Promise<void> = async () => {},
): Promise<void> {
  const attempt = await db.$transaction(
    async (tx) => {
      await assertHeld(tx);
      return startRetry(tx, payload, now);
    },
    { maxWait: 20_000, timeout: 15_000 },
  );
  if (attempt) await chargeRenewalAttempt(db, renewalPaymentOutcomes, attempt, now);
}

export const retryRenewalJob: JobHandler<RetryPayload> = {
  maxAttempts: 8,
  ownsTransactions: true,
  run: (db, payload, ctx) => retryRenewal(db, payload, ctx.now, ctx.assertHeld),
};
