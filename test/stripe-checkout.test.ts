// Stripe as an organization's card processor, through the real routes, against the in-repo Stripe
// fake on loopback (test/stripe-fake/; docs/payments.md, "Stripe"): the keys pasted and checked,
// a one-time purchase, declines, 3-D Secure completed by Stripe's event, and the inbound webhook's
// signature rules. The fake's own books (its intents and requests) say what Stripe saw.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import type { FakeServer, StripeFake } from "@/test/stripe-fake";
import { newShop } from "@/test/stripe-fake/harness";
import {
  buyer,
  deliverEvents as deliver,
  drainJobs as drain,
  openCheckout,
  pay,
  sendEvent,
  startStripe,
  stripeShop as shopWith,
  WEBHOOK_SECRET,
} from "@/test/stripe-shop";
import {
  GET as getProcessor,
  PATCH as patchProcessor,
  PUT as putProcessor,
} from "@/app/v1/organizations/[id]/payment-processor/route";
import {
  GET as clientView,
  PATCH as clientUpdate,
} from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { confirmCheckout } from "@/lib/checkout/confirm";

let db: Db;
let fake: StripeFake;
let server: FakeServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  db = await getDb();
  ({ fake, server, stop } = await startStripe());
});

afterAll(() => stop());

const stripeShop = (options: { livemode?: boolean } = {}) => shopWith(db, { fake, server }, options);
const drainJobs = () => drain(db);
const deliverEvents = (organizationId: string, objectId: string) => deliver(fake, organizationId, objectId);

/** A session whose payment (a card that needs 3-D Secure) waits for the buyer's bank step. */
async function waitingForBankStep() {
  const shop = await stripeShop();
  const session = await openCheckout(shop);
  const asked = await call(confirm, {
    params: { client_secret: session.client_secret },
    body: buyer(shop.stripe.token("4000002500003155")),
  });
  expect(asked.status).toBe(200);
  const attempt = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
  expect(attempt.status).toBe("requires_action");
  return { shop, session, attempt };
}

