// The buyer adds a saved card in the portal (docs/portal.md, "Saved cards"): POST
// /v1/customer-portal/customers/me/payment-methods and …/confirm, through the real routes and jobs
// against the Stripe fake on loopback, and with the built-in test processor. The card is saved
// once whichever reports the bank's answer first (the buyer's confirm or Stripe's event); with
// set_default it becomes the card of the buyer's subscriptions that still bill, and a past_due one
// is charged for its unpaid period once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { createCustomer, createOrganization } from "@/lib/factories";
import { FORGET_PAYMENT_METHOD_JOB } from "@/lib/payments/forget";
import { scanRenewals } from "@/lib/subscriptions/renewals";
import { paymentMethodLabel } from "@/components/portal/format";
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
  type StripeShop,
} from "@/test/stripe-shop";
import {
  GET as listCards,
  POST as addCard,
} from "@/app/v1/customer-portal/customers/me/payment-methods/route";
import { POST as confirmCard } from "@/app/v1/customer-portal/customers/me/payment-methods/confirm/route";
import { DELETE as removeCard } from "@/app/v1/customer-portal/customers/me/payment-methods/[id]/route";
import { GET as getPortalSubscription } from "@/app/v1/customer-portal/subscriptions/[id]/route";
import { GET as merchantCards } from "@/app/v1/customers/[id]/payment-methods/route";

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
const VISA = "4242424242424242";
/** Succeeds, without any step: the card a subscriber first paid with. */
const PLAIN_VISA = "4000000000000259";
/** Asks for 3-D Secure on session once; charged off session after. */
const AUTHENTICATE_ONCE = "4000002500003155";
/** 3-D Secure every time: off session the bank declines (a renewal goes past_due). */
const ALWAYS_AUTHENTICATE = "4000000000003220";
const DECLINED = "4000000000000002";

type Added = { status: string; client_secret?: string; payment_method?: Record<string, unknown> };

const add = (portal: string, token: string, setDefault = false) =>
  call(addCard, {
    token: portal,
    body: { confirmation_token_id: token, set_default: setDefault, return_url: "https://example.com/portal" },
  });
const confirm = (portal: string, setupIntentId: string, setDefault = false) =>
  call(confirmCard, { token: portal, body: { setup_intent_id: setupIntentId, set_default: setDefault } });
const cardsOf = async (portal: string) =>
  (await call(listCards, { token: portal })).body.items as { id: string; is_default: boolean }[];

