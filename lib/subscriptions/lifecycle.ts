// The subscription state machine (issue 13), enforced here and only here: every change of a
// subscription's status or of its scheduled cancellation goes through these functions, which check
// the transition, write it, take back the benefits of a subscription that ended and emit its events.
//
//   active   → past_due   a renewal failed (dunning retries it)
//   past_due → active     a retry, or a payment with a new method, succeeded
//   past_due → unpaid     the last retry failed
//   active   → canceled   the period ended with cancel_at_period_end
//   any live → canceled   revoked: ends at once
//
// Ending (canceled, unpaid) revokes the subscription's grants and their license keys; a recovered
// subscription keeps them. The buyer's emails of these changes (a cancellation scheduled, the end)
// are queued here too, so every path that makes the change tells the buyer.
import type { Tx } from "../db/client";
import type { Subscription } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { revokeSubscriptionBenefits } from "../benefits/grants";
import { emitGrantsRevoked } from "../license-keys/grant-events";
import { emitSubscriptionEvents } from "./events";
import { subscriptionSchema } from "./schemas";
import { queueSubscriptionCanceled, queueSubscriptionEnded } from "./emails";

export type SubscriptionStatus = Subscription["status"];
export type CancellationReason = NonNullable<Subscription["customer_cancellation_reason"]>;
export const CANCELLATION_REASONS = subscriptionSchema.shape.customer_cancellation_reason.unwrap().options;

/** The statuses a subscription may move to from each status. Ended statuses go nowhere. */
const TRANSITIONS: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  incomplete: ["active", "incomplete_expired", "canceled"],
  incomplete_expired: [],
  trialing: ["active", "past_due", "canceled"],
  active: ["past_due", "canceled"],
  past_due: ["active", "unpaid", "canceled"],
  canceled: [],
  unpaid: [],
};

/** Statuses that are over: no renewal, no benefits, no further change. */
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ["canceled", "unpaid", "incomplete_expired"];

export function canTransition(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isEnded(status: SubscriptionStatus): boolean {
  return ENDED_STATUSES.includes(status);
}

function assertTransition(subscription: Subscription, to: SubscriptionStatus) {
  if (!canTransition(subscription.status, to)) {
    throw new ApiError(
      "NotPermitted",
      isEnded(subscription.status)
        ? "This subscription has ended."
        : `A ${subscription.status} subscription cannot become ${to}.`,
    );
  }
}

/**
 * Moves a live subscription to another live status (active ↔ past_due). The caller holds the row
 * lock (lockRowForEvents) and passes the row it read under it.
 */
export async function changeStatus(
  tx: Tx,
  subscription: Subscription,
  to: "active" | "past_due",
  now: Date,
  options: {
    data?: Partial<Pick<Subscription, "current_period_start" | "current_period_end">>;
    /** Runs after the write and before the subscription's events (a renewal's order events). */
    beforeEvents?: () => Promise<void>;
  } = {},
): Promise<Subscription> {
  if (subscription.status !== to) assertTransition(subscription, to);
  const after = await tx.subscription.update({
    where: { id: subscription.id },
    data: { ...options.data, status: to, modified_at: now },
  });
  await options.beforeEvents?.();
  await emitSubscriptionEvents(tx, subscription, after, now);
  return after;
}

/**
 * Schedules the cancellation at the end of the current period (`cancel: true`), or takes a
 * scheduled one back (`cancel: false`) while the period lasts. Asking for what is already so
 * changes nothing (no event).
 */
export async function scheduleCancellation(
  tx: Tx,
  subscription: Subscription,
  input: { cancel: boolean; reason?: CancellationReason | null; comment?: string | null },
  now: Date,
): Promise<Subscription> {
  if (isEnded(subscription.status)) throw new ApiError("NotPermitted", "This subscription has ended.");
  // Past the period's end the cancellation is being carried out (the renewal job ends it).
  const periodOver = !!subscription.current_period_end && subscription.current_period_end <= now;
  if (!input.cancel && subscription.cancel_at_period_end && periodOver) {
    throw new ApiError("NotPermitted", "The period has ended: the cancellation can no longer be taken back.");
  }
  const reasonGiven = input.reason !== undefined || input.comment !== undefined;
  if (subscription.cancel_at_period_end === input.cancel && !reasonGiven) return subscription;
  const after = await tx.subscription.update({
    where: { id: subscription.id },
    data: input.cancel
      ? {
          cancel_at_period_end: true,
          canceled_at: subscription.cancel_at_period_end ? subscription.canceled_at : now,
          ends_at: subscription.current_period_end,
          ...(input.reason !== undefined && { customer_cancellation_reason: input.reason }),
          ...(input.comment !== undefined && { customer_cancellation_comment: input.comment }),
          modified_at: now,
        }
      : {
          cancel_at_period_end: false,
          canceled_at: null,
          ends_at: null,
          customer_cancellation_reason: null,
          customer_cancellation_comment: null,
          modified_at: now,
        },
  });
  // The email before the events: events are the transaction's last writes (lib/webhooks/emit.ts).
  if (after.cancel_at_period_end && !subscription.cancel_at_period_end) {
    await queueSubscriptionCanceled(tx, after, now);
  }
  if (after.cancel_at_period_end !== subscription.cancel_at_period_end || reasonGiven) {
    await emitSubscriptionEvents(tx, subscription, after, now);
  }
  return after;
}

/**
 * Ends the subscription: `canceled` (its period ran out with a scheduled cancellation, or it was
 * revoked) or `unpaid` (dunning gave up). Revokes its grants and their license keys.
 */
export async function endSubscription(
  tx: Tx,
  subscription: Subscription,
  to: "canceled" | "unpaid",
  endedAt: Date,
  now: Date,
  options: { revoked?: boolean } = {},
): Promise<Subscription> {
  assertTransition(subscription, to);
  const after = await tx.subscription.update({
    where: { id: subscription.id },
    data: {
      status: to,
      ended_at: endedAt,
      ends_at: endedAt,
      canceled_at: subscription.canceled_at ?? now,
      modified_at: now,
    },
  });
  const revoked = await revokeSubscriptionBenefits(tx, subscription.id, now);
  await queueSubscriptionEnded(tx, after, options.revoked ? "revoked" : to, now);
  await emitSubscriptionEvents(tx, subscription, after, now);
  await emitGrantsRevoked(tx, subscription.organization_id, revoked, now);
  return after;
}

/** Revocation: ends the subscription now, whatever its period. */
export function revokeSubscription(tx: Tx, subscription: Subscription, now: Date): Promise<Subscription> {
  return endSubscription(tx, subscription, "canceled", now, now, { revoked: true });
}
