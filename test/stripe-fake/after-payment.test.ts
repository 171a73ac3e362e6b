// Refunds, disputes, events, webhook signatures and simulated outages in the Stripe fake, through
// the official stripe package (docs/testing-stripe.md).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { newShop, startFake, stripeError, type Shop } from "./harness";
import { deliverEvent, signStripePayload, type FakeServer, type StripeFake } from "./index";

const NOW = new Date("2026-11-29T10:00:00Z");
let fake: StripeFake;
let server: FakeServer;
beforeAll(async () => ({ fake, server } = await startFake(() => NOW)));
afterAll(() => server.close());

async function paid(shop: Shop, card = "4242424242424242", amount = 5000): Promise<Stripe.PaymentIntent> {
  return shop.stripe.paymentIntents.create({
    amount,
    currency: "usd",
    confirm: true,
    confirmation_token: shop.token(card),
  });
}

function eventsAbout(id: string): Stripe.Event[] {
  return fake.events().filter((event) => (event.data.object as { id?: string }).id === id);
}

describe("refunds", () => {
  it("refunds at once, partially then the rest, with refund.created and charge.refunded", async () => {
    const shop = newShop(fake, server);
    const intent = await paid(shop);
    const partial = await shop.stripe.refunds.create({
      payment_intent: intent.id,
      amount: 2000,
      metadata: { r: "1" },
    });
    expect(partial).toMatchObject({
      status: "succeeded",
      amount: 2000,
      payment_intent: intent.id,
      metadata: { r: "1" },
    });
    expect(partial.created).toBe(NOW.getTime() / 1000);
    const rest = await shop.stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3000);
    const charge = await shop.stripe.charges.retrieve(intent.latest_charge as string);
    expect([charge.amount_refunded, charge.refunded]).toEqual([5000, true]);
    expect(eventsAbout(partial.id).map((event) => event.type)).toEqual(["refund.created"]);
    expect(eventsAbout(charge.id).map((event) => event.type)).toEqual(["charge.refunded", "charge.refunded"]);

    const over = await stripeError(shop.stripe.refunds.create({ payment_intent: intent.id, amount: 1 }));
    expect([over.statusCode, over.code]).toEqual([400, "charge_already_refunded"]);
  });

  it("refuses more than what is left", async () => {
    const shop = newShop(fake, server);
    const intent = await paid(shop);
    const error = await stripeError(shop.stripe.refunds.create({ payment_intent: intent.id, amount: 5001 }));
    expect([error.statusCode, error.code, error.param]).toEqual([400, "amount_too_large", "amount"]);
  });

  it("keeps refunds pending until settled, and gives a failed one back to the charge", async () => {
    const shop = newShop(fake, server);
    const intent = await paid(shop);
    fake.setRefundsPending(true);
    try {
      const pending = await shop.stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
      const failing = await shop.stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
      expect([pending.status, failing.status]).toEqual(["pending", "pending"]);

      fake.settleRefund(pending.id, "succeeded");
      fake.settleRefund(failing.id, "failed");
      expect((await shop.stripe.refunds.retrieve(pending.id)).status).toBe("succeeded");
      expect(await shop.stripe.refunds.retrieve(failing.id)).toMatchObject({
        status: "failed",
        failure_reason: "declined",
      });
      expect((await shop.stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(1000);
      expect(eventsAbout(pending.id).map((event) => event.type)).toEqual([
        "refund.created",
        "refund.updated",
      ]);
      expect(eventsAbout(failing.id).map((event) => event.type)).toEqual([
        "refund.created",
        "refund.updated",
        "refund.failed",
      ]);
    } finally {
      fake.setRefundsPending(false);
    }
  });
});

describe("disputes", () => {
  it("opens, updates and closes a dispute with its events", async () => {
    const shop = newShop(fake, server);
    const intent = await paid(shop, "4000000000000259");
    const dispute = fake.createDispute(intent.id, { reason: "product_not_received", amount: 4000 });
    expect(dispute).toMatchObject({ status: "needs_response", amount: 4000, charge: intent.latest_charge });
    expect((await shop.stripe.charges.retrieve(intent.latest_charge as string)).disputed).toBe(true);
    fake.updateDispute(dispute.id, { status: "under_review" });
    fake.updateDispute(dispute.id, { status: "lost" });
    expect(await shop.stripe.disputes.retrieve(dispute.id)).toMatchObject({
      status: "lost",
      reason: "product_not_received",
    });
    const events = eventsAbout(dispute.id);
    expect(events.map((event) => event.type)).toEqual([
      "charge.dispute.created",
      "charge.dispute.updated",
      "charge.dispute.closed",
    ]);
    const fetched = await shop.stripe.events.retrieve(events[2]?.id as string);
    expect(fetched).toMatchObject({
      type: "charge.dispute.closed",
      data: { previous_attributes: { status: "under_review" } },
    });

    const refund = await stripeError(shop.stripe.refunds.create({ payment_intent: intent.id }));
    expect(refund.code).toBe("charge_disputed");
  });
});

describe("events and webhooks", () => {
  it("signs payloads that the stripe package verifies, and it refuses an old timestamp", () => {
    const secret = "whsec_test_signing_secret";
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded" });
    const event = new Stripe("sk_test_x").webhooks.constructEvent(
      payload,
      signStripePayload(payload, secret),
      secret,
    );
    expect(event.id).toBe("evt_1");
    const old = signStripePayload(payload, secret, new Date(Date.now() - 10 * 60 * 1000));
    expect(() => new Stripe("sk_test_x").webhooks.constructEvent(payload, old, secret)).toThrow(/tolerance/);
    expect(() =>
      new Stripe("sk_test_x").webhooks.constructEvent(
        payload,
        signStripePayload(payload, "whsec_other"),
        secret,
      ),
    ).toThrow();
  });

  it("delivers an event signed to a receiver, and calls onEvent listeners", async () => {
    const shop = newShop(fake, server);
    const heard: string[] = [];
    const stop = fake.onEvent((event) => {
      heard.push(event.type);
    });
    const intent = await paid(shop);
    stop();
    await expect.poll(() => heard).toEqual(["payment_intent.succeeded"]);
    const event = eventsAbout(intent.id)[0] as Stripe.Event;
    expect(fake.events(shop.accountId)).toEqual([event]);
    expect(event.request).toMatchObject({ id: expect.stringMatching(/^req_/) });

    const secret = "whsec_receiver";
    const received: Stripe.Event[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const header = request.headers["stripe-signature"] as string;
        received.push(new Stripe("sk_test_x").webhooks.constructEvent(body, header, secret));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      expect(await deliverEvent(event, `http://127.0.0.1:${port}/hook`, secret)).toBe(204);
      expect(received.map((item) => item.id)).toEqual([event.id]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe("outages and the request log", () => {
  it("fails the next requests with 500 or a cut connection, doing nothing, and logs every call", async () => {
    const shop = newShop(fake, server);
    const before = fake.requests().length;
    fake.failNext(1, { status: 500 });
    const error = await stripeError(shop.stripe.customers.create({ email: "a@example.com" }));
    expect([error.type, error.statusCode]).toEqual(["StripeAPIError", 500]);

    // The stripe package retries a cut connection once by itself (after its own 0.5 s back-off, a
    // real-clock wait inside the package): two cuts make the call fail.
    fake.failNext(2, { status: "network" });
    const cut = await stripeError(
      shop.stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "cut-1" }),
    );
    expect(cut.type).toBe("StripeConnectionError");
    const retried = await shop.stripe.customers.create(
      { email: "a@example.com" },
      { idempotencyKey: "cut-1" },
    );
    expect(retried.email).toBe("a@example.com");

    const calls = fake.requests().slice(before);
    expect(calls.map((call) => [call.method, call.path, call.idempotencyKey])).toEqual([
      ["POST", "/v1/customers", expect.stringMatching(/^stripe-node-retry-/)],
      ["POST", "/v1/customers", "cut-1"],
      ["POST", "/v1/customers", "cut-1"],
      ["POST", "/v1/customers", "cut-1"],
    ]);
  });

  it("cancels an intent and refuses to confirm it afterwards", async () => {
    const shop = newShop(fake, server);
    const intent = await shop.stripe.paymentIntents.create({ amount: 700, currency: "usd" });
    const canceled = await shop.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    const error = await stripeError(
      shop.stripe.paymentIntents.confirm(intent.id, { confirmation_token: shop.token("4242424242424242") }),
    );
    expect([error.statusCode, error.code]).toEqual([400, "payment_intent_unexpected_state"]);
  });

  it("answers 404 resource_missing for another account's object and refuses unknown parameters", async () => {
    const shop = newShop(fake, server);
    const other = newShop(fake, server);
    const intent = await paid(other);
    const missing = await stripeError(shop.stripe.paymentIntents.retrieve(intent.id));
    expect([missing.statusCode, missing.code]).toEqual([404, "resource_missing"]);
    const unknown = await stripeError(
      shop.stripe.paymentIntents.create({
        amount: 700,
        currency: "usd",
        colour: "red",
      } as Stripe.PaymentIntentCreateParams),
    );
    expect([unknown.statusCode, unknown.code, unknown.param]).toEqual([400, "parameter_unknown", "colour"]);
  });

  it("forgets objects, events and requests on reset(), keeping the accounts", async () => {
    const { fake: own, server: ownServer } = await startFake();
    try {
      const shop = newShop(own, ownServer);
      const intent = await paid(shop);
      own.reset();
      expect([own.events(), own.requests()]).toEqual([[], []]);
      const gone = await stripeError(shop.stripe.paymentIntents.retrieve(intent.id));
      expect(gone.statusCode).toBe(404);
      expect((await shop.stripe.accounts.retrieveCurrent()).id).toBe(shop.accountId);
    } finally {
      await ownServer.close();
    }
  });
});
