// Taking back what an order granted, for a refund that asks for it (./settle.ts) and for a
// dispute that was lost, or opened in an organization that revokes at once (lib/disputes/).
// Safe to call twice: an ended subscription and revoked grants are left as they are.
import type { Tx } from "../db/client";
import type { Order, Subscription } from "../generated/prisma/client";
import { emitGrantsRevoked } from "../license-keys/grant-events";
import { revokeOrderBenefits } from "../benefits/grants";
import { isEnded, revokeSubscription } from "../subscriptions/lifecycle";
import { lockRowForEvents } from "../webhooks/listeners";

/**
 * Takes back what the order granted: its subscription (revoked, with its grants), then its own
 * grants, with their events. The caller holds the order's row lock.
 */
export async function revokeOrderAccess(tx: Tx, order: Order, now: Date): Promise<void> {
  if (order.subscription_id) {
    const subscription = await lockRowForEvents<Subscription>(tx, "subscriptions", order.subscription_id);
    if (subscription && !isEnded(subscription.status)) await revokeSubscription(tx, subscription, now);
  }
  const grants = await revokeOrderBenefits(tx, order.id, now);
  await emitGrantsRevoked(tx, order.organization_id, grants, now);
}