describe("Stripe keys (PUT/GET /v1/organizations/{id}/payment-processor)", () => {
  it("are checked with Stripe, stored sealed, and never answered back", async () => {
    const { organization, token, stripe } = await stripeShop();
    const read = await call(getProcessor, { params: { id: organization.id }, token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      processor: "stripe",
      livemode: false,
      publishable_key: stripe.publishableKey,
      secret_key_last4: stripe.secretKey.slice(-4),
      account_id: stripe.accountId,
      webhook_url: expect.stringMatching(new RegExp(`/v1/integrations/stripe/webhook/${organization.id}$`)),
      webhook_events: expect.arrayContaining(["payment_intent.succeeded", "charge.dispute.created"]),
      require_three_d_secure: false,
    });
    expect(JSON.stringify(read.body)).not.toContain(stripe.secretKey);
    const row = await db.paymentProcessorSetting.findUniqueOrThrow({
      where: { organization_id: organization.id },
    });
    expect(row.secret_key_sealed).not.toContain(stripe.secretKey);
    expect(row.webhook_secret_sealed).not.toContain(WEBHOOK_SECRET);
    expect(
      fake.requests().filter((r) => r.path === "/v1/account" && r.accountId === stripe.accountId),
    ).toHaveLength(1);
  });

  it("refuse a key Stripe does not know, keys of two modes, and a mode that is not the organization's", async () => {
    const organization = await createOrganization(db);
    const live = await createOrganization(db, { livemode: true });
    const { token } = await createToken(db, organization.id);
    const { token: liveToken } = await createToken(db, live.id);
    const stripe = newShop(fake, server);
    const put = (id: string, t: string, body: object) =>
      call(putProcessor, { method: "PUT", params: { id }, token: t, body: { processor: "stripe", ...body } });
    const keys = {
      secret_key: stripe.secretKey,
      publishable_key: stripe.publishableKey,
      webhook_secret: WEBHOOK_SECRET,
    };

    const unknown = await put(organization.id, token, { ...keys, secret_key: "sk_test_unknownkey123456" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toEqual([
      expect.objectContaining({
        loc: ["body", "secret_key"],
        msg: "Stripe does not accept this secret key.",
      }),
    ]);

    const mixed = await put(organization.id, token, { ...keys, publishable_key: "pk_live_abcdefgh12345678" });
    expect(mixed.status).toBe(422);
    expect(mixed.body.detail[0].loc).toEqual(["body", "publishable_key"]);

    const testKeysOnLive = await put(live.id, liveToken, keys);
    expect(testKeysOnLive.status).toBe(422);
    expect(testKeysOnLive.body.detail[0]).toMatchObject({
      loc: ["body", "secret_key"],
      msg: expect.stringContaining("This is a live organization"),
    });
    const testProcessorOnLive = await call(putProcessor, {
      method: "PUT",
      params: { id: live.id },
      token: liveToken,
      body: { processor: "test" },
    });
    expect(testProcessorOnLive.status).toBe(422);
    expect(
      await db.paymentProcessorSetting.count({
        where: { organization_id: { in: [organization.id, live.id] } },
      }),
    ).toBe(0);
  });
});

describe("Stripe unreachable when the keys are pasted", () => {
  it("is a 422 on the secret key, and nothing is stored", async () => {
    const organization = await createOrganization(db);
    const { token } = await createToken(db, organization.id);
    const account = newShop(fake, server);
    // Both tries of the check (the client retries a network failure once) fail at the network.
    fake.failNext(2, { status: "network" });
    const refused = await call(putProcessor, {
      method: "PUT",
      params: { id: organization.id },
      token,
      body: {
        processor: "stripe",
        secret_key: account.secretKey,
        publishable_key: account.publishableKey,
        webhook_secret: WEBHOOK_SECRET,
      },
    });
    expect(refused.status).toBe(422);
    expect(fake.requests().filter((r) => r.accountId === account.accountId)).toHaveLength(2);
    expect(refused.body.detail).toEqual([
      expect.objectContaining({
        loc: ["body", "secret_key"],
        msg: "Stripe could not be reached to check this key. Try again in a moment.",
      }),
    ]);
    expect(await db.paymentProcessorSetting.count({ where: { organization_id: organization.id } })).toBe(0);
  });
});

describe("a one-time purchase with Stripe", () => {
  it("creates the intent unconfirmed with our key, records its id, confirms it: one charge, one order", async () => {
    const shop = await stripeShop();
    const session = await openCheckout(shop);
    const view = await call(clientView, { params: { client_secret: session.client_secret } });
    expect(view.body).toMatchObject({
      payment_processor: "stripe",
      payment_processor_metadata: { publishable_key: shop.stripe.publishableKey },
    });

    const paid = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4242424242424242")),
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "confirmed" });
    const [attempt, ...others] = await db.paymentAttempt.findMany({ where: { checkout_id: session.id } });
    expect(others).toEqual([]);
    expect(attempt).toMatchObject({
      status: "succeeded",
      processor: "stripe",
      amount: 4900,
      processor_payment_id: expect.stringMatching(/^pi_/),
      risk_level: "normal",
      risk_outcome: "authorized",
      card_fingerprint: expect.any(String),
      // The card as the order page shows it.
      card_brand: "visa",
      card_last4: "4242",
    });
    // What Stripe saw: a create then a confirm, each with a key derived from our attempt.
    const calls = fake.requests().filter((r) => r.accountId === shop.stripe.accountId && r.method === "POST");
    expect(calls.map((r) => [r.path.replace(/pi_\w+/, "{id}"), r.idempotencyKey])).toEqual([
      ["/v1/payment_intents", `${attempt!.idempotency_key}:create`],
      ["/v1/payment_intents/{id}/confirm", `${attempt!.idempotency_key}:confirm`],
    ]);
    await drainJobs();
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
    expect(order).toMatchObject({ amount: 4900, status: "paid" });

    // Stripe's own events about it change nothing more.
    expect(await deliverEvents(shop.organization.id, attempt!.processor_payment_id!)).toEqual([200]);
    await drainJobs();
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
  });

  it("declines a declined card and one without funds with Stripe's reason; the session stays open", async () => {
    const shop = await stripeShop();
    for (const [card, reason] of [
      ["4000000000000002", "declined"],
      ["4000000000009995", "insufficient"],
    ] as const) {
      const session = await openCheckout(shop);
      const refused = await call(confirm, {
        params: { client_secret: session.client_secret },
        body: buyer(shop.stripe.token(card)),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("PaymentError");
      expect(refused.body.detail).toMatch(new RegExp(reason, "i"));
      expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
        status: "open",
      });
      expect(await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } })).toMatchObject({
        status: "failed",
        card_fingerprint: expect.any(String),
      });
    }
  });

  it("declines a token that is not Stripe's (the test processor's tok_visa) without calling Stripe", async () => {
    const shop = await stripeShop();
    const session = await openCheckout(shop);
    const before = fake.requests().length;
    const refused = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer("tok_visa"),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: "PaymentError",
      detail: expect.stringContaining("Stripe's payment form"),
    });
    expect(fake.requests().length).toBe(before);
    expect(await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } })).toMatchObject({
      status: "failed",
      failure_code: "invalid_confirmation_token",
    });
  });

  it("waits for 3-D Secure, then completes once when Stripe's event says the intent succeeded", async () => {
    const shop = await stripeShop();
    const session = await openCheckout(shop);
    const asked = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4000002500003155")),
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: "open",
      customer_session_token: null,
      payment_processor_metadata: {
        next_action: { type: "use_stripe_sdk", client_secret: expect.stringMatching(/^pi_.+_secret_/) },
        intent_client_secret: expect.stringMatching(/^pi_.+_secret_/),
      },
    });
    const attempt = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
    expect(attempt.status).toBe("requires_action");

    fake.completeNextAction(attempt.processor_payment_id!, "succeed");
    const statuses = await deliverEvents(shop.organization.id, attempt.processor_payment_id!);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Twice: Stripe retries, and a duplicate changes nothing.
    await deliverEvents(shop.organization.id, attempt.processor_payment_id!);
    await drainJobs();
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({
      status: "succeeded",
    });
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "succeeded",
      payment_id: attempt.processor_payment_id,
    });
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
    const events = await db.stripeEvent.findMany({ where: { organization_id: shop.organization.id } });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("reopens the session when the buyer fails 3-D Secure", async () => {
    const { shop, session, attempt } = await waitingForBankStep();
    fake.completeNextAction(attempt.processor_payment_id!, "fail");
    await deliverEvents(shop.organization.id, attempt.processor_payment_id!);
    await drainJobs();
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({
      status: "failed",
    });
    const reopened = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(reopened.status).toBe("open");
    expect(reopened.payment_processor_metadata).toEqual({ publishable_key: shop.stripe.publishableKey });
  });
});

