// Confirm (docs/api.md §4 and §6): the buyer's last changes, every check at once, then the
// payment in three steps, none of which holds a lock across the processor's network time:
// 1. one short transaction locks the session, runs the checks, reserves the discount redemption
//    and records a pending payment attempt (lib/payments/attempts.ts) with the buyer's changes;
// 2. the processor is called, after commit, with the attempt's idempotency key;
// 3. a second transaction records the outcome (lib/payments/outcomes.ts → ./settle.ts): succeeded
//    → customer, `confirmed` and the order-processing job; declined → the reservation is released
//    and the session stays open and unchanged; requires_action → the session stays open with the
//    processor's next step in payment_processor_metadata.next_action.
// While an attempt is unresolved, another confirm of the session is 409 at once; a crash between
// the steps is resolved by the reconciliation job (lib/payments/reconcile.ts), or at once when the
// buyer retries with the same Idempotency-Key (./resume.ts). The session row lock makes N
// simultaneous confirms record one attempt; the discount row lock keeps max_redemptions.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { ApiError, type Problem } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { pausePoint } from "../jobs/pause";
import { publicBaseUrl } from "../public-url";
import { kickWorker } from "../jobs/runtime";
import type { PaymentAttempt } from "../generated/prisma/client";
import { callProcessor, createPaymentAttempt, type CallInput } from "../payments/attempts";
import { applyPaymentOutcome } from "../payments/outcomes";
import { type ConfirmCheckoutBody, toCheckoutClient } from "./schemas";
import { assertClientCheckoutChangeable, findClientCheckout, lockChangeableClientCheckout } from "./client";
import { resolveChanges, type ResolvedChanges } from "./changes";
import { discountRefusal } from "./pricing";
import { validateCustomFieldData } from "./custom-fields";
import {
  checkoutPaymentOutcomes,
  confirmCheckoutSession,
  enqueueCheckoutProcessing,
  storedChanges,
} from "./settle";
import { withDeferredWebhookEvents } from "../webhooks/emit";
import { findLiveSubscription } from "../subscriptions/live";
import { CHECKOUT_SESSION_TTL_MS, createCustomerSession } from "../customer-portal/sessions";
import { answerRetriedConfirm, type ConfirmAnswer } from "./resume";
import { isPaymentInProgress, settleWaitingBankStep } from "./bank-step";
import {
  cardFingerprintFor,
  failedConfirmBudgets,
  type FailureBudget,
  type FailureBudgetGuard,
} from "./card-testing";
import { checkEmailError, noticeExistingSubscription } from "./existing-subscription";
import { paymentsNotReadyProblem } from "../organizations/payments-ready";
import { trialAlreadyRedeemed } from "../subscriptions/trials";
import { checkTaxIdInput, recheckStoredTaxId, type TaxIdOutcome } from "./tax-id";

// Both transactions are short (no network call in them), but a burst of confirms may queue for a
// pooled connection: let them wait for one rather than fail.
const TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 15_000 };

type Session = Awaited<ReturnType<typeof lockChangeableClientCheckout>>;
type View = Awaited<ReturnType<typeof findClientCheckout>>;
type Started =
  | { kind: "done"; customerSessionToken: string; view: View }
  | { kind: "payment"; attempt: PaymentAttempt; budgets: FailureBudget[]; call: CallInput }
  /** The buyer already subscribes: nothing charged, an email to the address (./existing-subscription.ts). */
  | { kind: "check_email" };

export type ConfirmOptions = {
  /**
   * Keyed hash of the request's Idempotency-Key and scope (lib/api/idempotency.ts
   * `requestKeyHash`): recorded on the payment attempt, so a retry of this same request after a
   * crash is answered with what became of it (./resume.ts).
   */
  requestKeyHash?: string | null;
  /** The buyer's client address (its /64 for IPv6), for the card-testing budgets; null: unknown. */
  clientAddress?: string | null;
  /** Enforces the card-testing budgets (./card-testing.ts); without it, none are. */
  failureBudgets?: FailureBudgetGuard;
  now?: Date;
};

