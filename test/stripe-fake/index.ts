// An in-repo fake of the Stripe API for tests (docs/testing-stripe.md, "The Stripe fake"): the
// official stripe package is pointed at listen()'s port, and the test drives the buyer's and the
// bank's side with the controls below.
import type Stripe from "stripe";
import { accountObject } from "./accounts";
import { createDispute, updateDispute, type DisputeOptions } from "./disputes";
import { listen, type FakeServer } from "./http";
import {
  createConfirmationToken,
  updatePaymentMethodCard,
  type CardInput,
  type CardUpdate,
} from "./payment-methods";
import { settleProcessingPayment } from "./payment-attempts";
import { settleRefund } from "./refunds";
import {
  createState,
  emptyAccountState,
  newId,
  storeHolding,
  testControl,
  type AccountState,
  type FailureMode,
  type FakeState,
  type LoggedRequest,
} from "./state";
import { completeNextAction, type NextActionOutcome } from "./test-controls";

export { deliverEvent, signStripePayload } from "./webhooks";
export { FAKE_API_VERSION } from "./state";
export type { FakeServer, LoggedRequest, NextActionOutcome };

export type AccountInput = {
  secretKey: string;
  publishableKey: string;
  accountId?: string;
  livemode?: boolean;
  displayName?: string;
  country?: string;
  defaultCurrency?: string;
};

export type ConfirmationTokenInput = ({ publishableKey: string } | { secretKey: string }) & {
  card: string;
  expMonth?: number;
  expYear?: number;
  name?: string;
  email?: string;
};

export type StripeFake = ReturnType<typeof createStripeFake>;

export function createStripeFake(options: { now?: () => Date } = {}) {
  const fake: FakeState = createState(options.now ?? (() => new Date()));

  function storeForKey(key: string): AccountState {
    for (const store of fake.accounts.values()) {
      if (store.account.secretKey === key || store.account.publishableKey === key) return store;
    }
    throw new Error(`Stripe fake: no account has the key ${key.slice(0, 8)}…`);
  }

  function control(id: string, pick: (store: AccountState) => Map<string, unknown>) {
    return testControl(fake, storeHolding(fake, id, pick));
  }

  return {
    /** The id of the account a secret or publishable key belongs to. */
    accountIdOf(key: string): string {
      return storeForKey(key).account.id;
    },

    addAccount(input: AccountInput): Stripe.Account {
      const livemode = input.livemode ?? input.secretKey.startsWith("sk_live_");
      const account = {
        id: input.accountId ?? newId("acct", 16),
        secretKey: input.secretKey,
        publishableKey: input.publishableKey,
        livemode,
        displayName: input.displayName ?? "Fake Shop",
        country: input.country ?? "US",
        defaultCurrency: input.defaultCurrency ?? "usd",
      };
      fake.accounts.set(account.id, emptyAccountState(account));
      return accountObject(account);
    },

    listen(port = 0): Promise<FakeServer> {
      return listen(fake, port);
    },

    /** What Stripe.js's createConfirmationToken makes from the card the buyer typed: "ctoken_…". */
    createConfirmationToken(input: ConfirmationTokenInput): string {
      const key = "publishableKey" in input ? input.publishableKey : input.secretKey;
      const card: CardInput = { ...input, number: input.card };
      return createConfirmationToken(testControl(fake, storeForKey(key)), card).id;
    },

    /** The buyer finishes (or fails) 3-D Secure on a PaymentIntent (pi_…) or SetupIntent (seti_…). */
    completeNextAction(id: string, outcome: NextActionOutcome): Stripe.PaymentIntent | Stripe.SetupIntent {
      const ctx = control(id, (store) =>
        id.startsWith("seti_") ? store.setupIntents : store.paymentIntents,
      );
      return completeNextAction(ctx, id, outcome);
    },

    createDispute(paymentIntentId: string, disputeOptions: DisputeOptions = {}): Stripe.Dispute {
      return createDispute(
        control(paymentIntentId, (store) => store.paymentIntents),
        paymentIntentId,
        disputeOptions,
      );
    },

    updateDispute(id: string, update: { status: Stripe.Dispute.Status }): Stripe.Dispute {
      return updateDispute(
        control(id, (store) => store.disputes),
        id,
        update,
      );
    },

    settleRefund(refundId: string, outcome: "succeeded" | "failed"): Stripe.Refund {
      return settleRefund(
        control(refundId, (store) => store.refunds),
        refundId,
        outcome,
      );
    },

    /** While true, new refunds stay `pending` until settleRefund(). */
    setRefundsPending(pending: boolean): void {
      fake.refundsPending = pending;
    },

    /** While true, card payments that would succeed stay `processing` until settlePayment(). */
    setPaymentsProcessing(processing: boolean): void {
      fake.paymentsProcessing = processing;
    },

    /** Ends a `processing` payment: succeeded, or failed (a generic decline). */
    settlePayment(paymentIntentId: string, outcome: "succeeded" | "failed"): Stripe.PaymentIntent {
      const ctx = control(paymentIntentId, (store) => store.paymentIntents);
      const record = ctx.store.paymentIntents.get(paymentIntentId);
      if (!record) throw new Error(`Stripe fake: no payment intent ${paymentIntentId}`);
      settleProcessingPayment(ctx, record, outcome);
      return record.intent;
    },

    updatePaymentMethodCard(paymentMethodId: string, update: CardUpdate): Stripe.PaymentMethod {
      return updatePaymentMethodCard(
        control(paymentMethodId, (store) => store.paymentMethods),
        paymentMethodId,
        update,
      );
    },

    /**
     * The next n API requests (test helpers excepted) fail without doing anything: 500 api_error, or
     * "network" (the connection is cut; the stripe package retries a cut connection once by itself).
     */
    failNext(n: number, mode: FailureMode): void {
      for (let index = 0; index < n; index++) fake.pendingFailures.push(mode);
    },

    /** Every event of every account (or of one account), oldest first. */
    events(accountId?: string): Stripe.Event[] {
      if (accountId === undefined) return [...fake.events];
      return [...(fake.accounts.get(accountId)?.events.values() ?? [])];
    },

    /** Called with each new event (after the change that caused it); returns the unsubscribe. */
    onEvent(listener: (event: Stripe.Event) => void | Promise<void>): () => void {
      fake.listeners.add(listener);
      return () => fake.listeners.delete(listener);
    },

    /** Every request received, oldest first: method, path, idempotency key, account. */
    requests(): LoggedRequest[] {
      return [...fake.requests];
    },

    /** Forgets every object, event, request and pending failure; accounts and listeners stay. */
    reset(): void {
      for (const store of fake.accounts.values())
        fake.accounts.set(store.account.id, emptyAccountState(store.account));
      fake.events.length = 0;
      fake.requests.length = 0;
      fake.pendingFailures.length = 0;
      fake.refundsPending = false;
      fake.paymentsProcessing = false;
    },
  };
}
