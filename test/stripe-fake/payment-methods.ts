// Confirmation tokens (what Stripe.js makes from the card a buyer types) and the payment methods
// made from them, saved to customers or not.
import type Stripe from "stripe";
import { paymentMethodCard, testCard, type CardExpiry } from "./cards";
import { FakeStripeError, invalidRequest } from "./errors";
import { emitPaymentMethodUpdated } from "./events";
import { allowOnly, optionalInteger, optionalString, requiredString, type Params } from "./form";
import { lookup, newId, unixSeconds, type Context, type PaymentMethodRecord } from "./state";

export type CardInput = {
  number: string;
  expMonth?: number;
  expYear?: number;
  name?: string;
  email?: string;
};

const CONFIRMATION_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

function billingDetails(card: CardInput): Stripe.PaymentMethod.BillingDetails {
  return { address: null, email: card.email ?? null, name: card.name ?? null, phone: null, tax_id: null };
}

export function createConfirmationToken(ctx: Context, input: CardInput): Stripe.ConfirmationToken {
  const card = testCard(input.number);
  if (!card) {
    throw new FakeStripeError(402, {
      type: "card_error",
      code: "incorrect_number",
      message: "Your card number is incorrect.",
      param: "card[number]",
    });
  }
  const expiry: CardExpiry = {
    expMonth: input.expMonth ?? 12,
    expYear: input.expYear ?? ctx.fake.now().getUTCFullYear() + 5,
  };
  const created = unixSeconds(ctx.fake);
  const token = {
    id: newId("ctoken"),
    object: "confirmation_token",
    created,
    expires_at: created + CONFIRMATION_TOKEN_LIFETIME_SECONDS,
    livemode: ctx.store.account.livemode,
    metadata: null,
    payment_intent: null,
    payment_method_options: null,
    payment_method_preview: {
      billing_details: billingDetails(input),
      card: paymentMethodCard(card, expiry),
      customer: null,
      customer_account: null,
      type: "card",
    },
    return_url: null,
    setup_future_usage: null,
    setup_intent: null,
    shipping: null,
    use_stripe_sdk: true,
  } satisfies Stripe.ConfirmationToken;
  ctx.store.confirmationTokens.set(token.id, { token, card, cardNumber: input.number, expiry, used: false });
  return token;
}

/** `POST /v1/test_helpers/confirmation_tokens` with `card[number]`, `card[exp_month]`, … */
export function createConfirmationTokenFromParams(ctx: Context, params: Params): Stripe.ConfirmationToken {
  allowOnly(params, ["card", "billing_details"]);
  return createConfirmationToken(ctx, {
    number: requiredString(params, "card", "number"),
    expMonth: optionalInteger(params, "card", "exp_month"),
    expYear: optionalInteger(params, "card", "exp_year"),
    name: optionalString(params, "billing_details", "name"),
    email: optionalString(params, "billing_details", "email"),
  });
}

export function retrieveConfirmationToken(ctx: Context, id: string): Stripe.ConfirmationToken {
  return lookup(ctx.store.confirmationTokens, "confirmation_token", id).token;
}

/** A confirmation token is used once: confirming with it makes a new payment method. */
export function paymentMethodFromToken(ctx: Context, tokenId: string): PaymentMethodRecord {
  const record = lookup(ctx.store.confirmationTokens, "confirmation_token", tokenId, "confirmation_token");
  if (record.used) {
    throw invalidRequest(`ConfirmationToken ${tokenId} has already been used.`, {
      param: "confirmation_token",
      code: "confirmation_token_already_used",
    });
  }
  if (record.token.expires_at !== null && record.token.expires_at < unixSeconds(ctx.fake)) {
    throw invalidRequest(`ConfirmationToken ${tokenId} has expired.`, { param: "confirmation_token" });
  }
  record.used = true;
  const method = {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: record.token.payment_method_preview?.billing_details ?? billingDetails({ number: "" }),
    card: paymentMethodCard(record.card, record.expiry),
    created: unixSeconds(ctx.fake),
    customer: null,
    customer_account: null,
    livemode: ctx.store.account.livemode,
    metadata: {},
    type: "card",
  } satisfies Stripe.PaymentMethod;
  const saved: PaymentMethodRecord = {
    method,
    card: record.card,
    cardNumber: record.cardNumber,
    expiry: record.expiry,
  };
  ctx.store.paymentMethods.set(method.id, saved);
  return saved;
}

export function retrievePaymentMethod(ctx: Context, id: string): Stripe.PaymentMethod {
  return lookup(ctx.store.paymentMethods, "payment_method", id).method;
}

export function attachToCustomer(ctx: Context, record: PaymentMethodRecord, customerId: string): void {
  const owner = record.method.customer;
  if (owner !== null && owner !== customerId) {
    throw invalidRequest(`The payment method ${record.method.id} is attached to another customer.`, {
      param: "payment_method",
    });
  }
  lookup(ctx.store.customers, "customer", customerId, "customer");
  record.method.customer = customerId;
}

/** `POST /v1/payment_methods/{id}/attach` with `customer`. */
export function attachPaymentMethod(ctx: Context, id: string, params: Params): Stripe.PaymentMethod {
  allowOnly(params, ["customer", "expand"]);
  const record = lookup(ctx.store.paymentMethods, "payment_method", id);
  attachToCustomer(ctx, record, requiredString(params, "customer"));
  return record.method;
}

/** `POST /v1/payment_methods/{id}/detach`: the method leaves its customer and cannot be used again. */
export function detachPaymentMethod(ctx: Context, id: string, params: Params): Stripe.PaymentMethod {
  allowOnly(params, ["expand"]);
  const record = lookup(ctx.store.paymentMethods, "payment_method", id);
  if (record.method.customer === null) {
    throw invalidRequest(`The payment method ${id} is not attached to a customer.`, {
      param: "payment_method",
    });
  }
  record.method.customer = null;
  return record.method;
}

export type CardUpdate = { last4: string; exp_month: number; exp_year: number };

/** The card network's automatic update of a saved card (a new expiry or number). */
export function updatePaymentMethodCard(ctx: Context, id: string, update: CardUpdate): Stripe.PaymentMethod {
  const record = lookup(ctx.store.paymentMethods, "payment_method", id);
  const card = record.method.card;
  if (!card) throw new Error(`Stripe fake: ${id} is not a card`);
  const previous: Partial<Stripe.PaymentMethod> = { card: structuredClone(card) };
  card.last4 = update.last4;
  card.exp_month = update.exp_month;
  card.exp_year = update.exp_year;
  record.card = { ...record.card, last4: update.last4 };
  record.expiry = { expMonth: update.exp_month, expYear: update.exp_year };
  emitPaymentMethodUpdated(ctx, record.method, previous);
  return record.method;
}
