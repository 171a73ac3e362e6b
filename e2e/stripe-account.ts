// A Stripe account of the spec's own (in the Stripe fake the server talks to: test/stripe-fake/
// serve.ts), as a merchant has one at Stripe: its keys, and, once the organization is connected,
// a webhook endpoint in Stripe sending the account's events to the organization's webhook URL.
import { randomUUID } from "node:crypto";
import { E2E_STRIPE_API, E2E_STRIPE_CONTROL } from "./env";
import { expect } from "./fixtures";
import type { Shop } from "./own-organization";

export type StripeAccount = { secretKey: string; publishableKey: string; webhookSecret: string };

async function control(path: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(`${E2E_STRIPE_CONTROL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `Stripe fake ${path}`).toBeLessThan(300);
  return response.status === 204 ? {} : response.json();
}

/** A new test-mode account at the fake Stripe. */
export async function newStripeAccount(): Promise<StripeAccount> {
  const tag = randomUUID().replaceAll("-", "").slice(0, 20);
  const account = {
    secretKey: `sk_test_${tag}`,
    publishableKey: `pk_test_${tag}`,
    webhookSecret: `whsec_${tag}`,
  };
  await control("/accounts", { secretKey: account.secretKey, publishableKey: account.publishableKey });
  return account;
}

/** Has Stripe send the account's events to `url`, signed with the account's webhook secret. */
export async function sendStripeEventsTo(account: StripeAccount, url: string) {
  await control("/webhooks", { secretKey: account.secretKey, url, secret: account.webhookSecret });
}

/** The shop takes payments with a Stripe account of its own (through the API, as Settings does). */
export async function connectStripe(shop: Shop): Promise<StripeAccount> {
  const account = await newStripeAccount();
  const saved = await shop.put(`/v1/organizations/${shop.id}/payment-processor`, {
    processor: "stripe",
    secret_key: account.secretKey,
    publishable_key: account.publishableKey,
    webhook_secret: account.webhookSecret,
  });
  await sendStripeEventsTo(account, saved.webhook_url);
  return account;
}

/** A confirmation token of a test card, as the buyer's browser makes it with Stripe.js. */
export async function stripeCardToken(account: StripeAccount, card: string): Promise<string> {
  const response = await fetch(`${E2E_STRIPE_API}/v1/test_helpers/confirmation_tokens`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${account.publishableKey}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ "card[number]": card, "card[exp_month]": "12", "card[exp_year]": "2034" }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The buyer's bank disputes the payment (Stripe then tells the organization). */
export async function disputePayment(paymentIntent: string, reason: string): Promise<string> {
  return (await control("/disputes", { paymentIntent, reason })).id!;
}
