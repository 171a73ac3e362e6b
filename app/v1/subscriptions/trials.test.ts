// Free trials (docs/subscriptions.md "Trials"), through the real routes: a product's trial, a
// checkout's and a checkout link's; the checkout saves the card without charging; the subscription
// is `trialing` with a free order until trial_end, a reminder three days before, then its first
// charge (the renewal, through the test clock); cancel during the trial ends it without a charge;
// one trial per customer (403 TrialAlreadyRedeemed, then allow_trial false pays at once).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createDiscount, createOrganization, createToken } from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { addInterval } from "@/lib/subscriptions/periods";
import { TRIAL_REMINDER_JOB } from "@/lib/subscriptions/trial-reminder";
import { openCheckoutLink } from "@/lib/checkout-links/open";
import { decrypt } from "@/lib/secrets";
import { emailBodyContext } from "@/lib/email/queue";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventReader } from "@/test/webhook-events";
import { POST as createProduct } from "@/app/v1/products/route";
import { PATCH as updateProduct } from "@/app/v1/products/[id]/route";
import { POST as createCheckout } from "@/app/v1/checkouts/route";
import { POST as createLink } from "@/app/v1/checkout-links/route";
import {
  GET as getClientCheckout,
  PATCH as updateClient,
} from "@/app/v1/checkouts/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/client/[client_secret]/confirm/route";
import { PATCH as updateSubscription } from "@/app/v1/subscriptions/[id]/route";
import { POST as renew } from "@/app/v1/subscriptions/[id]/renew/route";
import { GET as customerState } from "@/app/v1/customers/[id]/state/route";

const DAY = 86_400_000;
let db: Db;
let organizationId: string;
let token: string;
let productId: string;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Trial Tools" })).id;
  token = (await createToken(db, organizationId)).token;
  const res = await call(createProduct, {
    token,
    body: {
      name: "Trial Pro",
      recurring_interval: "month",
      trial_interval: "day",
      trial_interval_count: 14,
      prices: [{ amount_type: "fixed", price_amount: 1000 }],
    },
  });
  expect(res.status).toBe(201);
  productId = res.body.id;
});

/** Drains every due job at `now` (checkout processing, emails, webhooks). */
async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

