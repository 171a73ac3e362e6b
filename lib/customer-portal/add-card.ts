// The buyer adds a saved card in the portal (docs/portal.md, "Saved cards"; docs/payments.md, "A
// card added in the portal"): POST /v1/customer-portal/customers/me/payment-methods and …/confirm.
// As every processor call: a `setup` attempt naming the customer is recorded and committed, the
// processor is called outside any transaction, and its answer is recorded through the one outcome
// path (lib/payments/outcomes.ts), which runs `settleCustomerCardSetup` once, whichever reports the
// bank's answer first: the live answer, the buyer's confirm (a re-read), or Stripe's
// `setup_intent.succeeded` (lib/stripe/events-job.ts). A crash in between leaves the attempt
// pending for the reconciliation job, which settles it the same way.
//
// The saved card's description row names the customer (saved_payment_methods.customer_id): it is
// theirs even when no subscription uses it. With `set_default`, it becomes the card of every
// subscription of theirs that still bills, each as a subscription's own card change does
// (lib/subscriptions/payment-method.ts), and a past_due one is then charged for its unpaid period
// once (the charge's reference names the setup).
import type { Db, Tx } from "../db/client";
import type { PaymentAttempt } from "../generated/prisma/client";
import type { CustomerPrincipal } from "../core/principal";
import { ApiError } from "../core/errors";
import {
  callProcessor,
  createPaymentAttempt,
  lookUpAttempt,
  UNRESOLVED_STATUSES,
} from "../payments/attempts";
import { sessionProcessor } from "../payments/index";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "../payments/outcomes";
import { canTakePayments } from "../organizations/payments-ready";
import { paymentMethodOf } from "../customers/payment-methods";
import { chargeUnpaidPeriodWithNewCard, useCardForSubscription } from "../subscriptions/payment-method";
import { withDeferredWebhookEvents } from "../webhooks/emit";
import { stillBills } from "./payment-methods";
import type { AddPaymentMethodAnswer, AddPaymentMethodBody, ConfirmPaymentMethodBody } from "./card-schemas";

const TRANSACTION = { maxWait: 20_000, timeout: 15_000 };

/** What the add asked besides the card, kept on the attempt for whichever path settles it. */
type CardSetupChanges = { set_default?: boolean };

const setDefaultOf = (attempt: PaymentAttempt) =>
  Boolean((attempt.pending_changes as CardSetupChanges | null)?.set_default);

/** A setup of the portal's "Add card": no checkout, no subscription, the customer named. */
const isCustomerCardSetup = (attempt: PaymentAttempt) =>
  attempt.kind === "setup" &&
  !attempt.checkout_id &&
  !attempt.subscription_id &&
  Boolean(attempt.customer_id);

/**
 * The outcome handler of a card the buyer added (lib/composition/payment-outcomes.ts): once the
 * processor saved it, the card is the customer's, and with `set_default` the card of their
 * subscriptions that still bill. Runs once per attempt, in the outcome's transaction.
 */
