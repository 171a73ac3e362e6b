// Updating a subscription's payment method (issue 13; the customer portal calls it). The card is
// saved through a recorded `setup` attempt: recorded and committed, the processor called outside
// any transaction, the answer recorded (a crash in between is reconciled like any attempt). A
// declined card changes nothing else; a card the bank wants the buyer to confirm first (3-D Secure
// on Stripe's SetupIntent) answers that step, and the page asks again once the buyer has acted. A
// saved card replaces the subscription's method for its renewals (whichever path reports it first:
// the live answer, the page's re-read, the processor's event); a `past_due` subscription is then charged for its unpaid period at once through the
// dunning machinery (./dunning.ts), and is `active` again when that succeeds.
import type { Db, Tx } from "../db/client";
import type { PaymentAttempt, Subscription } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import {
  callProcessor,
  createPaymentAttempt,
  lookUpAttempt,
  UNRESOLVED_STATUSES,
} from "../payments/attempts";
import { defaultPaymentProcessorName } from "../payments/index";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "../payments/outcomes";
import { lockRowForEvents } from "../webhooks/listeners";
import { emitSubscriptionEvents } from "./events";
import { isEnded } from "./lifecycle";
import { chargeRenewalAttempt, createDunningAttempt, renewalReference } from "./dunning";
import { renewalPaymentOutcomes } from "./renewal-outcome";

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

/**
 * The outcome handler of a subscription's card setup (an attempt of kind `setup` with no checkout;
 * lib/composition/payment-outcomes.ts): once the processor saved the card (at once, or after the
 * buyer's 3-D Secure, told by the processor's event or the portal's re-read), it becomes the
 * subscription's method for its renewals. Runs once per attempt, in the outcome's transaction. An
 * ended subscription keeps its old method.
 */
