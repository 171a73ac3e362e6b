// Stripe SetupIntents that ask for 3-D Secure. First, a checkout with nothing due now (a first
// period at 100% off) saves the card through one and completes when the buyer has confirmed. Then a
// subscription paid with Stripe whose renewal the bank refused without the buyer
// (`authentication_required`): dunning, then the buyer's new card in the portal through a Stripe
// SetupIntent with 3-D Secure (docs/payments.md, "Stripe"), through the real routes and jobs
// against the Stripe fake. The card is saved once and the unpaid period charged once, whichever
// path reports the bank's answer first: the portal's re-read after the step, or Stripe's event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { createDiscount } from "@/lib/factories";
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
import { GET as getSubscription } from "@/app/v1/customer-portal/subscriptions/[id]/route";
import { POST as createCheckout } from "@/app/v1/checkouts/custom/route";
import { POST as updatePaymentMethod } from "@/app/v1/customer-portal/subscriptions/[id]/payment-method/route";
import { POST as completePaymentMethod } from "@/app/v1/customer-portal/subscriptions/[id]/payment-method/complete/route";

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
/** 3-D Secure every time: on session it asks, off session the bank declines. */
const ALWAYS_AUTHENTICATE = "4000000000003220";
/** Asks on session once; the card saved after it is charged off session. */
const AUTHENTICATE_ONCE = "4000002500003155";

/** A monthly subscription whose first renewal failed for want of the buyer: past_due. */
async function pastDueSubscription() {
  const shop = await stripeShop(db, { fake, server }, { price: MONTHLY });
  const session = await openCheckout(shop);
  expect((await pay(session.client_secret, buyer(shop.stripe.token(ALWAYS_AUTHENTICATE)))).status).toBe(200);
  const charge = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
  fake.completeNextAction(charge.processor_payment_id!, "succeed");
  await deliverEvents(fake, shop.organization.id, charge.processor_payment_id!);
  await drainJobs(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
  const started = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
  const at = new Date(started.current_period_end!.getTime() + 60_000);
  await db.$transaction((tx) => scanRenewals(tx, at));
  await drainJobs(db, at);
  const subscription = await db.subscription.findUniqueOrThrow({ where: { id: started.id } });
  expect(subscription.status).toBe("past_due");
  const { token } = await createCustomerSession(db, subscription.customer_id, 60 * 60_000, new Date());
  return { shop, subscription, portal: token };
}

const newCard = (portal: string, id: string, token: string) =>
  call(updatePaymentMethod, { token: portal, params: { id }, body: { token } });
const complete = (portal: string, id: string) =>
  call(completePaymentMethod, { token: portal, params: { id } });

const cycleOrders = (subscriptionId: string) =>
  db.order.findMany({ where: { subscription_id: subscriptionId, billing_reason: "subscription_cycle" } });
const chargesOfNewCards = (subscriptionId: string) =>
  db.paymentAttempt.findMany({
    where: { subscription_id: subscriptionId, kind: "renewal", reference: { contains: ":method:" } },
  });

describe("a checkout with nothing due now, with a card that asks for 3-D Secure", () => {
  it("answers the SetupIntent's step, then completes once from Stripe's event with the card saved", async () => {
    const shop = await stripeShop(db, { fake, server }, { price: MONTHLY });
    const free = await createDiscount(db, shop.organization.id, { basis_points: 10_000, duration: "once" });
    const created = await call(createCheckout, {
      token: shop.token,
      body: { product_price_id: shop.product.price.id, discount_id: free.id },
    });
    expect(created.status).toBe(201);
    const session = created.body as { id: string; client_secret: string };
    const asked = await pay(session.client_secret, buyer(shop.stripe.token(AUTHENTICATE_ONCE)));
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: "open",
      total_amount: 0,
      payment_processor_metadata: {
        next_action: { type: "use_stripe_sdk", client_secret: expect.stringMatching(/^seti_\w+_secret_/) },
      },
    });
    const setup = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
    expect(setup).toMatchObject({
      kind: "setup",
      status: "requires_action",
      processor_payment_id: expect.stringMatching(/^seti_/),
    });

    fake.completeNextAction(setup.processor_payment_id!, "succeed");
    await deliverEvents(fake, shop.organization.id, setup.processor_payment_id!);
    await deliverEvents(fake, shop.organization.id, setup.processor_payment_id!);
    await drainJobs(db);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "succeeded",
    });
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
    expect(order).toMatchObject({ amount: 0 });
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
    const subscription = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
    expect(subscription.payment_method_ref).toMatch(/^cus_\w+\/pm_\w+$/);
  });
});

