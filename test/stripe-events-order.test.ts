// Stripe's events delivered out of order (docs/payments-reliability.md, "Stripe: crash tests"),
// through the real webhook route and job against the Stripe fake: the job re-reads the object from
// Stripe for every event, so only Stripe's current state counts, whatever the event said and
// whenever it arrives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { getDb, type Db } from "@/lib/db/client";
import { call } from "@/test/http";
import type { FakeServer, StripeFake } from "@/test/stripe-fake";
import {
  buyer,
  drainJobs,
  openCheckout,
  pay,
  sendEvent,
  startStripe,
  stripeShop,
  type StripeShop,
} from "@/test/stripe-shop";
import { POST as createRefund } from "@/app/v1/refunds/route";

let db: Db;
let fake: StripeFake;
let server: FakeServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  db = await getDb();
  ({ fake, server, stop } = await startStripe());
});

afterAll(() => stop());

const CARD = "4242424242424242";
const THREE_D_SECURE = "4000002500003155";

const newShop = () => stripeShop(db, { fake, server });
const attemptsOf = (checkoutId: string) =>
  db.paymentAttempt.findMany({ where: { checkout_id: checkoutId }, orderBy: { created_at: "asc" } });
const sessionRow = (checkoutId: string) =>
  db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } });
const ordersOf = (checkoutId: string) => db.order.count({ where: { checkout_id: checkoutId } });

/** The object's events as Stripe made them, oldest first. */
const eventsOf = (shop: StripeShop, objectId: string) =>
  fake.events(shop.stripe.accountId).filter((e) => (e.data.object as { id: string }).id === objectId);

/** Delivers the events newest first, running the jobs after each. */
async function deliverNewestFirst(shop: StripeShop, events: Stripe.Event[]) {
  for (const event of [...events].reverse()) {
    expect((await sendEvent(shop.organization.id, JSON.stringify(event))).status).toBe(200);
    await drainJobs(db);
  }
}

describe("Stripe's events out of order", () => {
  it("a refund's refund.updated (succeeded) before its refund.created (pending): the refund succeeds, once", async () => {
    const shop = await newShop();
    const session = await openCheckout(shop);
    expect((await pay(session.client_secret, buyer(shop.stripe.token(CARD)))).status).toBe(200);
    await drainJobs(db);
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
    fake.setRefundsPending(true);
    try {
      const made = await call(createRefund, {
        token: shop.token,
        body: { order_id: order.id, amount: 1_500, reason: "customer_request" },
      });
      expect(made.status).toBe(201);
      await drainJobs(db);
      const attempt = await db.paymentAttempt.findFirstOrThrow({
        where: { kind: "refund", order_id: order.id },
      });
      expect(attempt).toMatchObject({
        status: "pending",
        processor_payment_id: expect.stringMatching(/^re_/),
      });
      const refundId = attempt.processor_payment_id!;
      fake.settleRefund(refundId, "succeeded");

      const events = eventsOf(shop, refundId);
      expect(events.map((e) => [e.type, (e.data.object as Stripe.Refund).status])).toEqual([
        ["refund.created", "pending"],
        ["refund.updated", "succeeded"],
      ]);
      await deliverNewestFirst(shop, events);
      expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({
        status: "succeeded",
      });
      expect(await db.refund.findUniqueOrThrow({ where: { id: made.body.id } })).toMatchObject({
        status: "succeeded",
        amount: 1_500,
      });
      expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
        refunded_amount: 1_500,
        status: "partially_refunded",
      });
      expect(
        fake.requests().filter((r) => r.accountId === shop.stripe.accountId && r.path === "/v1/refunds"),
      ).toHaveLength(1);
    } finally {
      fake.setRefundsPending(false);
    }
  });

  it("a retried intent's payment_intent.payment_failed after its payment_intent.succeeded: the payment stands, one order", async () => {
    const shop = await newShop();
    const session = await openCheckout(shop);
    const asked = await pay(session.client_secret, buyer(shop.stripe.token(THREE_D_SECURE)));
    expect(asked).toMatchObject({ status: 200, body: { status: "open" } });
    const [attempt] = await attemptsOf(session.id);
    expect(attempt).toMatchObject({ status: "requires_action" });
    const intentId = attempt!.processor_payment_id!;
    // The buyer fails 3-D Secure, then Stripe.js confirms the same intent again with another card
    // before any of Stripe's events reached us.
    fake.completeNextAction(intentId, "fail");
    const retried = await shop.stripe.stripe.paymentIntents.confirm(intentId, {
      confirmation_token: shop.stripe.token(CARD),
    });
    expect(retried.status).toBe("succeeded");

    const events = eventsOf(shop, intentId);
    expect(events.map((e) => e.type)).toEqual([
      "payment_intent.requires_action",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
    await deliverNewestFirst(shop, events);
    expect(await attemptsOf(session.id)).toMatchObject([
      { id: attempt!.id, status: "succeeded", processor_payment_id: intentId },
    ]);
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded", payment_id: intentId });
    expect(await ordersOf(session.id)).toBe(1);
    // Each event made the job re-read the intent from Stripe.
    expect(
      fake
        .requests()
        .filter((r) => r.accountId === shop.stripe.accountId && r.path === `/v1/payment_intents/${intentId}`),
    ).toMatchObject([{ method: "GET" }, { method: "GET" }, { method: "GET" }]);
    expect(
      await db.stripeEvent.count({
        where: { organization_id: shop.organization.id, processed_at: { not: null } },
      }),
    ).toBe(3);
  });
});