export async function settleSubscriptionCardSetup(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void> {
  if (attempt.checkout_id || !attempt.subscription_id) return;
  if (attempt.status !== "succeeded" || !attempt.payment_method_ref) return;
  await useCardForSubscription(
    tx,
    attempt.subscription_id,
    attempt.payment_method_ref,
    attempt.processor,
    now,
  );
}

/**
 * Makes a saved card the one a subscription's renewals charge (with its events), in the caller's
 * transaction: a card setup of the subscription, or a card the buyer added in the portal for all
 * their subscriptions (lib/customer-portal/add-card.ts). An ended subscription, or one that already
 * has this card, is left as it is.
 */
export async function useCardForSubscription(
  tx: Tx,
  subscriptionId: string,
  paymentMethodRef: string,
  processor: string,
  now: Date,
): Promise<void> {
  await lockRowForEvents(tx, "subscriptions", subscriptionId);
  const before = await tx.subscription.findUnique({ where: { id: subscriptionId } });
  if (!before || isEnded(before.status)) return;
  if (before.payment_method_ref === paymentMethodRef && before.payment_processor === processor) return;
  const after = await tx.subscription.update({
    where: { id: before.id },
    data: { payment_method_ref: paymentMethodRef, payment_processor: processor, modified_at: now },
  });
  await emitSubscriptionEvents(tx, before, after, now);
}

const cardSetupOutcomes: PaymentOutcomeHandlers = { setup: settleSubscriptionCardSetup };

/** For a past_due subscription, records the charge of its unpaid period with the card just saved. */
async function unpaidPeriodCharge(
  tx: Tx,
  subscriptionId: string,
  setup: PaymentAttempt,
  now: Date,
): Promise<PaymentAttempt | null> {
  const subscription = await lockLiveSubscription(tx, subscriptionId);
  // Canceled while unpaid: the card is kept, but the period the buyer gave up is not charged.
  if (
    subscription.status !== "past_due" ||
    !subscription.current_period_end ||
    subscription.cancel_at_period_end ||
    subscription.payment_method_ref !== setup.payment_method_ref
  ) {
    return null;
  }
  const periodEnd = subscription.current_period_end.toISOString();
  return createDunningAttempt(
    tx,
    subscription,
    {
      // One charge per saved card and period, however often the buyer's page asks.
      reference: `${renewalReference(subscription.id, periodEnd)}:method:${setup.id}`,
      retry: 0,
      startedAt: now.toISOString(),
      trigger: "payment_method",
    },
    now,
  );
}

/**
 * Once a card setup saved the card a past_due subscription now renews with: its unpaid period
 * charged with it, once per setup and period (a second call finds the charge recorded and answers
 * its outcome), outside any transaction while the processor is called. Null when the subscription
 * owes nothing (not past_due, set to end, or renewing with another card).
 */
export async function chargeUnpaidPeriodWithNewCard(
  db: Db,
  subscriptionId: string,
  setup: PaymentAttempt,
  now: Date,
): Promise<PaymentAttempt | null> {
  const charge = await db.$transaction(
    (tx) => unpaidPeriodCharge(tx, subscriptionId, setup, now),
    TRANSACTION,
  );
  return charge ? chargeRenewalAttempt(db, renewalPaymentOutcomes, charge, now) : null;
}

/** What saving a card answers: the subscription, and the bank's step when the buyer must act first. */
export type PaymentMethodUpdate = {
  subscription: Subscription;
  /** Set while the bank asks the buyer to confirm the card (3-D Secure): the page's step. */
  next_action: { type: string; client_secret?: string } | null;
};

/** The processor's step as recorded on the attempt (`{type: "use_stripe_sdk", client_secret}`). */
function nextActionOf(action: unknown): PaymentMethodUpdate["next_action"] {
  const step = (action ?? {}) as Record<string, unknown>;
  return {
    type: typeof step.type === "string" ? step.type : "unknown",
    ...(typeof step.client_secret === "string" ? { client_secret: step.client_secret } : {}),
  };
}

/**
 * Where a card setup stands, answered to the buyer: saved (and, for a past_due subscription, the
 * unpaid period charged with it), waiting for the buyer's step at the bank, or refused.
 */
async function answerCardSetup(db: Db, setup: PaymentAttempt, now: Date): Promise<PaymentMethodUpdate> {
  const subscriptionId = setup.subscription_id!;
  if (setup.status === "requires_action") {
    return {
      subscription: await db.subscription.findUniqueOrThrow({ where: { id: subscriptionId } }),
      next_action: nextActionOf(setup.client_action),
    };
  }
  if (setup.status === "pending") {
    throw new ApiError("ConflictError", "The card is still being saved. Please try again in a moment.");
  }
  if (setup.status !== "succeeded" || !setup.payment_method_ref) {
    throw new ApiError("PaymentError", setup.failure_reason ?? "The payment method could not be saved.");
  }
  const charge = await db.$transaction(
    (tx) => unpaidPeriodCharge(tx, subscriptionId, setup, now),
    TRANSACTION,
  );
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
  return {
    subscription: await db.subscription.findUniqueOrThrow({ where: { id: subscriptionId } }),
    next_action: null,
  };
}

/**
 * Saves the method made from `token` (a card form's single-use token) for the subscription's
 * renewals; a `past_due` subscription is charged for its unpaid period at once and becomes
 * `active` when that succeeds. When the bank asks the buyer to confirm the card first (Stripe's
 * SetupIntent with 3-D Secure), answers the step (`next_action`); the page shows it, then calls
 * `completeSubscriptionPaymentMethod`. The caller has checked that the subscription is the buyer's.
 * Throws 400 PaymentError when the processor declines the card (nothing changes), or when the
 * charge of the unpaid period is declined (the card stays saved for the next retry).
 */
export async function updateSubscriptionPaymentMethod(
  db: Db,
  subscriptionId: string,
  token: string,
  now: Date,
): Promise<PaymentMethodUpdate> {
  const { attempt, customer } = await db.$transaction(
    (tx) => startSetup(tx, subscriptionId, now),
    TRANSACTION,
  );
  const result = await callProcessor(db, attempt, {
    token,
    customer: { email: customer.email, name: customer.name },
  });
  const setup = await recordPaymentOutcome(db, cardSetupOutcomes, { attemptId: attempt.id }, result, now);
  return answerCardSetup(db, setup ?? attempt, now);
}

/**
 * After the buyer's step at the bank: the subscription's latest card setup as the processor now
 * sees it (re-read, recorded through the one outcome path, so a processor's event that came first
 * changes nothing twice), then answered as `updateSubscriptionPaymentMethod` does. 404 when no card
 * was ever given for the subscription.
 */
export async function completeSubscriptionPaymentMethod(
  db: Db,
  subscriptionId: string,
  now: Date,
): Promise<PaymentMethodUpdate> {
  const latest = await db.paymentAttempt.findFirst({
    where: { subscription_id: subscriptionId, kind: "setup", checkout_id: null },
    orderBy: { created_at: "desc" },
  });
  if (!latest) throw ApiError.notFound("No new card was given for this subscription.");
  let setup = latest;
  if ((UNRESOLVED_STATUSES as readonly string[]).includes(latest.status)) {
    const found = await lookUpAttempt(db, latest);
    setup =
      (await recordPaymentOutcome(db, cardSetupOutcomes, { attemptId: latest.id }, found, now)) ?? latest;
  }
  return answerCardSetup(db, setup, now);
}