/** Everything confirm requires of the session as it will be, as one list of problems. */
async function confirmProblems(
  tx: Tx,
  session: Session,
  body: ConfirmCheckoutBody,
  changes: ResolvedChanges,
  now: Date,
): Promise<Problem[]> {
  const { next } = changes;
  const problems = [...changes.problems];
  const missing = (loc: (string | number)[], input: unknown = null) =>
    problems.push({ type: "missing", loc, msg: "Field required", input });

  const setupRequired = next.price.type === "recurring" && next.price.amount_type !== "free";
  // During a trial nothing is charged now; the card is saved all the same (setupRequired).
  const paymentRequired = next.amountDue > 0;
  if (!next.customerEmail) missing(["body", "customer_email"]);
  if (paymentRequired || setupRequired) {
    if (!next.customerName) missing(["body", "customer_name"]);
    if (!next.billingAddress?.country) missing(["body", "customer_billing_address", "country"]);
  }
  // A subscription whose first period is free (a trial, a 100% first-period discount) still needs
  // a card: it is saved (a setup, no charge) for the renewals.
  if ((paymentRequired || setupRequired) && !body.confirmation_token_id) {
    missing(["body", "confirmation_token_id"]);
  }
  // The buyer may have moved to a paid price or amount since creation (lib/checkout/create.ts).
  const notReady = await paymentsNotReadyProblem(tx, session.organization, {
    amountDue: next.amountDue,
    savesCard: setupRequired,
  });
  if (notReady) problems.push(notReady);

  const answers = validateCustomFieldData(next.product.attached_custom_fields, next.customFieldData, {
    requireAnswers: true,
  });
  problems.push(...answers.problems);

  if (next.price.is_archived || next.product.is_archived) {
    problems.push({
      type: "value_error",
      loc: ["body", "product_price_id"],
      msg: "Price is archived.",
      input: next.price.id,
    });
  }
  if (next.discount) {
    // Locked until commit: concurrent confirms redeem one at a time against a fresh count.
    await lockRow(tx, "discounts", next.discount.id);
    const fresh = await tx.discount.findUnique({ where: { id: next.discount.id } });
    const refusal = fresh
      ? await discountRefusal(tx, fresh, next.price, { now })
      : "Discount does not exist.";
    if (refusal)
      problems.push({
        type: "value_error",
        loc: ["body", "discount_id"],
        msg: refusal,
        input: next.discount.id,
      });
  }
  // One problem per location: an invalid answer is not also reported as missing.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify(p.loc);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The buyer's live subscription when the organization allows only one, or null. */
async function existingSubscriptionOf(tx: Tx, session: Session, changes: ResolvedChanges) {
  if (changes.next.price.type !== "recurring" || session.organization.allow_multiple_subscriptions)
    return null;
  const buyer = session.customer_id
    ? { customerId: session.customer_id }
    : { email: changes.next.customerEmail! };
  return findLiveSubscription(tx, session.organization_id, buyer);
}

/** Holds the session's discount redemption from the start of the payment; released if it fails. */
async function reserveRedemption(tx: Tx, session: Session, changes: ResolvedChanges, now: Date) {
  if (!changes.next.discount) return;
  await tx.discountRedemption.create({
    data: {
      id: randomUUID(),
      created_at: now,
      discount_id: changes.next.discount.id,
      checkout_id: session.id,
    },
  });
  await tx.discount.update({
    where: { id: changes.next.discount.id },
    data: { redemptions_count: { increment: 1 } },
  });
}

/** Step 1: checks, reservation, and the attempt to pay (or the confirmation when nothing is due). */
/** What the card-testing budgets need of a confirm (./card-testing.ts). */
type CardTesting = {
  guard: FailureBudgetGuard;
  clientAddress: string | null;
  cardFingerprint: string | null;
};

async function startConfirm(
  tx: Tx,
  clientSecret: string,
  body: ConfirmCheckoutBody,
  now: Date,
  requestKeyHash: string | null,
  cardTesting: CardTesting | null,
  cardFingerprint: string | null,
  taxId: TaxIdOutcome | undefined,
): Promise<Started> {
  const session = await lockChangeableClientCheckout(tx, clientSecret, now);
  const changes = await resolveChanges(tx, session, body, "buyer", now, taxId, { followCountry: false });
  const problems = await confirmProblems(tx, session, body, changes, now);
  if (problems.length) throw ApiError.validation(problems);
  const subscriptionId = await existingSubscriptionOf(tx, session, changes);
  if (subscriptionId) {
    // Returned, not thrown: the email commits with this transaction (the session is unchanged).
    await noticeExistingSubscription(tx, subscriptionId, changes.next.product.name, now);
    return { kind: "check_email" };
  }
  if (
    changes.next.trial &&
    session.organization.prevent_trial_abuse &&
    (await trialAlreadyRedeemed(tx, session.organization_id, {
      customerId: session.customer_id,
      email: changes.next.customerEmail,
      cardFingerprint,
    }))
  ) {
    throw new ApiError(
      "TrialAlreadyRedeemed",
      "You have already had a free trial: subscribe without one (allow_trial false) to go on.",
    );
  }
  await reserveRedemption(tx, session, changes, now);

  const { next } = changes;
  const token = body.confirmation_token_id;
  const saveForFutureUse = next.price.type === "recurring";
  const kind = next.amountDue > 0 ? "charge" : saveForFutureUse && token ? "setup" : null;
  if (!kind) {
    const customerId = await confirmCheckoutSession(tx, session, changes.data, null, now);
    await enqueueCheckoutProcessing(tx, session.id, now);
    return {
      kind: "done",
      customerSessionToken: await openCustomerSession(tx, customerId, now),
      view: await findClientCheckout(tx, clientSecret),
    };
  }
  // Card testing: past a budget of failed payments the card is not even tried, and this
  // transaction (the reservation with it) rolls back.
  const budgets = cardTesting
    ? failedConfirmBudgets({
        organizationId: session.organization_id,
        checkoutId: session.id,
        clientAddress: cardTesting.clientAddress,
        email: next.customerEmail ?? null,
        cardFingerprint: cardTesting.cardFingerprint,
      })
    : [];
  await cardTesting?.guard.assertRoom(tx, budgets, now);
  const attempt = await createPaymentAttempt(
    tx,
    {
      organizationId: session.organization_id,
      kind,
      amount: next.amountDue,
      currency: next.price.price_currency,
      processor: session.payment_processor,
      checkoutId: session.id,
      pendingChanges: storedChanges(changes.data),
      requestKeyHash,
    },
    now,
  );
  const customer = { email: next.customerEmail!, name: next.customerName };
  // A bank's 3-D Secure page sends the buyer back to the checkout's confirmation page.
  const returnUrl = `${publicBaseUrl()}/checkout/${encodeURIComponent(clientSecret)}/confirmation`;
  return {
    kind: "payment",
    attempt,
    budgets,
    call: { token: token!, customer, saveForFutureUse, returnUrl },
  };
}

/** The buyer's portal token for the purchase they just made. */
async function openCustomerSession(tx: Tx, customerId: string, now: Date): Promise<string> {
  return (await createCustomerSession(tx, customerId, CHECKOUT_SESSION_TTL_MS, now)).token;
}

/**
 * The unlocked check, where most duplicate confirms stop without waiting for the lock. A refusal
 * (not open, a payment in progress) of a request that retries its own earlier run after a crash
 * is answered with what that run's payment became instead (./resume.ts), and a payment waiting for
 * a bank step the buyer already failed or left is settled first (./bank-step.ts); `null`: go on
 * and pay.
 */
/** The session open to confirm, with its EU VAT number still to check; or a retried confirm's answer. */
type BeforeLock = { retried: ConfirmAnswer } | { retried: null; unverifiedEuVat: string | null };

async function checkBeforeLock(
  db: Db,
  clientSecret: string,
  now: Date,
  requestKeyHash: string | null,
): Promise<BeforeLock> {
  try {
    return { retried: null, ...(await assertClientCheckoutChangeable(db, clientSecret, now)) };
  } catch (error) {
    const refusal = error instanceof ApiError && ["NotOpenCheckout", "ConflictError"].includes(error.code);
    if (!refusal) throw error;
    if (requestKeyHash) {
      const answer = await answerRetriedConfirm(db, clientSecret, requestKeyHash, now);
      if (answer && answer !== "pay") return { retried: answer };
      if (answer === "pay") return { retried: null, unverifiedEuVat: null };
    }
    // The buyer pays again after failing or leaving the bank's step, before its event came. Checked
    // again whatever the lookup found: the event may have settled the attempt between the reads.
    if (!isPaymentInProgress(error)) throw error;
    await settleWaitingBankStep(db, clientSecret, now);
    return { retried: null, ...(await assertClientCheckoutChangeable(db, clientSecret, now)) };
  }
}

export async function confirmCheckout(
  db: Db,
  clientSecret: string,
  body: ConfirmCheckoutBody,
  options: ConfirmOptions = {},
): Promise<ConfirmAnswer> {
  const now = options.now ?? new Date();
  const requestKeyHash = options.requestKeyHash ?? null;
  const gate = await checkBeforeLock(db, clientSecret, now, requestKeyHash);
  if (gate.retried) return gate.retried;
  // The card's fingerprint is a network call, so it is asked before the transaction: the
  // card-testing budgets (./card-testing.ts) and the one-trial-per-card rule both read it.
  const guard = options.failureBudgets;
  const cardFingerprint = body.confirmation_token_id
    ? await cardFingerprintFor(db, clientSecret, body.confirmation_token_id)
    : null;
  const cardTesting = guard ? { guard, clientAddress: options.clientAddress ?? null, cardFingerprint } : null;
  // VIES too, before the transaction: the tax ID sent, or the stored EU VAT number not verified yet.
  const taxId =
    body.customer_tax_id !== undefined
      ? await checkTaxIdInput(db, body.customer_tax_id, now)
      : await recheckStoredTaxId(db, gate.unverifiedEuVat, now);

  // Short: no network call in it, so confirms racing for the lock wait milliseconds.
  // Events (the confirmation, a new customer) are written last, after the customer session: see
  // lib/webhooks/emit.ts on why the organization's event lock is taken after every row lock.
  const started = await db.$transaction(
    (tx) =>
      withDeferredWebhookEvents(tx, () =>
        startConfirm(tx, clientSecret, body, now, requestKeyHash, cardTesting, cardFingerprint, taxId),
      ),
    TRANSACTION_OPTIONS,
  );
  if (started.kind === "check_email") throw checkEmailError();

  if (started.kind === "done") {
    kickWorker();
    return { ...toCheckoutClient(started.view), customer_session_token: started.customerSessionToken };
  }
  let result;
  try {
    result = await callProcessor(db, started.attempt, started.call);
  } catch (error) {
    // The processor may or may not have taken the money: the attempt stays pending until
    // reconciliation (or this request's retry, ./resume.ts) asks the processor.
    console.error(`Payment attempt ${started.attempt.id} got no answer from the processor:`, error);
    throw new ApiError(
      "ConflictError",
      "The payment processor did not answer; the payment is being checked and the checkout will update.",
    );
  }
  // For the crash test: a process killed here has charged but recorded nothing.
  await pausePoint("after-charge");
  let failure: string | null = null;
  // The answer is made in the outcome's transaction and returned from it, so an Idempotency-Key's
  // answer commits with the payment (lib/api/idempotency.ts): a crash after this commit leaves the
  // answer for the retry.
  const answer = await db.$transaction(
    (tx) =>
      withDeferredWebhookEvents(tx, async (): Promise<ConfirmAnswer | null> => {
        const attempt = await applyPaymentOutcome(
          tx,
          checkoutPaymentOutcomes,
          started.attempt.id,
          result,
          now,
        );
        if (attempt.status === "failed") {
          failure = attempt.failure_reason ?? "The payment failed.";
          return null;
        }
        // Read here, under the lock the outcome took: what this confirm did. The session may already
        // be `succeeded` when the processor's event recorded this payment first (and its order was
        // made): the buyer still gets the portal token for it, as a retried confirm would (./resume.ts).
        const view = await findClientCheckout(tx, clientSecret);
        const paidByThisAttempt =
          (view.status === "confirmed" || view.status === "succeeded") &&
          view.payment_id === attempt.processor_payment_id;
        const token =
          paidByThisAttempt && view.customer_id ? await openCustomerSession(tx, view.customer_id, now) : null;
        // Null while the buyer must act (requires_action: payment_processor_metadata.next_action).
        return { ...toCheckoutClient(view), customer_session_token: token };
      }),
    TRANSACTION_OPTIONS,
  );
  kickWorker();
  if (failure || !answer) {
    await guard?.charge(db, started.budgets, now);
    throw new ApiError("PaymentError", failure ?? "The payment failed.");
  }
  return answer;
}