/** A buyer subscribed with a Stripe card (`card`), and their portal session. */
async function subscriber(card = PLAIN_VISA, shop?: StripeShop) {
  shop ??= await stripeShop(db, { fake, server }, { price: MONTHLY });
  const session = await openCheckout(shop);
  expect((await pay(session.client_secret, buyer(shop.stripe.token(card)))).status).toBe(200);
  await drainJobs(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
  const subscription = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
  const { token } = await createCustomerSession(db, subscription.customer_id, 60 * 60_000, new Date());
  return { shop, subscription, portal: token };
}

/** A subscriber whose first renewal the bank refused without them: past_due. */
async function pastDueSubscriber() {
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

const cycleOrders = (subscriptionId: string) =>
  db.order.findMany({ where: { subscription_id: subscriptionId, billing_reason: "subscription_cycle" } });

describe("a Stripe card added in the portal", () => {
  it("is saved at once, listed for the buyer and the merchant, and leaves the subscriptions as they were", async () => {
    const { shop, subscription, portal } = await subscriber();
    const res = await add(portal, shop.stripe.token(VISA));
    expect(res.status).toBe(200);
    const body = res.body as Added;
    expect(body).toEqual({
      status: "succeeded",
      payment_method: expect.objectContaining({
        id: expect.stringMatching(/^cus_\w+\/pm_\w+$/),
        processor: "stripe",
        customer_id: subscription.customer_id,
        type: "card",
        is_default: false,
        method_metadata: expect.objectContaining({ brand: "visa", last4: "4242" }),
      }),
    });
    const added = body.payment_method as { id: string; method_metadata: { brand: string; last4: string } };
    expect(paymentMethodLabel(added.method_metadata)).toBe("Visa ending in 4242");
    expect(added.id).not.toBe(subscription.payment_method_ref);
    // Listed after the subscription's card, which stays the default and keeps billing.
    expect((await cardsOf(portal)).map((card) => [card.id, card.is_default])).toEqual([
      [subscription.payment_method_ref, true],
      [added.id, false],
    ]);
    const merchant = await call(merchantCards, {
      token: shop.token,
      params: { id: subscription.customer_id },
    });
    expect(merchant.status).toBe(200);
    expect(merchant.body.items).toEqual(await cardsOf(portal));
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).payment_method_ref,
    ).toBe(subscription.payment_method_ref);
    // Saved on the buyer's Stripe customer through a recorded setup attempt.
    expect(
      await db.paymentAttempt.findFirstOrThrow({
        where: { customer_id: subscription.customer_id, kind: "setup" },
      }),
    ).toMatchObject({ status: "succeeded", payment_method_ref: added.id, subscription_id: null, amount: 0 });
  });

  it("with set_default becomes the card of the subscriptions that still bill", async () => {
    const { shop, subscription, portal } = await subscriber();
    const res = await add(portal, shop.stripe.token(VISA), true);
    expect(res.status).toBe(200);
    const added = (res.body as Added).payment_method as { id: string; is_default: boolean };
    expect(added.is_default).toBe(true);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      payment_method_ref: added.id,
      payment_processor: "stripe",
      status: "active",
    });
    const view = await call(getPortalSubscription, { token: portal, params: { id: subscription.id } });
    expect(view.body).toMatchObject({ payment_method: { brand: "visa", last4: "4242" } });
    // The old card stays a saved card of the buyer's and, billing nothing now, can go.
    expect((await cardsOf(portal)).map((card) => [card.id, card.is_default])).toEqual([
      [added.id, true],
      [subscription.payment_method_ref, false],
    ]);
    expect(
      (
        await call(removeCard, {
          method: "DELETE",
          token: portal,
          params: { id: subscription.payment_method_ref! },
        })
      ).status,
    ).toBe(204);
    expect((await cardsOf(portal)).map((card) => card.id)).toEqual([added.id]);
  });

  it("with set_default charges a past_due subscription's unpaid period once", async () => {
    const { shop, subscription, portal } = await pastDueSubscriber();
    const res = await add(portal, shop.stripe.token(VISA), true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "succeeded", payment_method: { is_default: true } });
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.status).toBe("active");
    expect(await cycleOrders(subscription.id)).toMatchObject([{ status: "paid", amount: 2_000 }]);
  });

  it("asks for 3-D Secure, then saves the card once on the buyer's confirm (Stripe's event after it changes nothing)", async () => {
    const { shop, subscription, portal } = await pastDueSubscriber();
    const asked = await add(portal, shop.stripe.token(AUTHENTICATE_ONCE), true);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      status: "requires_action",
      client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
    });
    const setupId = (asked.body as Added).client_secret!.split("_secret_")[0]!;
    // Nothing saved while the bank waits; asked again before the step: the same step.
    expect(await cardsOf(portal)).toHaveLength(1);
    expect((await confirm(portal, setupId)).body).toEqual(asked.body);

    fake.completeNextAction(setupId, "succeed");
    const done = await confirm(portal, setupId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "succeeded",
      payment_method: { is_default: true, method_metadata: { brand: "visa", last4: "3155" } },
    });
    const ref = ((done.body as Added).payment_method as { id: string }).id;
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "active",
      payment_method_ref: ref,
    });
    expect(await cycleOrders(subscription.id)).toHaveLength(1);

    expect((await confirm(portal, setupId)).status).toBe(200);
    await deliverEvents(fake, shop.organization.id, setupId);
    await drainJobs(db);
    expect(await cycleOrders(subscription.id)).toHaveLength(1);
    // The new card and the one the subscription left, each once.
    expect((await cardsOf(portal)).map((card) => card.id)).toEqual([ref, subscription.payment_method_ref]);
  });

  it("takes Stripe's event first: the card saved by the job, then the confirm answers it and charges once", async () => {
    const { shop, subscription, portal } = await pastDueSubscriber();
    const asked = await add(portal, shop.stripe.token(AUTHENTICATE_ONCE), true);
    const setupId = (asked.body as Added).client_secret!.split("_secret_")[0]!;
    fake.completeNextAction(setupId, "succeed");
    expect(await deliverEvents(fake, shop.organization.id, setupId)).toEqual([200, 200]);
    await drainJobs(db);
    const saved = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(saved.payment_method_ref).toMatch(/^cus_\w+\/pm_\w+$/);
    expect(saved.payment_method_ref).not.toBe(subscription.payment_method_ref);
    expect((await cardsOf(portal)).map((card) => card.id)).toContain(saved.payment_method_ref);

    const done = await confirm(portal, setupId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "succeeded",
      payment_method: { id: saved.payment_method_ref },
    });
    expect((await confirm(portal, setupId)).status).toBe(200);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "active",
    });
    expect(await cycleOrders(subscription.id)).toHaveLength(1);
    expect(
      await db.paymentAttempt.count({ where: { customer_id: subscription.customer_id, kind: "setup" } }),
    ).toBe(1);
  });

  it("refuses a declined card (400 PaymentMethodSetupFailed) and a failed 3-D Secure, saving nothing", async () => {
    const { shop, subscription, portal } = await subscriber();
    const declined = await add(portal, shop.stripe.token(DECLINED), true);
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ error: "PaymentMethodSetupFailed", detail: "Your card was declined." });

    const asked = await add(portal, shop.stripe.token(AUTHENTICATE_ONCE), true);
    const setupId = (asked.body as Added).client_secret!.split("_secret_")[0]!;
    fake.completeNextAction(setupId, "fail");
    const failed = await confirm(portal, setupId);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ error: "PaymentMethodSetupFailed" });

    expect((await cardsOf(portal)).map((card) => card.id)).toEqual([subscription.payment_method_ref]);
    expect(await db.savedPaymentMethod.count({ where: { customer_id: subscription.customer_id } })).toBe(0);
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).payment_method_ref,
    ).toBe(subscription.payment_method_ref);
  });

  it("does not let another buyer confirm the setup (404), nor a setup that never was", async () => {
    const { shop, portal } = await subscriber();
    const other = await subscriber(PLAIN_VISA, shop);
    const asked = await add(portal, shop.stripe.token(AUTHENTICATE_ONCE));
    const setupId = (asked.body as Added).client_secret!.split("_secret_")[0]!;
    fake.completeNextAction(setupId, "succeed");
    const foreign = await confirm(other.portal, setupId);
    expect(foreign.status).toBe(404);
    expect(await cardsOf(other.portal)).toHaveLength(1);
    expect((await confirm(portal, "seti_nothing")).status).toBe(404);
    expect((await confirm(portal, setupId)).status).toBe(200);
    expect(await cardsOf(portal)).toHaveLength(2);
  });

  it("removes an added card no subscription uses: forgotten here, detached at Stripe by the job", async () => {
    const { shop, portal } = await subscriber();
    const res = await add(portal, shop.stripe.token(VISA));
    const ref = ((res.body as Added).payment_method as { id: string }).id;
    expect((await call(removeCard, { method: "DELETE", token: portal, params: { id: ref } })).status).toBe(
      204,
    );
    expect((await cardsOf(portal)).map((card) => card.id)).not.toContain(ref);
    await drainJobs(db);
    expect((await shop.stripe.stripe.paymentMethods.retrieve(ref.split("/")[1]!)).customer).toBeNull();
    expect(
      await db.job.findFirstOrThrow({
        where: { name: FORGET_PAYMENT_METHOD_JOB, payload: { path: ["ref"], equals: ref } },
      }),
    ).toMatchObject({ status: "succeeded" });
    expect((await call(removeCard, { method: "DELETE", token: portal, params: { id: ref } })).status).toBe(
      404,
    );
  });
});

