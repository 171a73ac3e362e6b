// Updating a subscription's payment method (issue 13; the customer portal calls it). The card is
// saved through a recorded `setup` attempt: recorded and committed, the processor called outside
// any transaction, the answer recorded (a crash in between is reconciled like any attempt). A
// declined card changes nothing else. A saved card replaces the subscription's method for its
// renewals; a `past_due` subscription is then charged for its unpaid period at once through the
// dunning machinery (./dunning.ts), and is `active` again when that succeeds.
import type { Db, Tx } from "../db/client";
import type { PaymentAttempt, Subscription } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { callProcessor, createPaymentAttempt } from "../payments/attempts";
import { defaultPaymentProcessorName } from "../payments/index";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "../payments/outcomes";
import { lockRowForEvents } from "../webhooks/listeners";
import { emitSubscriptionEvents } from "./events";
import { isEnded } from "./lifecycle";
import { chargeRenewalAttempt, createDunningAttempt, renewalReference } from "./dunning";
import { renewalPaymentOutcomes } from "./renewal-outcome";

// The card setup of a subscription pays for nothing by itself (it belongs to no checkout): its
// outcome is only recorded on the attempt, which saveMethod then reads.
const cardSetupOutcomes: PaymentOutcomeHandlers = { setup: async () => {} };

const TRANSACTION = { maxWait: 20_000, timeout: 15_000 };

/** Locks and reads the subscription; an ended one takes no new method. */
async function lockLiveSubscription(tx: Tx, subscriptionId: string): Promise<Subscription> {
  await lockRowForEvents(tx, "subscriptions", subscriptionId);
  const subscription = await tx.subscription.findUnique({ where: { id: subscriptionId } });
  if (!subscription) throw ApiError.notFound();
  if (isEnded(subscription.status)) throw new ApiError("NotPermitted", "This subscription has ended.");
  return subscription;
}

async function startSetup(tx: Tx, subscriptionId: string, now: Date) {
  const subscription = await lockLiveSubscription(tx, subscriptionId);
  const customer = await tx.customer.findUniqueOrThrow({
    where: { id: subscription.customer_id },
    select: { email: true, name: true },
  });
  const attempt = await createPaymentAttempt(
    tx,
    {
      organizationId: subscription.organization_id,
      kind: "setup",
      amount: 0,
      currency: subscription.currency,
      processor: subscription.payment_processor ?? defaultPaymentProcessorName(),
      subscriptionId: subscription.id,
    },
    now,
  );
  return { attempt, customer };
}

/** Saves the method and, for a past_due subscription, records the charge of its unpaid period. */
async function saveMethod(tx: Tx, setup: PaymentAttempt, now: Date): Promise<PaymentAttempt | null> {
  const before = await lockLiveSubscription(tx, setup.subscription_id!);
  const after = await tx.subscription.update({
    where: { id: before.id },
    data: {
      payment_method_ref: setup.payment_method_ref,
      payment_processor: setup.processor,
      modified_at: now,
    },
  });
  await emitSubscriptionEvents(tx, before, after, now);
  // Canceled while unpaid: the card is kept, but the period the buyer gave up is not charged.
  if (after.status !== "past_due" || !after.current_period_end || after.cancel_at_period_end) return null;
  const periodEnd = after.current_period_end.toISOString();
  return createDunningAttempt(
    tx,
    after,
    {
      reference: `${renewalReference(after.id, periodEnd)}:method:${setup.id}`,
      retry: 0,
      startedAt: now.toISOString(),
      trigger: "payment_method",
    },
    now,
  );
}

/**
 * Saves the method made from `token` (the test processor's card form) for the subscription's
 * renewals; a `past_due` subscription is charged for its unpaid period at once and becomes
 * `active` when that succeeds. The caller has checked that the subscription is the buyer's.
 * Throws 400 PaymentError when the processor declines the card (nothing changes), or when the
 * charge of the unpaid period is declined (the card stays saved for the next retry).
 */
export async function updateSubscriptionPaymentMethod(
  db: Db,
  subscriptionId: string,
  token: string,
  now: Date,
): Promise<Subscription> {
  const { attempt, customer } = await db.$transaction(
    (tx) => startSetup(tx, subscriptionId, now),
    TRANSACTION,
  );
  const result = await callProcessor(db, attempt, {
    token,
    customer: { email: customer.email, name: customer.name },
  });
  const setup = await recordPaymentOutcome(db, cardSetupOutcomes, { attemptId: attempt.id }, result, now);
  if (result.status === "declined" || setup?.status !== "succeeded" || !setup.payment_method_ref) {
    throw new ApiError(
      "PaymentError",
      result.status === "declined" ? result.message : "The payment method could not be saved.",
    );
  }
  const charge = await db.$transaction((tx) => saveMethod(tx, setup, now), TRANSACTION);
  if (charge) {
    const outcome = await chargeRenewalAttempt(db, renewalPaymentOutcomes, charge, now);
    if (outcome?.status !== "succeeded") {
      throw new ApiError(
        "PaymentError",
        `The payment method was saved, but charging the unpaid period failed: ${
          outcome?.failure_reason ?? "the payment did not complete."
        }`,
      );
    }
  }
  return db.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
}
