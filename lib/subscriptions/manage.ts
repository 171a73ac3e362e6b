// The merchant's changes to a subscription (PATCH and DELETE /v1/subscriptions/{id}): schedule the
// cancellation at the period's end (with the customer's reason), take it back while the period
// lasts, revoke (end now), or adjust its dates (./adjust.ts). Under the subscription's row lock, through the state machine
// (./lifecycle.ts), which checks the transition, emits the events and queues the buyer's email.
import type { Db, Tx } from "../db/client";
import type { Principal } from "../core/principal";
import type { Subscription } from "../generated/prisma/client";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { lockRowForEvents } from "../webhooks/listeners";
import { withDeferredWebhookEvents } from "../webhooks/emit";
import { revokeSubscription, scheduleCancellation, isEnded } from "./lifecycle";
import { ApiError } from "../core/errors";
import { getSubscription } from "./read";
import type { UpdateSubscriptionBody } from "./schemas";
import { changePlan } from "./plan-change";
import { adjustSubscription, type Adjustment } from "./adjust";
import { kickWorker } from "../jobs/runtime";

/** Locks the principal's subscription and reads it under the lock (another tenant's: 404). */
async function lockSubscription(tx: Tx, principal: Principal, subscriptionId: string): Promise<Subscription> {
  const visible = await tx.subscription.findFirst({
    where: { id: subscriptionId, ...tenantWhere(principal) },
    select: { id: true },
  });
  foundOrThrow(visible);
  // Also reads who listens to the organization's events (no statement of its own).
  await lockRowForEvents(tx, "subscriptions", subscriptionId);
  return tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
}

async function change(
  db: Db,
  principal: Principal,
  subscriptionId: string,
  apply: (tx: Tx, subscription: Subscription) => Promise<unknown>,
) {
  await db.$transaction((tx) =>
    withDeferredWebhookEvents(tx, async () => {
      const subscription = await lockSubscription(tx, principal, subscriptionId);
      await apply(tx, subscription);
    }),
  );
  return getSubscription(db, principal, subscriptionId);
}

function revoke(tx: Tx, subscription: Subscription, now: Date) {
  if (isEnded(subscription.status)) throw new ApiError("NotPermitted", "This subscription has ended.");
  return revokeSubscription(tx, subscription, now);
}

export async function updateSubscription(
  db: Db,
  principal: Principal,
  subscriptionId: string,
  body: UpdateSubscriptionBody,
  now = new Date(),
) {
  if ("product_id" in body) {
    await changePlan(db, { id: subscriptionId, ...tenantWhere(principal) }, body, now);
    return getSubscription(db, principal, subscriptionId);
  }
  // `revoke: null` beside `cancel_at_period_end` is a cancellation (./schemas.ts), not a revocation.
  if ("revoke" in body && body.revoke === true)
    return change(db, principal, subscriptionId, (tx, subscription) => revoke(tx, subscription, now));
  if ("cancel_at_period_end" in body) {
    return change(db, principal, subscriptionId, (tx, subscription) =>
      scheduleCancellation(
        tx,
        subscription,
        {
          cancel: body.cancel_at_period_end,
          reason: body.customer_cancellation_reason,
          comment: body.customer_cancellation_comment === "" ? null : body.customer_cancellation_comment,
        },
        now,
      ),
    );
  }
  const adjustment: Adjustment =
    "current_billing_period_end" in body
      ? { kind: "billing_period_end", at: body.current_billing_period_end }
      : "trial_end" in body
        ? { kind: "trial_end", at: body.trial_end }
        : { kind: "clear_pending_update" };
  let dueNow = false;
  const answer = await change(db, principal, subscriptionId, async (tx, subscription) => {
    dueNow = await adjustSubscription(tx, subscription, adjustment, now);
  });
  // A trial ended now: its first charge is the renewal job's, at once rather than at its next poll.
  if (dueNow) kickWorker();
  return answer;
}

export function deleteSubscription(db: Db, principal: Principal, subscriptionId: string, now = new Date()) {
  return change(db, principal, subscriptionId, (tx, subscription) => revoke(tx, subscription, now));
}