describe("the buyer pays again right after the bank's step (before Stripe's event)", () => {
  it("a failed 3-D Secure is asked of Stripe at once: the next card is tried, declined with its reason, and the one after pays", async () => {
    const { shop, session, attempt: first } = await waitingForBankStep();
    fake.completeNextAction(first.processor_payment_id!, "fail");
    // No event delivered: the attempt still says it waits for the buyer.
    expect((await db.paymentAttempt.findUniqueOrThrow({ where: { id: first.id } })).status).toBe(
      "requires_action",
    );

    const changed = await call(clientUpdate, {
      method: "PATCH",
      params: { client_secret: session.client_secret },
      body: { customer_name: "Second Try" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: "open", customer_name: "Second Try" });
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "failed",
      failure_reason: expect.stringMatching(/failed authentication/i),
    });

    const declined = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4000000000000002")),
    });
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({
      error: "PaymentError",
      detail: expect.stringMatching(/declined/i),
    });

    const paid = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4242424242424242")),
    });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toMatch(/^(confirmed|succeeded)$/);
    const attempts = await db.paymentAttempt.findMany({
      where: { checkout_id: session.id },
      orderBy: { created_at: "asc" },
    });
    expect(attempts.map((a) => a.status)).toEqual(["failed", "failed", "succeeded"]);
    // The late event changes nothing.
    await deliverEvents(shop.organization.id, first.processor_payment_id!);
    await drainJobs();
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
  });

  it("Stripe's event settling the attempt between the 409 and the lookup does not refuse the next card", async () => {
    const { shop, session, attempt: first } = await waitingForBankStep();
    fake.completeNextAction(first.processor_payment_id!, "fail");
    // The event lands (and its job runs) just as the confirm, refused at its first read, looks for
    // the waiting attempt.
    let eventDelivered = false;
    const racingDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "paymentAttempt") return Reflect.get(target, property, receiver);
        return new Proxy(target.paymentAttempt, {
          get(attempts, name, attemptsReceiver) {
            if (name !== "findFirst" || eventDelivered) return Reflect.get(attempts, name, attemptsReceiver);
            return async (...args: Parameters<Db["paymentAttempt"]["findFirst"]>) => {
              eventDelivered = true;
              expect(await deliverEvents(shop.organization.id, first.processor_payment_id!)).toContain(200);
              await drainJobs();
              return attempts.findFirst(...args);
            };
          },
        });
      },
    });
    await expect(
      confirmCheckout(racingDb, session.client_secret, buyer(shop.stripe.token("4000000000000002"))),
    ).rejects.toMatchObject({ code: "PaymentError", message: expect.stringMatching(/declined/i) });
    expect(eventDelivered).toBe(true);
    const attempts = await db.paymentAttempt.findMany({
      where: { checkout_id: session.id },
      orderBy: { created_at: "asc" },
    });
    expect(attempts.map((a) => a.status)).toEqual(["failed", "failed"]);
  });

  it("a bank step still open (another tab) keeps the 409, and one completed pays once", async () => {
    const { shop, session, attempt: first } = await waitingForBankStep();
    const again = () =>
      call(confirm, {
        params: { client_secret: session.client_secret },
        body: buyer(shop.stripe.token("4242424242424242")),
      });
    const waiting = await again();
    expect(waiting.status).toBe(409);
    expect(waiting.body.detail).toMatch(/waiting for the buyer/i);

    fake.completeNextAction(first.processor_payment_id!, "succeed");
    const done = await again();
    expect(done.status).toBe(403);
    expect(done.body.error).toBe("NotOpenCheckout");
    expect(await db.paymentAttempt.count({ where: { checkout_id: session.id } })).toBe(1);
    await drainJobs();
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "succeeded",
      payment_id: first.processor_payment_id,
    });
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
  });
});

