// After a Stripe payment (docs/payments.md, "Stripe"), through the real routes and jobs against the
// Stripe fake: a subscription saves the card on the buyer's Stripe Customer and renews off session
// with it; a card that needs the buyer at each charge goes to dunning; refunds are Stripe refunds
// of the order's PaymentIntent, settled later by Stripe's events when Stripe says `pending`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { scanRenewals } from "@/lib/subscriptions/renewals";
import { call } from "@/test/http";
import type { FakeServer, StripeFake } from "@/test/stripe-fake";
import {
  buyer,
  deliverEvents,
  drainJobs,
  openCheckout,
  pay,
  startStripe,
  stripeShop,
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

const MONTHLY = { recurring_interval: "month" as const, price_amount: 2_000 };

/** A monthly subscription bought with `card` (3-D Secure completed when it asks). */
async function subscribe(card: string) {
  const shop = await stripeShop(db, { fake, server }, { price: MONTHLY });
  const session = await openCheckout(shop);
  const answer = await pay(session.client_secret, buyer(shop.stripe.token(card)));
  expect(answer.status).toBe(200);
  const charge = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
  if (charge.status === "requires_action") {
    fake.completeNextAction(charge.processor_payment_id!, "succeed");
    await deliverEvents(fake, shop.organization.id, charge.processor_payment_id!);
  }
  await drainJobs(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
  const subscription = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
  return { shop, session, order, subscription };
}

/** The renewal a month later, as the scheduled scan and its jobs run it. */
async function renew(subscriptionId: string) {
  const subscription = await db.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
  const at = new Date(subscription.current_period_end!.getTime() + 60_000);
  await db.$transaction((tx) => scanRenewals(tx, at));
  await drainJobs(db, at);
  return db.paymentAttempt.findFirstOrThrow({
    where: { subscription_id: subscriptionId, kind: "renewal" },
    orderBy: { created_at: "desc" },
  });
}

describe("a subscription paid with Stripe", () => {
  it("saves the card on the buyer's Stripe Customer and renews off session with it", async () => {
    const { shop, subscription } = await subscribe("4242424242424242");
    const customer = await db.stripeCustomer.findFirstOrThrow({
      where: { organization_id: shop.organization.id },
    });
    expect(subscription.payment_method_ref).toMatch(new RegExp(`^${customer.stripe_customer_id}/pm_`));

    const renewal = await renew(subscription.id);
    expect(renewal).toMatchObject({
      status: "succeeded",
      amount: 2_000,
      processor: "stripe",
      processor_payment_id: expect.stringMatching(/^pi_/),
    });
    expect(
      await db.order.count({
        where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
      }),
    ).toBe(1);
    const confirmCall = fake
      .requests()
      .find((r) => r.path === `/v1/payment_intents/${renewal.processor_payment_id}/confirm`);
    expect(confirmCall?.idempotencyKey).toBe(`${renewal.idempotency_key}:confirm`);
  });

  it("goes to dunning when the bank wants the buyer at the renewal (authentication_required)", async () => {
    const { subscription } = await subscribe("4000002760003184");
    const renewal = await renew(subscription.id);
    expect(renewal).toMatchObject({ status: "failed", failure_code: "authentication_required" });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "past_due",
    });
  });
});

describe("a refund of a Stripe payment", () => {
  async function paidOrder() {
    const shop = await stripeShop(db, { fake, server });
    const session = await openCheckout(shop);
    expect((await pay(session.client_secret, buyer(shop.stripe.token("4242424242424242")))).status).toBe(200);
    await drainJobs(db);
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
    const charge = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
    return { shop, order, charge };
  }

  function refund(shop: { token: string }, orderId: string, amount: number) {
    return call(createRefund, {
      token: shop.token,
      body: { order_id: orderId, amount, reason: "customer_request" },
    });
  }

  it("is a Stripe refund of the order's PaymentIntent, for the amount asked, with the attempt's key", async () => {
    const { shop, order, charge } = await paidOrder();
    const made = await refund(shop, order.id, 1_500);
    expect(made.status).toBe(201);
    await drainJobs(db);
    const attempt = await db.paymentAttempt.findFirstOrThrow({
      where: { kind: "refund", order_id: order.id },
    });
    expect(attempt).toMatchObject({
      status: "succeeded",
      amount: 1_500,
      refunded_payment_id: charge.processor_payment_id,
      processor_payment_id: expect.stringMatching(/^re_/),
    });
    expect(fake.requests().find((r) => r.path === "/v1/refunds")?.idempotencyKey).toBe(
      attempt.idempotency_key,
    );
    expect(await db.refund.findUniqueOrThrow({ where: { id: made.body.id } })).toMatchObject({
      status: "succeeded",
    });
  });

  it("stays pending while Stripe says so, then settles by Stripe's event: succeeded, or failed and released", async () => {
    fake.setRefundsPending(true);
    try {
      const { shop, order } = await paidOrder();
      const first = await refund(shop, order.id, 1_000);
      const second = await refund(shop, order.id, 2_000);
      await drainJobs(db);
      const attempts = await db.paymentAttempt.findMany({
        where: { kind: "refund", order_id: order.id },
        orderBy: { amount: "asc" },
      });
      expect(attempts.map((a) => a.status)).toEqual(["pending", "pending"]);
      expect((await db.refund.findUniqueOrThrow({ where: { id: first.body.id } })).status).toBe("pending");

      fake.settleRefund(attempts[0]!.processor_payment_id!, "succeeded");
      fake.settleRefund(attempts[1]!.processor_payment_id!, "failed");
      for (const attempt of attempts) {
        await deliverEvents(fake, shop.organization.id, attempt.processor_payment_id!);
      }
      await drainJobs(db);
      expect((await db.refund.findUniqueOrThrow({ where: { id: first.body.id } })).status).toBe("succeeded");
      expect((await db.refund.findUniqueOrThrow({ where: { id: second.body.id } })).status).toBe("failed");
      // What failed is released: the order keeps only the refund that went through.
      expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
        refunded_amount: expect.any(Number),
        status: "partially_refunded",
      });
    } finally {
      fake.setRefundsPending(false);
    }
  });
});

describe("a dispute of a Stripe payment", () => {
  it("is recorded from Stripe's events, re-read from Stripe: created, then lost and closed", async () => {
    const shop = await stripeShop(db, { fake, server });
    const session = await openCheckout(shop);
    expect((await pay(session.client_secret, buyer(shop.stripe.token("4000000000000259")))).status).toBe(200);
    await drainJobs(db);
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
    const charge = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });

    const opened = fake.createDispute(charge.processor_payment_id!, { reason: "fraudulent" });
    expect(await deliverEvents(fake, shop.organization.id, opened.id)).toEqual([200]);
    await drainJobs(db);
    expect(await db.dispute.findMany({ where: { order_id: order.id } })).toMatchObject([
      { processor_dispute_id: opened.id, status: "needs_response", reason: "fraudulent", amount: 4900 },
    ]);

    fake.updateDispute(opened.id, { status: "lost" });
    // Stripe delivers every event of the dispute again (and out of order): only its state counts.
    await deliverEvents(fake, shop.organization.id, opened.id);
    await drainJobs(db);
    expect(await db.dispute.findMany({ where: { order_id: order.id } })).toMatchObject([
      { status: "lost", closed_at: expect.any(Date) },
    ]);
  });
});
