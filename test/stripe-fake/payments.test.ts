// The Stripe fake through the official stripe package: account, one-time payments, idempotency,
// declines, 3-D Secure, saved cards and SetupIntents (docs/testing-stripe.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { newShop, startFake, stripeClient, stripeError } from "./harness";
import type { FakeServer, StripeFake } from "./index";

let fake: StripeFake;
let server: FakeServer;
beforeAll(async () => ({ fake, server } = await startFake()));
afterAll(() => server.close());

function eventTypes(accountLivemode: boolean, objectId: string): string[] {
  return fake
    .events()
    .filter((event) => (event.data.object as { id?: string }).id === objectId)
    .map((event) => {
      expect(event.livemode).toBe(accountLivemode);
      expect(event.api_version).toBe("2026-10-28.endive");
      return event.type;
    });
}

describe("account and keys", () => {
  it("retrieves the key's account", async () => {
    const shop = newShop(fake, server);
    const account = await shop.stripe.accounts.retrieveCurrent();
    expect(account).toMatchObject({
      id: shop.accountId,
      object: "account",
      charges_enabled: true,
      country: "US",
      default_currency: "usd",
      settings: { dashboard: { display_name: expect.stringMatching(/^Shop /) } },
    });
  });

  it("refuses an unknown key with 401 and a publishable key on a secret endpoint", async () => {
    const unknown = await stripeError(stripeClient("sk_test_nobody", server).accounts.retrieveCurrent());
    expect(unknown).toBeInstanceOf(Error);
    expect([unknown.type, unknown.statusCode]).toEqual(["StripeAuthenticationError", 401]);
    expect(unknown.message).toContain("Invalid API Key provided");
    const shop = newShop(fake, server);
    const publishable = await stripeError(
      stripeClient(shop.publishableKey, server).accounts.retrieveCurrent(),
    );
    expect(publishable.statusCode).toBe(401);
  });

  it("takes livemode from the key prefix", async () => {
    const shop = newShop(fake, server, "live");
    const intent = await shop.stripe.paymentIntents.create({ amount: 1000, currency: "usd" });
    expect(intent.livemode).toBe(true);
  });
});

describe("one-time payment", () => {
  it("creates unconfirmed, then confirms with a confirmation token", async () => {
    const shop = newShop(fake, server);
    const created = await shop.stripe.paymentIntents.create({
      amount: 2500,
      currency: "usd",
      metadata: { order: "o_1" },
      automatic_payment_methods: { enabled: true },
    });
    expect(created).toMatchObject({ status: "requires_payment_method", amount: 2500, latest_charge: null });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));

    const token = shop.token("4242424242424242");
    const confirmed = await shop.stripe.paymentIntents.confirm(created.id, { confirmation_token: token });
    expect(confirmed).toMatchObject({
      status: "succeeded",
      amount_received: 2500,
      metadata: { order: "o_1" },
    });
    expect(confirmed.latest_charge).toMatch(/^ch_/);

    const expanded = await shop.stripe.paymentIntents.retrieve(created.id, { expand: ["latest_charge"] });
    const charge = expanded.latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.card).toMatchObject({ last4: "4242", brand: "visa" });
    expect(charge.payment_method_details?.card?.fingerprint).toHaveLength(16);
    expect(charge.outcome).toMatchObject({ type: "authorized", risk_level: "normal" });
    expect(eventTypes(false, created.id)).toEqual(["payment_intent.succeeded"]);

    const again = await stripeError(
      shop.stripe.paymentIntents.confirm(created.id, { confirmation_token: token }),
    );
    expect([again.statusCode, again.code]).toEqual([400, "payment_intent_unexpected_state"]);
  });

  it("gives each card number a stable fingerprint", async () => {
    const shop = newShop(fake, server);
    const charges = [];
    for (const card of ["4242424242424242", "4242424242424242", "4000000000000259"]) {
      const intent = await shop.stripe.paymentIntents.create({
        amount: 900,
        currency: "eur",
        confirm: true,
        confirmation_token: shop.token(card),
        expand: ["latest_charge"],
      });
      charges.push((intent.latest_charge as Stripe.Charge).payment_method_details?.card?.fingerprint);
    }
    expect(charges[0]).toBe(charges[1]);
    expect(charges[2]).not.toBe(charges[0]);
  });

  it("replays an idempotent create and confirm, and refuses a key reused with other parameters", async () => {
    const shop = newShop(fake, server);
    const createOnce = () =>
      shop.stripe.paymentIntents.create({ amount: 1200, currency: "usd" }, { idempotencyKey: "create-1" });
    const first = await createOnce();
    const replay = await createOnce();
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");

    const token = shop.token("4242424242424242");
    const confirmOnce = () =>
      shop.stripe.paymentIntents.confirm(
        first.id,
        { confirmation_token: token },
        { idempotencyKey: "confirm-1" },
      );
    const confirmed = await confirmOnce();
    const confirmedAgain = await confirmOnce();
    expect(confirmedAgain).toMatchObject({
      id: first.id,
      status: "succeeded",
      latest_charge: confirmed.latest_charge,
    });
    expect(eventTypes(false, first.id)).toEqual(["payment_intent.succeeded"]);
    const posted = fake.requests().filter((request) => request.idempotencyKey === "confirm-1");
    expect(posted).toHaveLength(2);

    const mismatch = await stripeError(
      shop.stripe.paymentIntents.create({ amount: 1300, currency: "usd" }, { idempotencyKey: "create-1" }),
    );
    expect([mismatch.type, mismatch.statusCode]).toEqual(["StripeIdempotencyError", 400]);

    // Keys are per account: another shop's "create-1" is a new request.
    const other = newShop(fake, server);
    const otherIntent = await other.stripe.paymentIntents.create(
      { amount: 1300, currency: "usd" },
      { idempotencyKey: "create-1" },
    );
    expect(otherIntent.id).not.toBe(first.id);
  });
});

