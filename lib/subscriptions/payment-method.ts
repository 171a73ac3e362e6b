// Updating a subscription's payment method (issue 13). PLACEHOLDER until the subscriptions work
// lands: that helper replaces the body; the signature stays (the customer portal calls it).
import type { Db } from "../db/client";
import type { Subscription } from "../generated/prisma/client";
import { ApiError } from "../core/errors";

/**
 * Saves the method made from `token` (the test processor's card form) for the subscription's
 * renewals; a `past_due` subscription is charged for its unpaid period at once and becomes
 * `active` when that succeeds. The caller has checked that the subscription is the buyer's.
 * Throws 400 PaymentError when the processor declines.
 */
export async function updateSubscriptionPaymentMethod(
  db: Db,
  subscriptionId: string,
  token: string,
  now: Date,
): Promise<Subscription> {
  void db;
  void subscriptionId;
  void token;
  void now;
  throw new ApiError("BadRequest", "Updating the payment method is not available yet.");
}