export async function settleCustomerCardSetup(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void> {
  if (!isCustomerCardSetup(attempt) || attempt.status !== "succeeded" || !attempt.payment_method_ref) return;
  // The outcome path wrote the card's description already when the processor gave one (Stripe).
  await keepAsCustomerCard(tx, attempt, attempt.payment_method_ref, attempt.processor, now);
  if (setDefaultOf(attempt)) await useCardForBillingSubscriptions(tx, attempt, now);
}

/**
 * The customer's subscriptions that still bill take the attempt's card (each with its events). The
 * cards they leave stay the customer's saved cards (listed, and removable now that they bill nothing).
 */
async function useCardForBillingSubscriptions(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void> {
  const subscriptions = await tx.subscription.findMany({
    where: { organization_id: attempt.organization_id, customer_id: attempt.customer_id! },
    select: {
      id: true,
      status: true,
      cancel_at_period_end: true,
      payment_method_ref: true,
      payment_processor: true,
    },
    orderBy: { id: "asc" },
  });
  const moving = subscriptions.filter(
    (subscription) =>
      stillBills(subscription) && subscription.payment_method_ref !== attempt.payment_method_ref,
  );
  for (const subscription of moving) {
    if (subscription.payment_method_ref) {
      await keepAsCustomerCard(
        tx,
        attempt,
        subscription.payment_method_ref,
        subscription.payment_processor,
        now,
      );
    }
    await useCardForSubscription(tx, subscription.id, attempt.payment_method_ref!, attempt.processor, now);
  }
}

/** A card of the customer's becomes theirs by its own row (it was listed through a subscription). */
async function keepAsCustomerCard(
  tx: Tx,
  attempt: PaymentAttempt,
  ref: string,
  processor: string | null,
  now: Date,
): Promise<void> {
  const key = { organization_id: attempt.organization_id, ref };
  await tx.savedPaymentMethod.upsert({
    where: { organization_id_ref: key },
    create: {
      ...key,
      processor: processor ?? attempt.processor,
      customer_id: attempt.customer_id,
      created_at: now,
    },
    update: { customer_id: attempt.customer_id },
  });
}

const customerCardOutcomes: PaymentOutcomeHandlers = { setup: settleCustomerCardSetup };

/** 403 CustomerNotReady where the organization cannot take cards (a live one without Stripe). */
async function assertCanSaveCards(db: Db, principal: CustomerPrincipal): Promise<void> {
  if (await canTakePayments(db, principal.organizationId)) return;
  throw new ApiError("CustomerNotReady", "This store cannot save cards yet.");
}

/**
 * POST /v1/customer-portal/customers/me/payment-methods: saves the card made from the card form's
 * token for the buyer. Answers the saved card, or the bank's step (3-D Secure: `requires_action`
 * with the SetupIntent's client secret, then `confirmPortalPaymentMethod`). 400
 * PaymentMethodSetupFailed when the card is declined (nothing is saved).
 */
export async function addPortalPaymentMethod(
  db: Db,
  principal: CustomerPrincipal,
  body: AddPaymentMethodBody,
  now = new Date(),
): Promise<AddPaymentMethodAnswer> {
  await assertCanSaveCards(db, principal);
  const processor = await sessionProcessor(db, principal.organizationId);
  const { attempt, customer } = await db.$transaction(async (tx) => {
    const customer = await tx.customer.findFirst({
      where: { id: principal.customerId, organization_id: principal.organizationId, deleted_at: null },
      select: { email: true, name: true },
    });
    if (!customer) throw ApiError.notFound();
    const attempt = await createPaymentAttempt(
      tx,
      {
        organizationId: principal.organizationId,
        kind: "setup",
        amount: 0,
        // Nothing is charged: the currency only fills the attempt's column.
        currency: "usd",
        processor: processor.name,
        customerId: principal.customerId,
        pendingChanges: { set_default: body.set_default } satisfies CardSetupChanges,
      },
      now,
    );
    return { attempt, customer };
  }, TRANSACTION);
  const result = await callProcessor(db, attempt, {
    token: body.confirmation_token_id,
    customer: { email: customer.email, name: customer.name },
  });
  const setup = await recordPaymentOutcome(db, customerCardOutcomes, { attemptId: attempt.id }, result, now);
  return answerCardSetup(db, principal, setup ?? attempt, false, now);
}

/**
 * POST /v1/customer-portal/customers/me/payment-methods/confirm: after the buyer's step at the bank,
 * the setup as the processor now sees it (re-read and recorded through the one outcome path: a
 * Stripe event that came first changes nothing twice), answered as the add is. 404 for a setup
 * that is not one of this buyer's cards.
 */
export async function confirmPortalPaymentMethod(
  db: Db,
  principal: CustomerPrincipal,
  body: ConfirmPaymentMethodBody,
  now = new Date(),
): Promise<AddPaymentMethodAnswer> {
  await assertCanSaveCards(db, principal);
  const latest = await db.paymentAttempt.findFirst({
    where: {
      organization_id: principal.organizationId,
      customer_id: principal.customerId,
      kind: "setup",
      checkout_id: null,
      subscription_id: null,
      processor_payment_id: body.setup_intent_id,
    },
    orderBy: { created_at: "desc" },
  });
  if (!latest) throw ApiError.notFound("No card is being added with this setup.");
  let setup = latest;
  if ((UNRESOLVED_STATUSES as readonly string[]).includes(latest.status)) {
    const found = await lookUpAttempt(db, latest);
    setup =
      (await recordPaymentOutcome(db, customerCardOutcomes, { attemptId: latest.id }, found, now)) ?? latest;
  }
  return answerCardSetup(db, principal, setup, body.set_default, now);
}

/**
 * Where a card the buyer adds stands: saved (with `set_default`, the unpaid period of a past_due
 * subscription charged with it, once), waiting for the buyer's step at the bank, or refused.
 */
async function answerCardSetup(
  db: Db,
  principal: CustomerPrincipal,
  setup: PaymentAttempt,
  setDefaultNow: boolean,
  now: Date,
): Promise<AddPaymentMethodAnswer> {
  if (setup.status === "requires_action") {
    const step = (setup.client_action ?? {}) as { client_secret?: unknown };
    if (typeof step.client_secret !== "string") {
      throw new ApiError("PaymentMethodSetupFailed", "Your bank needs a step this page cannot show.");
    }
    return { status: "requires_action", client_secret: step.client_secret };
  }
  if (setup.status === "pending") {
    throw new ApiError("ConflictError", "The card is still being saved. Please try again in a moment.");
  }
  if (setup.status !== "succeeded" || !setup.payment_method_ref) {
    throw new ApiError("PaymentMethodSetupFailed", setup.failure_reason ?? "The card could not be saved.");
  }
  if (setDefaultNow && !setDefaultOf(setup)) {
    // The confirm asks what the add did not: the same change, which finds nothing to do twice.
    await db.$transaction(
      (tx) => withDeferredWebhookEvents(tx, () => useCardForBillingSubscriptions(tx, setup, now)),
      TRANSACTION,
    );
  }
  if (setDefaultNow || setDefaultOf(setup)) await chargeUnpaidPeriods(db, setup, now);
  const customer = { id: principal.customerId, organization_id: principal.organizationId };
  const method = await paymentMethodOf(db, customer, setup.payment_method_ref);
  if (!method) throw ApiError.notFound("The card was removed.");
  return { status: "succeeded", payment_method: method };
}

/**
 * The past_due subscriptions now renewing with the card: each charged for its unpaid period, once
 * per setup. A declined charge keeps the card saved and the subscription past_due: dunning goes on
 * with the new card, and the buyer sees the subscription still owing.
 */
async function chargeUnpaidPeriods(db: Db, setup: PaymentAttempt, now: Date): Promise<void> {
  const owing = await db.subscription.findMany({
    where: {
      organization_id: setup.organization_id,
      customer_id: setup.customer_id!,
      status: "past_due",
      payment_method_ref: setup.payment_method_ref,
    },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (const subscription of owing) await chargeUnpaidPeriodWithNewCard(db, subscription.id, setup, now);
}