describe("Stripe's events (POST /v1/integrations/stripe/webhook/{organization_id})", () => {
  it("are refused with a bad or old signature (400) and for an organization without Stripe (404)", async () => {
    const shop = await stripeShop();
    const payload = JSON.stringify({
      id: "evt_signed",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_x" } },
    });
    const forged = await sendEvent(shop.organization.id, payload, "whsec_someoneelse12345678");
    expect(forged.status).toBe(400);
    const old = await sendEvent(
      shop.organization.id,
      payload,
      WEBHOOK_SECRET,
      new Date(Date.now() - 301_000),
    );
    expect(old.status).toBe(400);
    const other = await createOrganization(db);
    expect((await sendEvent(other.id, payload)).status).toBe(404);
    expect(await db.stripeEvent.count({ where: { id: "evt_signed" } })).toBe(0);

    // A good one is stored once, whatever its type.
    const unused = JSON.stringify({
      id: "evt_unused_type",
      object: "event",
      type: "customer.created",
      livemode: false,
      data: { object: { id: "cus_1" } },
    });
    for (let n = 0; n < 2; n++) {
      const res = await sendEvent(shop.organization.id, unused);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
    }
    expect(await db.stripeEvent.findMany({ where: { id: "evt_unused_type" } })).toMatchObject([
      { type: "customer.created", processed_at: expect.any(Date) },
    ]);
  });
});

