// The merchant's adjustments of a subscription's dates and scheduled change (PATCH
// /v1/subscriptions/{id}, docs/subscriptions.md "Adjusting dates"): move the end of the current
// billing period (`current_billing_period_end`), set or end a trial (`trial_end`, or "now"), and
// drop a scheduled plan change (`pending_update: null`). Under the subscription's row lock (the
// caller's), never while a payment of the subscription is under way: its outcome is matched to
// the period it was made for (./renewal-outcome.ts), which must not move beneath it.
import type { Tx } from "../db/client";
import type { Subscription } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { UNRESOLVED_STATUSES } from "../payments/attempts";
import { emitSubscriptionEvents } from "./events";
import { isEnded } from "./lifecycle";
import { scheduleTrialReminder } from "./trial-reminder";

/** The furthest a period end or a trial may be moved: five years from now. */
export const MAX_ADJUSTMENT_MS = 5 * 366 * 24 * 60 * 60 * 1000;

export type Adjustment =
  | { kind: "billing_period_end"; at: Date }
  | { kind: "trial_end"; at: Date | "now" }
  | { kind: "clear_pending_update" };

const refuse = (message: string) => new ApiError("NotPermitted", message);

async function assertNoPaymentUnderWay(tx: Tx, subscription: Subscription): Promise<void> {
  const underWay = await tx.paymentAttempt.count({
    where: { subscription_id: subscription.id, status: { in: [...UNRESOLVED_STATUSES] } },
  });
  if (underWay) throw refuse("A payment of this subscription is under way: try again once it is settled.");
}

/** A date the period or trial may move to: in the future, within five years, its field named. */
function assertReachable(field: string, at: Date, now: Date): void {
  if (at <= now) throw ApiError.invalid(["body", field], "The date must be in the future.", at.toISOString());
  if (at.getTime() - now.getTime() > MAX_ADJUSTMENT_MS) {
    throw ApiError.invalid(["body", field], "The date must be within five years.", at.toISOString());
  }
}

/**
 * Applies the adjustment to a subscription locked by the caller's transaction (in
 * withDeferredWebhookEvents). True when the change is due at once: a trial ended "now" makes the
 * first charge due, which the renewal job takes (the caller kicks the worker after commit).
 */
export async function adjustSubscription(
  tx: Tx,
  subscription: Subscription,
  adjustment: Adjustment,
  now: Date,
): Promise<boolean> {
  if (isEnded(subscription.status)) throw refuse("This subscription has ended.");
  if (adjustment.kind === "clear_pending_update") {
    const { count } = await tx.subscriptionPendingUpdate.deleteMany({
      where: { subscription_id: subscription.id },
    });
    if (count) await touch(tx, subscription, {}, now);
    return false;
  }
  const periodEnd = subscription.current_period_end;
  if (!periodEnd || periodEnd <= now)
    throw refuse("The current period is being renewed: try again in a moment.");
  await assertNoPaymentUnderWay(tx, subscription);

  if (adjustment.kind === "billing_period_end") {
    if (subscription.status !== "active") {
      throw refuse(
        subscription.status === "trialing"
          ? "This subscription is in its trial: move the trial's end (trial_end) instead."
          : "Only an active subscription's billing period can be moved.",
      );
    }
    assertReachable("current_billing_period_end", adjustment.at, now);
    await moveEnd(tx, subscription, adjustment.at, {}, now);
    return false;
  }

  if (subscription.status !== "trialing") {
    throw refuse("Only a subscription in its trial can have its trial changed.");
  }
  if (adjustment.at === "now") {
    // The trial ends now: the first paid period starts, charged by the renewal job at once.
    await moveEnd(tx, subscription, now, { trial_end: now }, now);
    return true;
  }
  assertReachable("trial_end", adjustment.at, now);
  const after = await moveEnd(tx, subscription, adjustment.at, { trial_end: adjustment.at }, now);
  // The reminder of the old end finds the trial moved and sends nothing; this one is for the new end.
  await scheduleTrialReminder(tx, after, now);
  return false;
}

/** The period's end moved to `at`, with what ends with it: a scheduled cancellation, a plan change. */
async function moveEnd(
  tx: Tx,
  subscription: Subscription,
  at: Date,
  data: { trial_end?: Date },
  now: Date,
): Promise<Subscription> {
  await tx.subscriptionPendingUpdate.updateMany({
    where: { subscription_id: subscription.id },
    data: { applies_at: at, modified_at: now },
  });
  // The renewal day moves: the periods after it are counted from the new date.
  return touch(
    tx,
    subscription,
    {
      ...data,
      current_period_end: at,
      period_anchor_at: at,
      ...(subscription.cancel_at_period_end && { ends_at: at }),
    },
    now,
  );
}

async function touch(
  tx: Tx,
  subscription: Subscription,
  data: { trial_end?: Date; current_period_end?: Date; period_anchor_at?: Date; ends_at?: Date },
  now: Date,
): Promise<Subscription> {
  const after = await tx.subscription.update({
    where: { id: subscription.id },
    data: { ...data, modified_at: now },
  });
  await emitSubscriptionEvents(tx, subscription, after, now);
  return after;
}
