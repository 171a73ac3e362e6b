// subscription.* events: `data` is the subscription as GET /v1/subscriptions/{id} returns it.
// Which events a change makes is decided by comparing the subscription before and after it:
// - created: a new subscription (followed by active when it starts active);
// - updated: any change of an existing one (a renewal's new period, past_due, cancellation);
// - active: it became active (created active, or a past_due one paid again);
// - canceled: a cancellation was scheduled (cancel_at_period_end set) or it ended canceled; a
//   scheduled cancellation therefore sends it twice: when scheduled and when the period ends;
// - uncanceled: a scheduled cancellation was taken back before the period ended;
// - revoked: it ended (canceled at the period's end, revoked now, or unpaid after the last dunning
//   retry): its benefits are revoked with it, as the reference API's event means.
import type { Tx } from "../db/client";
import type { Subscription } from "../generated/prisma/client";
import type { WebhookEventType } from "../webhooks/event-types";
import { emitResourceEvents, organizationPrincipal } from "../webhooks/resource-events";
import { getSubscription, subscriptionWithRelationsSchema } from "./read";

// The ended statuses (lifecycle.ts ENDED_STATUSES; not imported: lifecycle.ts imports this file).
const ENDED: readonly Subscription["status"][] = ["canceled", "unpaid", "incomplete_expired"];

export type SubscriptionState = Pick<
  Subscription,
  "id" | "organization_id" | "status" | "cancel_at_period_end"
>;

export function subscriptionEventTypes(
  before: SubscriptionState | null,
  after: Pick<SubscriptionState, "status" | "cancel_at_period_end">,
): WebhookEventType[] {
  if (!before)
    return after.status === "active"
      ? ["subscription.created", "subscription.active"]
      : ["subscription.created"];
  const types: WebhookEventType[] = ["subscription.updated"];
  if (after.status === "active" && before.status !== "active") types.push("subscription.active");
  const ended = after.status === "canceled" && before.status !== "canceled";
  const scheduled = after.cancel_at_period_end && !before.cancel_at_period_end;
  if (ended || scheduled) types.push("subscription.canceled");
  const live = !ENDED.includes(after.status);
  if (live && before.cancel_at_period_end && !after.cancel_at_period_end)
    types.push("subscription.uncanceled");
  if (!live && !ENDED.includes(before.status)) types.push("subscription.revoked");
  return types;
}

/** Emits the events of the change from `before` (null: created) to `after`. */
export function emitSubscriptionEvents(
  tx: Tx,
  before: SubscriptionState | null,
  after: SubscriptionState,
  now?: Date,
) {
  return emitResourceEvents(tx, {
    organizationId: after.organization_id,
    types: subscriptionEventTypes(before, after),
    schema: subscriptionWithRelationsSchema,
    read: () => getSubscription(tx, organizationPrincipal(after.organization_id), after.id),
    now,
  });
}