describe("a new card in the portal for a Stripe subscription in dunning", () => {
  it("shows the portal Stripe's form: the processor and the organization's publishable key", async () => {
    const { shop, subscription, portal } = await pastDueSubscription();
    const view = await call(getSubscription, { token: portal, params: { id: subscription.id } });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      status: "past_due",
      payment_processor: "stripe",
      payment_processor_metadata: { publishable_key: shop.stripe.publishableKey },
    });
  });

  it("asks for 3-D Secure, then saves the card and charges the unpaid period once (the portal's re-read)", async () => {
    const { shop, subscription, portal } = await pastDueSubscription();
    const asked = await newCard(portal, subscription.id, shop.stripe.token(AUTHENTICATE_ONCE));
    expect(asked.status).toBe(200);
    const step = (asked.body as { next_action: { type: string; client_secret: string } }).next_action;
    expect(step).toEqual({
      type: "use_stripe_sdk",
      client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
    });
    expect(asked.body).toMatchObject({ status: "past_due" });
    // Nothing saved nor charged while the bank waits for the buyer.
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).payment_method_ref,
    ).toBe(subscription.payment_method_ref);
    const setupId = step.client_secret.split("_secret_")[0]!;
    const setup = await db.paymentAttempt.findFirstOrThrow({
      where: { subscription_id: subscription.id, kind: "setup" },
    });
    expect(setup).toMatchObject({
      status: "requires_action",
      processor_payment_id: setupId,
      processor: "stripe",
    });

    // Asked again before the step: the same step.
    const early = await complete(portal, subscription.id);
    expect(early.status).toBe(200);
    expect((early.body as { next_action: unknown }).next_action).toEqual(step);

    fake.completeNextAction(setupId, "succeed");
    const done = await complete(portal, subscription.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "active", next_action: null });
    const saved = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(saved.payment_method_ref).toMatch(/^cus_\w+\/pm_\w+$/);
    expect(saved.payment_method_ref).not.toBe(subscription.payment_method_ref);
    expect(await cycleOrders(subscription.id)).toMatchObject([{ status: "paid", amount: 2_000 }]);
    // The buyer recognizes the card they entered, in the portal and on the charge.
    expect(done.body).toMatchObject({ payment_method: { brand: "visa", last4: "3155" } });
    expect(await chargesOfNewCards(subscription.id)).toMatchObject([
      { card_brand: "visa", card_last4: "3155" },
    ]);

    // Asked again, then Stripe's events: nothing more is saved or charged.
    expect((await complete(portal, subscription.id)).status).toBe(200);
    await deliverEvents(fake, shop.organization.id, setupId);
    await drainJobs(db);
    expect(await cycleOrders(subscription.id)).toHaveLength(1);
    const [charge] = await chargesOfNewCards(subscription.id);
    expect(charge).toMatchObject({ status: "succeeded", amount: 2_000 });
    const creates = fake.requests().filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    expect(creates.filter((r) => r.idempotencyKey === `${charge!.idempotency_key}:create`)).toHaveLength(1);
  });

  it("takes Stripe's event first: the card saved by the job, then the page's re-read charges the period", async () => {
    const { shop, subscription, portal } = await pastDueSubscription();
    const asked = await newCard(portal, subscription.id, shop.stripe.token(AUTHENTICATE_ONCE));
    const secret = (asked.body as { next_action: { client_secret: string } }).next_action.client_secret;
    const setupId = secret.split("_secret_")[0]!;
    fake.completeNextAction(setupId, "succeed");
    expect(await deliverEvents(fake, shop.organization.id, setupId)).toEqual([200, 200]);
    await drainJobs(db);
    const saved = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(saved.payment_method_ref).toMatch(/^cus_\w+\/pm_\w+$/);
    expect(saved.payment_method_ref).not.toBe(subscription.payment_method_ref);
    expect(saved.status).toBe("past_due");

    const done = await complete(portal, subscription.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "active", next_action: null });
    expect(await cycleOrders(subscription.id)).toHaveLength(1);
  });

  it("shows the card's new number and expiry when the bank updates it (payment_method.automatically_updated)", async () => {
    const { shop, subscription, portal } = await pastDueSubscription();
    const before = await call(getSubscription, { token: portal, params: { id: subscription.id } });
    expect(before.body).toMatchObject({ payment_method: { brand: "visa", last4: "3220" } });
    const paymentMethod = subscription.payment_method_ref!.split("/")[1]!;
    fake.updatePaymentMethodCard(paymentMethod, { last4: "1881", exp_month: 1, exp_year: 2033 });
    expect(await deliverEvents(fake, shop.organization.id, paymentMethod)).toEqual([200]);
    await drainJobs(db);
    const after = await call(getSubscription, { token: portal, params: { id: subscription.id } });
    expect(after.body).toMatchObject({ payment_method: { brand: "visa", last4: "1881" } });
    expect(
      await db.savedPaymentMethod.findUniqueOrThrow({
        where: {
          organization_id_ref: {
            organization_id: shop.organization.id,
            ref: subscription.payment_method_ref!,
          },
        },
      }),
    ).toMatchObject({ processor: "stripe", last4: "1881", exp_month: 1, exp_year: 2033 });
    // The renewals still charge the same card.
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).payment_method_ref,
    ).toBe(subscription.payment_method_ref);
  });

  it("keeps everything as it was when the buyer fails 3-D Secure: 400 with the bank's reason", async () => {
    const { shop, subscription, portal } = await pastDueSubscription();
    const asked = await newCard(portal, subscription.id, shop.stripe.token(AUTHENTICATE_ONCE));
    const secret = (asked.body as { next_action: { client_secret: string } }).next_action.client_secret;
    fake.completeNextAction(secret.split("_secret_")[0]!, "fail");
    const refused = await complete(portal, subscription.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: "PaymentError",
      detail: expect.stringContaining("authentication"),
    });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "past_due",
      payment_method_ref: subscription.payment_method_ref,
    });
    expect(await cycleOrders(subscription.id)).toHaveLength(0);
  });

  it("saves a card that needs no step at once; refuses another buyer's subscription (404)", async () => {
    const { shop, subscription, portal } = await pastDueSubscription();
    const other = await pastDueSubscription();
    const foreign = await newCard(other.portal, subscription.id, shop.stripe.token("4242424242424242"));
    expect(foreign.status).toBe(404);
    expect((await complete(other.portal, subscription.id)).status).toBe(404);
    // No card was ever given: nothing to complete.
    expect((await complete(portal, subscription.id)).status).toBe(404);

    const saved = await newCard(portal, subscription.id, shop.stripe.token("4242424242424242"));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "active", next_action: null });
    expect(await cycleOrders(subscription.id)).toHaveLength(1);
  });
});