async function openCheckout(body: Record<string, unknown> = {}) {
  const res = await call(createCheckout, { token, body: { products: [productId], ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: string; client_secret: string } & Record<string, unknown>;
}

function buyer() {
  buyers += 1;
  return `trial${buyers}@example.com`;
}

function pay(clientSecret: string, email: string, extra: Record<string, unknown> = {}) {
  return call(confirm, {
    params: { client_secret: clientSecret },
    body: {
      customer_email: email,
      customer_name: "Trial Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
      ...extra,
    },
  });
}

/** A confirmed, processed trial checkout: its subscription. */
async function startTrial(email = buyer()) {
  const checkout = await openCheckout();
  expect((await pay(checkout.client_secret, email)).status).toBe(200);
  await drainJobs();
  return db.subscription.findFirstOrThrow({ where: { checkout_id: checkout.id } });
}

describe("a product's trial", () => {
  it("is set, answered and removed through the products API; a one-time product has none", async () => {
    const created = await call(createProduct, {
      token,
      body: {
        name: "Weekly trial",
        recurring_interval: "year",
        trial_interval: "week",
        prices: [{ amount_type: "fixed", price_amount: 9900 }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ trial_interval: "week", trial_interval_count: 1 });

    const removed = await call(updateProduct, {
      token,
      params: { id: created.body.id },
      body: { trial_interval: null },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ trial_interval: null, trial_interval_count: null });

    const oneTime = await call(createProduct, {
      token,
      body: { name: "Once", trial_interval: "day", prices: [{ amount_type: "fixed", price_amount: 500 }] },
    });
    expect(oneTime.status).toBe(422);
    expect(oneTime.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "trial_interval"],
        msg: "A trial is for recurring products only.",
        input: "day",
      },
    ]);
    const tooLong = await call(updateProduct, {
      token,
      params: { id: productId },
      body: { trial_interval_count: 1001 },
    });
    expect(tooLong.status).toBe(422);
  });
});

describe("a trial checkout", () => {
  it("offers the product's trial: nothing due now, the card saved, the price after it", async () => {
    const before = Date.now();
    const checkout = await openCheckout();
    expect(checkout).toMatchObject({
      allow_trial: true,
      trial_interval: null,
      trial_interval_count: null,
      active_trial_interval: "day",
      active_trial_interval_count: 14,
      total_amount: 1000,
      is_payment_required: false,
      is_payment_setup_required: true,
      is_payment_form_required: true,
    });
    const trialEnd = new Date(checkout.trial_end as string).getTime();
    expect(trialEnd).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(trialEnd).toBeLessThanOrEqual(Date.now() + 14 * DAY);

    // The merchant's own trial for this checkout, or none at all.
    const own = await openCheckout({ trial_interval: "month", trial_interval_count: 1 });
    expect(own).toMatchObject({ active_trial_interval: "month", active_trial_interval_count: 1 });
    const none = await openCheckout({ allow_trial: false });
    expect(none).toMatchObject({
      allow_trial: false,
      active_trial_interval: null,
      trial_end: null,
      is_payment_required: true,
    });
  });

  it("saves the card, starts a trialing subscription with a free order, and reminds before the charge", async () => {
    const endpoint = await createWebhookEndpoint(db, organizationId);
    const events = eventReader(db, endpoint.id);
    await events();
    const email = buyer();
    const checkout = await openCheckout();
    const res = await pay(checkout.client_secret, email);
    expect(res.status).toBe(200);
    const attempts = await db.paymentAttempt.findMany({ where: { checkout_id: checkout.id } });
    expect(attempts.map((a) => [a.kind, a.status, a.amount])).toEqual([["setup", "succeeded", 0]]);
    await drainJobs();

    const session = await db.checkoutSession.findUniqueOrThrow({ where: { id: checkout.id } });
    const subscription = await db.subscription.findFirstOrThrow({ where: { checkout_id: checkout.id } });
    expect(subscription).toMatchObject({
      status: "trialing",
      amount: 1000,
      trial_end: session.trial_end,
      current_period_end: session.trial_end,
    });
    expect(subscription.trial_start).not.toBeNull();
    expect(subscription.payment_method_ref).toBe(`pm_test_${TEST_TOKENS.succeeds}`);
    const orders = await db.order.findMany({ where: { subscription_id: subscription.id } });
    expect(orders.map((o) => [o.billing_reason, o.amount, o.tax_amount, o.status])).toEqual([
      ["subscription_create", 0, 0, "paid"],
    ]);
    // Its receipt says when the first charge comes, and what it is.
    const receipt = await db.email.findFirstOrThrow({
      where: { order_id: orders[0]!.id, kind: "order_receipt" },
    });
    expect(decrypt(receipt.text_sealed, emailBodyContext(receipt.id, "text"))).toMatch(
      /Free trial until [A-Z][a-z]+ \d{1,2}, \d{4}, then \$10\.00 \/ month\./,
    );
    const types = (await events()).map((e) => e.type);
    expect(types).toContain("subscription.created");
    expect(types).not.toContain("subscription.active");

    // The state lists the trial as a live subscription.
    const state = await call(customerState, { token, params: { id: subscription.customer_id } });
    expect(state.body.active_subscriptions).toMatchObject([
      { id: subscription.id, status: "trialing", trial_end: session.trial_end!.toISOString() },
    ]);

    // The reminder: three days before the end, with what the first charge will be.
    const reminder = await db.job.findFirstOrThrow({
      where: { name: TRIAL_REMINDER_JOB, dedupe_key: { contains: subscription.id } },
    });
    expect(reminder.run_at).toEqual(new Date(session.trial_end!.getTime() - 3 * DAY));
    await drainJobs(reminder.run_at);
    const sent = await db.email.findFirstOrThrow({
      where: { subscription_id: subscription.id, kind: "subscription_trial_ending" },
    });
    expect(sent.subject).toMatch(/^\[Test\] Your Trial Pro trial ends on /);
    expect(decrypt(sent.text_sealed, emailBodyContext(sent.id, "text"))).toContain(
      "Your card will then be charged $10.00",
    );
  });

  it("charges the first period when the trial ends and becomes active", async () => {
    const subscription = await startTrial();
    const trialEnd = subscription.trial_end!;
    const res = await call(renew, { token, params: { id: subscription.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "active",
      trial_end: trialEnd.toISOString(),
      current_period_start: trialEnd.toISOString(),
      current_period_end: addInterval(trialEnd, "month").toISOString(),
    });
    const cycle = await db.order.findMany({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(cycle.map((o) => [o.amount, o.status])).toEqual([[1000, "paid"]]);
  });

  it("takes a once discount off the first charge after the trial, not the free order", async () => {
    const discount = await createDiscount(db, organizationId, {
      type: "percentage",
      basis_points: 5000,
      duration: "once",
    });
    const checkout = await openCheckout({ discount_id: discount.id });
    expect((await pay(checkout.client_secret, buyer())).status).toBe(200);
    await drainJobs();
    const subscription = await db.subscription.findFirstOrThrow({ where: { checkout_id: checkout.id } });
    expect(subscription.discount_id).toBe(discount.id);
    await call(renew, { token, params: { id: subscription.id } });
    await call(renew, { token, params: { id: subscription.id } });
    const cycles = await db.order.findMany({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
      orderBy: { created_at: "asc" },
    });
    expect(cycles.map((o) => o.amount)).toEqual([500, 1000]);
  });

  it("canceled during the trial, ends at its end without a charge", async () => {
    const subscription = await startTrial();
    const canceled = await call(updateSubscription, {
      token,
      params: { id: subscription.id },
      body: { cancel_at_period_end: true },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: "trialing", cancel_at_period_end: true });
    const res = await call(renew, { token, params: { id: subscription.id } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("canceled");
    expect(await db.paymentAttempt.count({ where: { subscription_id: subscription.id } })).toBe(0);
    expect(
      await db.order.count({
        where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
      }),
    ).toBe(0);
  });
});

describe("one trial per customer", () => {
  it("refuses a second trial for the same email (403), then charges at once without it", async () => {
    const email = buyer();
    const first = await startTrial(email);
    // Ended (the organization allows one live subscription per buyer): only the trial is left to refuse.
    await db.subscription.update({
      where: { id: first.id },
      data: { status: "canceled", ended_at: new Date() },
    });
    const second = await openCheckout();
    const refused = await pay(second.client_secret, email.toUpperCase());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "TrialAlreadyRedeemed",
      detail: "You have already had a free trial: subscribe without one (allow_trial false) to go on.",
    });
    expect(await db.paymentAttempt.count({ where: { checkout_id: second.id } })).toBe(0);
    const still = await call(getClientCheckout, { params: { client_secret: second.client_secret } });
    expect(still.body).toMatchObject({ status: "open", allow_trial: true });

    const declined = await call(updateClient, {
      params: { client_secret: second.client_secret },
      body: { allow_trial: false },
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ trial_end: null, is_payment_required: true });
    // The buyer cannot give themselves a trial back.
    const again = await call(updateClient, {
      params: { client_secret: second.client_secret },
      body: { allow_trial: true },
    });
    expect(again.status).toBe(422);

    expect((await pay(second.client_secret, email)).status).toBe(200);
    await drainJobs();
    const subscription = await db.subscription.findFirstOrThrow({ where: { checkout_id: second.id } });
    expect(subscription).toMatchObject({ status: "active", trial_start: null, trial_end: null });
    const orders = await db.order.findMany({ where: { subscription_id: subscription.id } });
    expect(orders.map((o) => o.amount)).toEqual([1000]);
  });
});

describe("a checkout link's trial", () => {
  it("opens sessions with the link's trial instead of the product's", async () => {
    const link = await call(createLink, {
      token,
      body: { products: [productId], trial_interval: "week", trial_interval_count: 2 },
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ trial_interval: "week", trial_interval_count: 2 });
    const opened = await openCheckoutLink(db, link.body.id);
    if (opened.kind !== "session") throw new Error(opened.kind);
    const session = await call(getClientCheckout, { params: { client_secret: opened.clientSecret } });
    expect(session.body).toMatchObject({
      trial_interval: "week",
      trial_interval_count: 2,
      active_trial_interval: "week",
      active_trial_interval_count: 2,
    });
  });
});
