// The in-memory state of the Stripe fake: accounts (one per API key pair), each with its own objects,
// events and idempotency keys, like separate Stripe accounts (docs/testing-stripe.md).
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { resourceMissing } from "./errors";
import type { CardExpiry, TestCard } from "./cards";

export const FAKE_API_VERSION = "2026-10-28.endive";

export type FakeAccount = {
  id: string;
  secretKey: string;
  publishableKey: string;
  livemode: boolean;
  displayName: string;
  country: string;
  defaultCurrency: string;
};

export type PaymentMethodRecord = {
  method: Stripe.PaymentMethod;
  card: TestCard;
  cardNumber: string;
  expiry: CardExpiry;
};
export type ConfirmationTokenRecord = {
  token: Stripe.ConfirmationToken;
  card: TestCard;
  cardNumber: string;
  expiry: CardExpiry;
  used: boolean;
};
export type PaymentIntentRecord = { intent: Stripe.PaymentIntent; offSession: boolean };
export type IdempotentAnswer = {
  method: string;
  path: string;
  params: string;
  status: number;
  body: unknown;
};

export type AccountState = {
  account: FakeAccount;
  customers: Map<string, Stripe.Customer>;
  confirmationTokens: Map<string, ConfirmationTokenRecord>;
  paymentMethods: Map<string, PaymentMethodRecord>;
  paymentIntents: Map<string, PaymentIntentRecord>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  charges: Map<string, Stripe.Charge>;
  refunds: Map<string, Stripe.Refund>;
  disputes: Map<string, Stripe.Dispute>;
  events: Map<string, Stripe.Event>;
  idempotency: Map<string, IdempotentAnswer>;
};

export type LoggedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  accountId: string | null;
};
export type FailureMode = { status: 500 | "network" };

export type FakeState = {
  now: () => Date;
  accounts: Map<string, AccountState>;
  /** Every event of every account, oldest first. */
  events: Stripe.Event[];
  listeners: Set<(event: Stripe.Event) => void | Promise<void>>;
  requests: LoggedRequest[];
  pendingFailures: FailureMode[];
  refundsPending: boolean;
  /** While true, card payments that would succeed stay `processing` until settlePayment(). */
  paymentsProcessing: boolean;
};

/** What caused a change: an API request (its id and idempotency key) or a test control (null). */
export type Cause = { requestId: string; idempotencyKey: string | null } | null;

/** The state one handler works on: the fake, the caller's account and the cause of what it changes. */
export type Context = { fake: FakeState; store: AccountState; cause: Cause };

export function createState(now: () => Date): FakeState {
  return {
    now,
    accounts: new Map(),
    events: [],
    listeners: new Set(),
    requests: [],
    pendingFailures: [],
    refundsPending: false,
    paymentsProcessing: false,
  };
}

export function emptyAccountState(account: FakeAccount): AccountState {
  return {
    account,
    customers: new Map(),
    confirmationTokens: new Map(),
    paymentMethods: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    disputes: new Map(),
    events: new Map(),
    idempotency: new Map(),
  };
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-looking id: `pi_3Q…` (24 random base62 characters after the prefix). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let text = "";
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${text}`;
}

export function unixSeconds(fake: FakeState): number {
  return Math.floor(fake.now().getTime() / 1000);
}

/** Finds an object of the caller's account; another account's object is as missing as an unknown one. */
export function lookup<T>(map: Map<string, T>, kind: string, id: string, param?: string): T {
  const found = map.get(id);
  if (found === undefined) throw resourceMissing(kind, id, param);
  return found;
}

/** Finds which account holds an object, for the test controls that take only an id. */
export function storeHolding(
  fake: FakeState,
  id: string,
  pick: (store: AccountState) => Map<string, unknown>,
): AccountState {
  for (const store of fake.accounts.values()) {
    if (pick(store).has(id)) return store;
  }
  throw new Error(`Stripe fake: no object ${id} in any account`);
}

export function testControl(fake: FakeState, store: AccountState): Context {
  return { fake, store, cause: null };
}
