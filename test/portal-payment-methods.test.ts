// The buyer's saved cards in the portal (docs/portal.md, "Saved cards"): listed as the merchant
// sees them; removing one is refused while a subscription still bills it (400
// PaymentMethodInUseByActiveSubscription, nothing changed), and once none does the card is forgotten
// here in one transaction and detached at Stripe by a job after the commit (the fake on loopback).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { call } from "@/test/http";
import type { FakeServer, StripeFake } from "@/test/stripe-fake";
import { buyer, drainJobs, openCheckout, pay, startStripe, stripeShop } from "@/test/stripe-shop";
import { GET as listCards } from "@/app/v1/customer-portal/customers/me/payment-methods/route";
import { DELETE as removeCard } from "@/app/v1/customer-portal/customers/me/payment-methods/[id]/route";
import { FORGET_PAYMENT_METHOD_JOB } from "@/lib/payments/forget";

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

/** A buyer subscribed with a Stripe card, and their portal session. */
async function subscriber() {
  const shop = await stripeShop(db, { fake, server }, { price: MONTHLY });
  const session = await openCheckout(shop);
  expect((await pay(session.client_secret, buyer(shop.stripe.token("4242424242424242")))).status).toBe(200);
  await drainJobs(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
  const subscription = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
  const { token } = await createCustomerSession(db, subscription.customer_id, 60 * 60_000, new Date());
  return { shop, subscription, portal: token, ref: subscription.payment_method_ref! };
}

const remove = (portal: string, id: string) =>
  call(removeCard, { method: "DELETE", token: portal, params: { id } });

describe("the buyer's saved cards in the portal", () => {
  it("lists the card their subscription renews with", async () => {
    const { portal, subscription, ref } = await subscriber();
    const res = await call(listCards, { token: portal });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 1, max_page: 1 });
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: ref,
        processor: "stripe",
        customer_id: subscription.customer_id,
        type: "card",
        is_default: true,
        method_metadata: expect.objectContaining({ brand: "visa", last4: "4242" }),
      }),
    ]);
  });

  it("refuses to remove a card an active subscription bills, changing nothing", async () => {
    const { portal, subscription, ref } = await subscriber();
    const res = await remove(portal, ref);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "PaymentMethodInUseByActiveSubscription",
      detail: "This card pays for a subscription: add another card to it first, or cancel it.",
    });
    const row = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row.payment_method_ref).toBe(ref);
    expect(
      await db.job.count({
        where: { name: FORGET_PAYMENT_METHOD_JOB, payload: { path: ["ref"], equals: ref } },
      }),
    ).toBe(0);
  });

  it("removes a card no subscription bills any more: forgotten here, detached at Stripe after the commit", async () => {
    const { shop, portal, subscription, ref } = await subscriber();
    await db.subscription.update({ where: { id: subscription.id }, data: { cancel_at_period_end: true } });
    const res = await remove(portal, ref);
    expect(res.status).toBe(204);
    const row = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row.payment_method_ref).toBeNull();
    expect(await db.savedPaymentMethod.count({ where: { organization_id: shop.organization.id, ref } })).toBe(
      0,
    );
    expect((await call(listCards, { token: portal })).body.items).toEqual([]);
    // Stripe still has it attached until the job runs: the call is made after the commit.
    const paymentMethodId = ref.split("/")[1]!;
    expect((await shop.stripe.stripe.paymentMethods.retrieve(paymentMethodId)).customer).not.toBeNull();
    await drainJobs(db);
    expect((await shop.stripe.stripe.paymentMethods.retrieve(paymentMethodId)).customer).toBeNull();
    const job = await db.job.findFirstOrThrow({
      where: { name: FORGET_PAYMENT_METHOD_JOB, payload: { path: ["ref"], equals: ref } },
    });
    expect(job.status).toBe("succeeded");
    // Removed already: not found, and nothing enqueued again.
    expect((await remove(portal, ref)).status).toBe(404);
    expect(
      await db.job.count({
        where: { name: FORGET_PAYMENT_METHOD_JOB, payload: { path: ["ref"], equals: ref } },
      }),
    ).toBe(1);
  });

  it("answers 404 for another buyer's card and for one that never was, changing nothing", async () => {
    const first = await subscriber();
    const second = await subscriber();
    await db.subscription.update({
      where: { id: first.subscription.id },
      data: { cancel_at_period_end: true },
    });
    for (const id of [first.ref, "cus_nobody/pm_nothing", "x".repeat(255)]) {
      const res = await remove(second.portal, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Payment method not found." });
    }
    expect((await remove(second.portal, "x".repeat(256))).status).toBe(422);
    const row = await db.subscription.findUniqueOrThrow({ where: { id: first.subscription.id } });
    expect(row.payment_method_ref).toBe(first.ref);
  });

  it("needs the buyer's session", async () => {
    expect((await call(listCards, {})).status).toBe(401);
  });
});