describe("a card added where the organization has no Stripe", () => {
  it("is saved by the built-in test processor in a test organization", async () => {
    const organization = await createOrganization(db);
    const customer = await createCustomer(db, organization.id);
    const { token: portal } = await createCustomerSession(db, customer.id, 60 * 60_000, new Date());
    const declined = await add(portal, "tok_chargeDeclined");
    expect(declined.status).toBe(400);
    expect(declined.body).toEqual({ error: "PaymentMethodSetupFailed", detail: "Your card was declined." });
    const res = await add(portal, "tok_visa", true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "succeeded",
      payment_method: expect.objectContaining({
        id: "pm_test_tok_visa",
        processor: "test",
        customer_id: customer.id,
        is_default: true,
      }),
    });
    expect((await cardsOf(portal)).map((card) => card.id)).toEqual(["pm_test_tok_visa"]);
    // A test processor never asks for a step: nothing to confirm.
    expect((await confirm(portal, "seti_x")).status).toBe(404);
    expect(
      (await call(removeCard, { method: "DELETE", token: portal, params: { id: "pm_test_tok_visa" } }))
        .status,
    ).toBe(204);
    expect(await cardsOf(portal)).toEqual([]);
  });

  it("answers 403 CustomerNotReady in a live organization without Stripe, recording nothing", async () => {
    const organization = await createOrganization(db, { livemode: true });
    const customer = await createCustomer(db, organization.id);
    const { token: portal } = await createCustomerSession(db, customer.id, 60 * 60_000, new Date());
    for (const res of [await add(portal, "tok_visa"), await confirm(portal, "seti_x")]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "CustomerNotReady", detail: "This store cannot save cards yet." });
    }
    expect(await db.paymentAttempt.count({ where: { organization_id: organization.id } })).toBe(0);
  });

  it("needs the buyer's session and a valid body", async () => {
    expect(
      (await call(addCard, { body: { confirmation_token_id: "tok_visa", set_default: false } })).status,
    ).toBe(401);
    const organization = await createOrganization(db);
    const customer = await createCustomer(db, organization.id);
    const { token: portal } = await createCustomerSession(db, customer.id, 60 * 60_000, new Date());
    expect((await call(addCard, { token: portal, body: { set_default: true } })).status).toBe(422);
    expect(
      (
        await call(addCard, {
          token: portal,
          body: { confirmation_token_id: "tok_visa", return_url: "javascript:x" },
        })
      ).status,
    ).toBe(422);
  });
});
