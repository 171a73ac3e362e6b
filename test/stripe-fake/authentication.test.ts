// 3-D Secure, saved cards charged off session, and SetupIntents in the Stripe fake, through the
// official stripe package and the fake's test helpers (docs/testing-stripe.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { newShop, startFake, stripeError, type Shop } from "./harness";
import type { FakeServer, StripeFake } from "./index";

let fake: StripeFake;
let server: FakeServer;
beforeAll(async () => ({ fake, server } = await startFake()));
afterAll(() => server.close());

function typesOf(objectId: string): string[] {
  return fake
    .events()
    .filter((event) => (event.data.object as { id?: string }).id === objectId)
    .map((event) => event.type);
}

async function onSession(shop: Shop, card: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) {
  return shop.stripe.paymentIntents.create({
    amount: 4000,
    currency: "usd",
    confirm: true,
    confirmation_token: shop.token(card),
    ...extra,
  });
}

describe("3-D Secure on session", () => {
  for (const card of ["4000002500003155", "4000000000003220"]) {
    it(`asks for authentication on ${card}, then succeeds when the buyer completes it`, async () => {
      const shop = newShop(fake, server);
      const intent = await onSession(shop, card);
      expect(intent.status).toBe("requires_action");
      expect(intent.next_action?.type).toBe("use_stripe_sdk");
      expect(intent.client_secret).toMatch(/_secret_/);
      expect(intent.latest_charge).toBeNull();

      const done = fake.completeNextAction(intent.id, "succeed");
      expect(done.status).toBe("succeeded");
      const charged = await shop.stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
      expect(charged.status).toBe("succeeded");
      const details = (charged.latest_charge as Stripe.Charge).payment_method_details?.card;
      expect(details?.three_d_secure?.result).toBe("authenticated");
      expect(typesOf(intent.id)).toEqual(["payment_intent.requires_action", "payment_intent.succeeded"]);
    });
  }

  it("fails when the buyer fails authentication (through the HTTP test helper)", async () => {
    const shop = newShop(fake, server);
    const intent = await onSession(shop, "4000002500003155");
    const response = await fetch(`${server.url}/v1/test_helpers/next_action/${intent.id}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${shop.publishableKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "outcome=fail",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: intent.id, status: "requires_payment_method" });
    const failed = await shop.stripe.paymentIntents.retrieve(intent.id);
    expect(failed.last_payment_error?.code).toBe("payment_intent_authentication_failure");
    expect(typesOf(intent.id)).toEqual(["payment_intent.requires_action", "payment_intent.payment_failed"]);
  });

  it("asks even 4242… when the intent requests three_d_secure=any", async () => {
    const shop = newShop(fake, server);
    const intent = await onSession(shop, "4242424242424242", {
      payment_method_options: { card: { request_three_d_secure: "any" } },
    });
    expect(intent.status).toBe("requires_action");
  });

  it("makes confirmation tokens over HTTP with a publishable key, and refuses a secret endpoint to it", async () => {
    const shop = newShop(fake, server);
    const response = await fetch(`${server.url}/v1/test_helpers/confirmation_tokens`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${shop.publishableKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "card[number]=4242424242424242&card[exp_month]=4&card[exp_year]=2031",
    });
    const token = (await response.json()) as Stripe.ConfirmationToken;
    expect(response.status).toBe(200);
    expect(token.id).toMatch(/^ctoken_/);
    const read = await shop.stripe.confirmationTokens.retrieve(token.id);
    expect(read.payment_method_preview?.card).toMatchObject({ last4: "4242", exp_month: 4, exp_year: 2031 });
  });

  it("lets a publishable key read an intent only with its client_secret, as Stripe.js does", async () => {
    const shop = newShop(fake, server);
    const intent = await onSession(shop, "4000002500003155");
    const headers = { Authorization: `Bearer ${shop.publishableKey}` };
    const secret = encodeURIComponent(intent.client_secret as string);
    const withSecret = await fetch(`${server.url}/v1/payment_intents/${intent.id}?client_secret=${secret}`, {
      headers,
    });
    expect(withSecret.status).toBe(200);
    expect(await withSecret.json()).toMatchObject({ id: intent.id, status: "requires_action" });
    const without = await fetch(`${server.url}/v1/payment_intents/${intent.id}`, { headers });
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });
});

describe("saved cards", () => {
  async function saveCard(shop: Shop, card: string) {
    const customer = await shop.stripe.customers.create({ email: "buyer@example.com" });
    let intent = await onSession(shop, card, { customer: customer.id, setup_future_usage: "off_session" });
    if (intent.status === "requires_action") {
      fake.completeNextAction(intent.id, "succeed");
      intent = await shop.stripe.paymentIntents.retrieve(intent.id);
    }
    expect(intent.status).toBe("succeeded");
    const method = await shop.stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(method.customer).toBe(customer.id);
    return { customer, method };
  }

  it("charges a saved 4000002500003155 off session without authentication", async () => {
    const shop = newShop(fake, server);
    const { customer, method } = await saveCard(shop, "4000002500003155");
    const renewal = await shop.stripe.paymentIntents.create({
      amount: 4000,
      currency: "usd",
      customer: customer.id,
      payment_method: method.id,
      off_session: true,
      confirm: true,
    });
    expect(renewal.status).toBe("succeeded");
  });

  it("declines a saved 4000002760003184 off session with authentication_required", async () => {
    const shop = newShop(fake, server);
    const { customer, method } = await saveCard(shop, "4000002760003184");
    const error = await stripeError(
      shop.stripe.paymentIntents.create({
        amount: 4000,
        currency: "usd",
        customer: customer.id,
        payment_method: method.id,
        off_session: true,
        confirm: true,
      }),
    );
    expect([error.statusCode, error.code]).toEqual([402, "authentication_required"]);
    const intent = await shop.stripe.paymentIntents.retrieve(error.payment_intent?.id as string);
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.last_payment_error?.code).toBe("authentication_required");
    expect(typesOf(intent.id)).toEqual(["payment_intent.payment_failed"]);
  });

  it("refuses another customer's saved card", async () => {
    const shop = newShop(fake, server);
    const { method } = await saveCard(shop, "4242424242424242");
    const stranger = await shop.stripe.customers.create({});
    const error = await stripeError(
      shop.stripe.paymentIntents.create({
        amount: 4000,
        currency: "usd",
        customer: stranger.id,
        payment_method: method.id,
        off_session: true,
        confirm: true,
      }),
    );
    expect([error.statusCode, error.param]).toEqual([400, "payment_method"]);
  });

  it("emits payment_method.automatically_updated when the network updates a card", async () => {
    const shop = newShop(fake, server);
    const { method } = await saveCard(shop, "4242424242424242");
    fake.updatePaymentMethodCard(method.id, { last4: "1881", exp_month: 1, exp_year: 2033 });
    const updated = await shop.stripe.paymentMethods.retrieve(method.id);
    expect(updated.card).toMatchObject({ last4: "1881", exp_month: 1, exp_year: 2033 });
    const event = fake.events().at(-1) as Stripe.PaymentMethodAutomaticallyUpdatedEvent;
    expect(event.type).toBe("payment_method.automatically_updated");
    expect(event.data.previous_attributes?.card?.last4).toBe("4242");
  });
});

describe("SetupIntent", () => {
  it("saves a card to the customer, with 3-D Secure when the card asks for it", async () => {
    const shop = newShop(fake, server);
    const customer = await shop.stripe.customers.create({ name: "Ada" });
    const plain = await shop.stripe.setupIntents.create({
      customer: customer.id,
      confirm: true,
      confirmation_token: shop.token("4242424242424242"),
    });
    expect(plain).toMatchObject({ status: "succeeded", usage: "off_session" });
    expect((await shop.stripe.paymentMethods.retrieve(plain.payment_method as string)).customer).toBe(
      customer.id,
    );

    const created = await shop.stripe.setupIntents.create({ customer: customer.id });
    const asked = await shop.stripe.setupIntents.confirm(created.id, {
      confirmation_token: shop.token("4000002500003155"),
    });
    expect(asked.status).toBe("requires_action");
    fake.completeNextAction(created.id, "succeed");
    expect((await shop.stripe.setupIntents.retrieve(created.id)).status).toBe("succeeded");
    expect(typesOf(created.id)).toEqual(["setup_intent.requires_action", "setup_intent.succeeded"]);
  });

  it("fails on a declined card with setup_intent.setup_failed", async () => {
    const shop = newShop(fake, server);
    const customer = await shop.stripe.customers.create({});
    const error = await stripeError(
      shop.stripe.setupIntents.create({
        customer: customer.id,
        confirm: true,
        confirmation_token: shop.token("4000000000000002"),
      }),
    );
    expect([error.statusCode, error.code, error.decline_code]).toEqual([
      402,
      "card_declined",
      "generic_decline",
    ]);
    const intent = await shop.stripe.setupIntents.retrieve(error.setup_intent?.id as string);
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      last_setup_error: { code: "card_declined" },
    });
    expect(typesOf(intent.id)).toEqual(["setup_intent.setup_failed"]);
  });
});