describe("processing payments", () => {
  it("keeps payments processing until the bank settles them, succeeded or failed", async () => {
    const shop = newShop(fake, server);
    fake.setPaymentsProcessing(true);
    let settles: Stripe.PaymentIntent, fails: Stripe.PaymentIntent;
    try {
      const create = () =>
        shop.stripe.paymentIntents.create({
          amount: 1500,
          currency: "usd",
          confirm: true,
          confirmation_token: shop.token("4242424242424242"),
        });
      [settles, fails] = [await create(), await create()];
    } finally {
      fake.setPaymentsProcessing(false);
    }
    expect([settles.status, fails.status]).toEqual(["processing", "processing"]);
    expect((await shop.stripe.charges.retrieve(settles.latest_charge as string)).status).toBe("pending");

    expect(fake.settlePayment(settles.id, "succeeded").status).toBe("succeeded");
    expect(fake.settlePayment(fails.id, "failed").status).toBe("requires_payment_method");
    const failed = await shop.stripe.paymentIntents.retrieve(fails.id, { expand: ["latest_charge"] });
    expect(failed.last_payment_error).toMatchObject({
      code: "card_declined",
      decline_code: "generic_decline",
    });
    expect((failed.latest_charge as Stripe.Charge).status).toBe("failed");
    expect(eventTypes(false, settles.id)).toEqual(["payment_intent.processing", "payment_intent.succeeded"]);
    expect(eventTypes(false, fails.id)).toEqual([
      "payment_intent.processing",
      "payment_intent.payment_failed",
    ]);
  });
});

describe("declines", () => {
  const cases = [
    { card: "4000000000000002", decline: "generic_decline", outcome: "issuer_declined", risk: "normal" },
    { card: "4000000000009995", decline: "insufficient_funds", outcome: "issuer_declined", risk: "normal" },
    { card: "4100000000000019", decline: "fraudulent", outcome: "blocked", risk: "highest" },
  ];
  for (const { card, decline, outcome, risk } of cases) {
    it(`declines ${card} (${decline}) and leaves the intent waiting for a payment method`, async () => {
      const shop = newShop(fake, server);
      const error = await stripeError(
        shop.stripe.paymentIntents.create({
          amount: 3000,
          currency: "usd",
          confirm: true,
          confirmation_token: shop.token(card),
        }),
      );
      expect([error.type, error.statusCode, error.code, error.decline_code]).toEqual([
        "StripeCardError",
        402,
        "card_declined",
        decline,
      ]);
      const intentId = error.payment_intent?.id as string;
      expect(error.payment_intent?.status).toBe("requires_payment_method");
      const intent = await shop.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
      expect(intent.status).toBe("requires_payment_method");
      expect(intent.last_payment_error).toMatchObject({
        type: "card_error",
        code: "card_declined",
        decline_code: decline,
      });
      expect((intent.latest_charge as Stripe.Charge).outcome).toMatchObject({
        type: outcome,
        risk_level: risk,
      });
      expect(eventTypes(false, intentId)).toEqual(["payment_intent.payment_failed"]);
    });
  }

  it("reports an elevated risk level on 4000000000004954", async () => {
    const shop = newShop(fake, server);
    const intent = await shop.stripe.paymentIntents.create({
      amount: 3000,
      currency: "usd",
      confirm: true,
      confirmation_token: shop.token("4000000000004954"),
      expand: ["latest_charge"],
    });
    expect(intent.status).toBe("succeeded");
    expect((intent.latest_charge as Stripe.Charge).outcome).toMatchObject({
      type: "authorized",
      risk_level: "elevated",
    });
  });

  it("refuses a wrong card number when the token is made", async () => {
    const shop = newShop(fake, server);
    expect(() => shop.token("4242424242424241")).toThrow(/incorrect/);
  });
});
