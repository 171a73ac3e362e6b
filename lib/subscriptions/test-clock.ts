// The test clock (docs/payments.md, "Test and live organizations"): in a test organization,
// POST /v1/subscriptions/{id}/renew runs the subscription's next renewal now, so a merchant can see
// a renewal (its charge, order, events and emails, or dunning on a decline) without waiting a
// month. It is the scheduled renewal itself (./renewals.ts `renewSubscription`), run with its clock
// advanced to the period's end: the attempt is recorded and committed, the processor is called
// after commit, and the outcome is recorded in a second transaction, exactly as the job does.
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { renewalReference } from "./dunning";
import { renewSubscription } from "./renewals";
import { getSubscription } from "./read";

export const LIVE_TEST_CLOCK_REFUSAL =
  "The test clock runs only in a test organization: a live subscription renews when its period ends.";

export async function renewSubscriptionNow(
  db: Db,
  principal: Principal,
  subscriptionId: string,
  now = new Date(),
) {
  const subscription = foundOrThrow(
    await db.subscription.findFirst({
      where: { id: subscriptionId, ...tenantWhere(principal) },
      select: {
        status: true,
        current_period_end: true,
        organization: { select: { livemode: true } },
      },
    }),
  );
  if (subscription.organization.livemode) throw new ApiError("NotPermitted", LIVE_TEST_CLOCK_REFUSAL);
  const periodEnd = subscription.current_period_end;
  // The scheduled renewal renews active subscriptions and ends trials: a past-due one is in
  // dunning (its retries are scheduled), a canceled or unpaid one has ended.
  if (!["active", "trialing"].includes(subscription.status) || !periodEnd) {
    throw new ApiError(
      "ConflictError",
      `This subscription is ${subscription.status}: only an active or trialing subscription renews.`,
    );
  }
  const reference = renewalReference(subscriptionId, periodEnd.toISOString());
  if (await db.paymentAttempt.findUnique({ where: { reference }, select: { id: true } })) {
    throw new ApiError("ConflictError", "A renewal of this period is already in progress.");
  }
  // The clock advanced to the period's end (or now, when the period has ended already). A renewal
  // job that starts meanwhile meets the same payment attempt (one per period, under the
  // subscription's row lock): the period is charged once whoever runs it.
  const clock = periodEnd > now ? periodEnd : now;
  await renewSubscription(
    db,
    { subscription_id: subscriptionId, period_end: periodEnd.toISOString() },
    clock,
  );
  return getSubscription(db, principal, subscriptionId);
}