describe("card-testing protection", () => {
  it("can ask for 3-D Secure on every card (PATCH …/payment-processor), even on a card that needs none", async () => {
    const shop = await stripeShop();
    const patched = await call(patchProcessor, {
      method: "PATCH",
      params: { id: shop.organization.id },
      token: shop.token,
      body: { require_three_d_secure: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ processor: "stripe", require_three_d_secure: true });
    const session = await openCheckout(shop);
    const asked = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4242424242424242")),
    });
    expect(asked.status).toBe(200);
    expect(asked.body.payment_processor_metadata.next_action).toMatchObject({ type: "use_stripe_sdk" });

    // Only with Stripe: an organization without it is told so, and nothing is stored.
    const other = await createOrganization(db);
    const { token } = await createToken(db, other.id);
    const refused = await call(patchProcessor, {
      method: "PATCH",
      params: { id: other.id },
      token,
      body: { require_three_d_secure: true },
    });
    expect(refused.status).toBe(422);
    expect(await db.paymentProcessorSetting.count({ where: { organization_id: other.id } })).toBe(0);
  });

  it("refuses a card after 3 failures in an hour, whatever its token, email or session: 429, nothing sent to Stripe", async () => {
    const shop = await stripeShop();
    for (let n = 0; n < 3; n++) {
      const session = await openCheckout(shop);
      const refused = await call(confirm, {
        params: { client_secret: session.client_secret },
        body: buyer(shop.stripe.token("4000000000000002")),
      });
      expect(refused.status).toBe(400);
    }
    const session = await openCheckout(shop);
    const confirmsBefore = fake.requests().filter((r) => r.path.endsWith("/confirm")).length;
    const blocked = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4000000000000002")),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: "RateLimitExceeded" });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fake.requests().filter((r) => r.path.endsWith("/confirm")).length).toBe(confirmsBefore);
    expect(await db.paymentAttempt.count({ where: { checkout_id: session.id } })).toBe(0);
    // Another card still pays.
    const paid = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4242424242424242")),
    });
    expect(paid.status).toBe(200);
  });

  it("refuses a checkout session after 5 failed payments, with any card", async () => {
    const shop = await stripeShop();
    const session = await openCheckout(shop);
    const cards = [
      "4000000000000002",
      "4000000000009995",
      "4100000000000019",
      "4000000000000002",
      "4000000000009995",
    ];
    for (const card of cards) {
      const refused = await call(confirm, {
        params: { client_secret: session.client_secret },
        body: {
          ...buyer(shop.stripe.token(card)),
          customer_email: `tester-${card}-${Math.random()}@example.com`,
        },
      });
      expect(refused.status).toBe(400);
    }
    const blocked = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: buyer(shop.stripe.token("4242424242424242")),
    });
    expect(blocked.status).toBe(429);
    expect(await db.paymentAttempt.count({ where: { checkout_id: session.id } })).toBe(5);
  });
});

describe("a free trial with Stripe (docs/subscriptions.md)", () => {
  it("saves the card by a SetupIntent, charges nothing, and refuses the same card's second trial under another email", async () => {
    const shop = await shopWith(
      db,
      { fake, server },
      { price: { recurring_interval: "month", price_amount: 2_000 } },
    );
    await db.product.update({
      where: { id: shop.product.price.product_id },
      data: { is_recurring: true, trial_interval: "day", trial_interval_count: 7 },
    });
    const card = "4242424242424242";
    const first = await openCheckout(shop);
    expect((await pay(first.client_secret, buyer(shop.stripe.token(card)))).status).toBe(200);
    const setup = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: first.id } });
    expect(setup).toMatchObject({
      kind: "setup",
      status: "succeeded",
      amount: 0,
      processor_payment_id: expect.stringMatching(/^seti_/),
      card_fingerprint: expect.any(String),
    });
    const ownRequests = fake.requests().filter((r) => r.accountId === shop.stripe.accountId);
    expect(ownRequests.some((r) => r.path === "/v1/payment_intents")).toBe(false);
    await drainJobs();
    const subscription = await db.subscription.findFirstOrThrow({ where: { checkout_id: first.id } });
    expect(subscription).toMatchObject({
      status: "trialing",
      payment_method_ref: expect.stringMatching(/^cus_/),
    });

    const second = await openCheckout(shop);
    const refused = await pay(second.client_secret, buyer(shop.stripe.token(card)));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("TrialAlreadyRedeemed");
    expect(await db.paymentAttempt.count({ where: { checkout_id: second.id } })).toBe(0);
    // Another card, another buyer: a trial.
    const third = await openCheckout(shop);
    expect((await pay(third.client_secret, buyer(shop.stripe.token("5555555555554444")))).status).toBe(200);
  });
});
