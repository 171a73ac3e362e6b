// Plan changes (docs/subscriptions.md "Plan changes"), through the real routes: the preview; an
// upgrade charged now (`invoice`: the prorated difference, its own order, the benefits moved); a
// downgrade carried to the next renewal (`prorate`: a credit); a change at the next renewal
// (`next_period`: a pending update the renewal applies); a declined charge carried to the renewal;
// a trial switching for free; and the refusals (another interval, one-time, the same product,
// past due, ended).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { addInterval } from "@/lib/subscriptions/periods";
import { proratedDifference } from "@/lib/subscriptions/plan-change";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventReader } from "@/test/webhook-events";
import { PATCH as update } from "./[id]/route";
import { GET as preview } from "./[id]/plan-change-preview/route";
import { POST as renew } from "./[id]/renew/route";
import { PATCH as portalPatch } from "@/app/v1/customer-portal/subscriptions/[id]/route";
import { createCustomerSession } from "@/lib/customer-portal/sessions";

const DAY = 86_400_000;
let db: Db;
let organizationId: string;
let token: string;
let buyers = 0;
const plans = {} as Record<"basic" | "pro" | "yearly" | "once", { productId: string; priceId: string }>;
const benefits = {} as Record<"basicKey" | "proKey" | "support", string>;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Plan Works" })).id;
  token = (await createToken(db, organizationId)).token;
  benefits.basicKey = (await createBenefit(db, organizationId, { type: "license_keys" })).id;
  benefits.proKey = (await createBenefit(db, organizationId, { type: "license_keys" })).id;
  benefits.support = (await createBenefit(db, organizationId, { type: "custom" })).id;
  const plan = async (price: object, benefitIds: string[]) => {
    const made = await createProduct(db, organizationId, { price, benefitIds });
    return { productId: made.price.product_id, priceId: made.price.id };
  };
  plans.basic = await plan({ recurring_interval: "month", price_amount: 1000 }, [
    benefits.basicKey,
    benefits.support,
  ]);
  plans.pro = await plan({ recurring_interval: "month", price_amount: 3000 }, [
    benefits.proKey,
    benefits.support,
  ]);
  plans.yearly = await plan({ recurring_interval: "year", price_amount: 10000 }, []);
  plans.once = await plan({ price_amount: 500 }, []);
});

/** A monthly subscription to `plan`, ten days into a twenty-day period, paid by `card`. */
async function subscribe(plan: "basic" | "pro", card: string = TEST_TOKENS.succeeds) {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, { email: `plan${buyers}@example.com` });
  const order = await createOrder(db, organizationId, {
    customerId: customer.id,
    priceId: plans[plan].priceId,
  });
  const now = Date.now();
  return db.subscription.update({
    where: { id: order.subscription_id! },
    data: {
      payment_method_ref: `pm_test_${card}`,
      payment_processor: "test",
      current_period_start: new Date(now - 10 * DAY),
      current_period_end: new Date(now + 10 * DAY),
      started_at: new Date(now - 10 * DAY),
    },
  });
}

const patch = (id: string, body: object) => call(update, { token, params: { id }, body });
const heldBenefits = async (subscriptionId: string) =>
  (
    await db.benefitGrant.findMany({
      where: { subscription_id: subscriptionId, revoked_at: null },
      orderBy: { created_at: "asc" },
    })
  )
    .map((grant) => grant.benefit_id)
    .sort();
/** About half of the difference: ten of twenty days are left (give or take the test's own time). */
const aboutHalf = (difference: number) => expect.toSatisfy((n: number) => Math.abs(n - difference / 2) <= 1);

describe("proratedDifference", () => {
  it("is the difference for what is left of the period, rounded, and 0 once it is over", () => {
    const periodStart = new Date("2026-11-01T00:00:00Z");
    const periodEnd = new Date("2026-12-01T00:00:00Z");
    const at = (iso: string) => new Date(iso);
    expect(
      proratedDifference({ oldAmount: 1000, newAmount: 3000, periodStart, periodEnd, now: periodStart }),
    ).toBe(2000);
    expect(
      proratedDifference({
        oldAmount: 1000,
        newAmount: 3000,
        periodStart,
        periodEnd,
        now: at("2026-11-16T00:00:00Z"),
      }),
    ).toBe(1000);
    expect(
      proratedDifference({
        oldAmount: 3000,
        newAmount: 1000,
        periodStart,
        periodEnd,
        now: at("2026-11-21T00:00:00Z"),
      }),
    ).toBe(-667);
    expect(
      proratedDifference({ oldAmount: 1000, newAmount: 3000, periodStart, periodEnd, now: periodEnd }),
    ).toBe(0);
  });
});

describe("a plan change", () => {
  it("is previewed without changing anything", async () => {
    const subscription = await subscribe("basic");
    const res = await call(preview, {
      token,
      params: { id: subscription.id },
      query: { product_id: plans.pro.productId, proration_behavior: "invoice" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product_id: plans.pro.productId,
      proration_behavior: "invoice",
      proration_amount: aboutHalf(2000),
      due_now: { subtotal: aboutHalf(2000), tax: 0 },
      next_renewal: { at: subscription.current_period_end!.toISOString(), subtotal: 3000, total: 3000 },
    });
    // The organization's default (prorate): nothing now, the difference with the renewal.
    const byDefault = await call(preview, {
      token,
      params: { id: subscription.id },
      query: { product_id: plans.pro.productId },
    });
    expect(byDefault.body).toMatchObject({
      proration_behavior: "prorate",
      due_now: { subtotal: 0, total: 0 },
      next_renewal: { subtotal: expect.toSatisfy((n: number) => Math.abs(n - 4000) <= 1) },
    });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      product_id: plans.basic.productId,
      proration_balance: 0,
    });
  });

  it("upgrades now with invoice: the difference charged with its own order, the benefits moved", async () => {
    const endpoint = await createWebhookEndpoint(db, organizationId);
    const events = eventReader(db, endpoint.id);
    const subscription = await subscribe("basic");
    await events();
    const res = await patch(subscription.id, {
      product_id: plans.pro.productId,
      proration_behavior: "invoice",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product_id: plans.pro.productId,
      price_id: plans.pro.priceId,
      amount: 3000,
      status: "active",
      pending_update: null,
      current_period_end: subscription.current_period_end!.toISOString(),
    });
    const [charge] = await db.paymentAttempt.findMany({ where: { subscription_id: subscription.id } });
    expect(charge).toMatchObject({ kind: "renewal", status: "succeeded", amount: aboutHalf(2000) });
    const update = await db.order.findFirstOrThrow({
      where: { subscription_id: subscription.id, billing_reason: "subscription_update" },
    });
    expect(update).toMatchObject({ status: "paid", amount: charge!.amount, product_id: plans.pro.productId });
    expect(charge!.order_id).toBe(update.id);
    expect(await heldBenefits(subscription.id)).toEqual([benefits.proKey, benefits.support].sort());
    const revokedKey = await db.licenseKey.findFirstOrThrow({
      where: { benefit_id: benefits.basicKey, customer_id: subscription.customer_id },
    });
    expect(revokedKey.status).toBe("revoked");
    expect(
      await db.email.count({
        where: { subscription_id: subscription.id, kind: "subscription_plan_changed" },
      }),
    ).toBe(1);
    const types = (await events()).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "subscription.updated",
        "benefit_grant.revoked",
        "benefit_grant.created",
        "order.paid",
      ]),
    );
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      proration_balance: 0,
    });
  });

  it("downgrades now with prorate: a credit taken off the next renewal", async () => {
    const subscription = await subscribe("pro");
    const res = await patch(subscription.id, {
      product_id: plans.basic.productId,
      proration_behavior: "prorate",
    });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(1000);
    const credited = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(credited.proration_balance).toSatisfy((n: number) => Math.abs(n + 1000) <= 1);
    expect(await db.paymentAttempt.count({ where: { subscription_id: subscription.id } })).toBe(0);

    expect((await call(renew, { token, params: { id: subscription.id } })).status).toBe(200);
    const renewed = await db.order.findFirstOrThrow({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(renewed.amount).toBe(1000 + credited.proration_balance);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      proration_balance: 0,
    });
  });

  it("waits for the renewal with next_period, which then bills the new product", async () => {
    const subscription = await subscribe("basic");
    const res = await patch(subscription.id, {
      product_id: plans.pro.productId,
      proration_behavior: "next_period",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product_id: plans.basic.productId,
      pending_update: {
        product_id: plans.pro.productId,
        applies_at: subscription.current_period_end!.toISOString(),
        seats: null,
        units: null,
      },
    });
    const renewed = await call(renew, { token, params: { id: subscription.id } });
    expect(renewed.body).toMatchObject({
      product_id: plans.pro.productId,
      amount: 3000,
      pending_update: null,
      current_period_end: addInterval(subscription.started_at!, "month", 1).toISOString(),
    });
    const cycle = await db.order.findFirstOrThrow({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(cycle).toMatchObject({ amount: 3000, product_id: plans.pro.productId });
  });

  it("carries a declined upgrade charge to the next renewal", async () => {
    const subscription = await subscribe("basic", TEST_TOKENS.declined);
    const res = await patch(subscription.id, {
      product_id: plans.pro.productId,
      proration_behavior: "invoice",
    });
    expect(res.status).toBe(200);
    expect(res.body.product_id).toBe(plans.pro.productId);
    const [charge] = await db.paymentAttempt.findMany({ where: { subscription_id: subscription.id } });
    expect(charge).toMatchObject({ status: "failed" });
    expect(
      await db.order.count({
        where: { subscription_id: subscription.id, billing_reason: "subscription_update" },
      }),
    ).toBe(0);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "active",
      proration_balance: charge!.amount,
    });
  });

  it("switches a trial at once, for nothing", async () => {
    const subscription = await subscribe("basic");
    await db.subscription.update({
      where: { id: subscription.id },
      data: {
        status: "trialing",
        trial_start: subscription.current_period_start,
        trial_end: subscription.current_period_end,
      },
    });
    const res = await patch(subscription.id, {
      product_id: plans.pro.productId,
      proration_behavior: "invoice",
    });
    expect(res.body).toMatchObject({ status: "trialing", product_id: plans.pro.productId, amount: 3000 });
    expect(await db.paymentAttempt.count({ where: { subscription_id: subscription.id } })).toBe(0);
  });

  it("moves monthly to yearly at the renewal: the yearly price then, and periods of a year from it", async () => {
    const subscription = await subscribe("basic");
    // Now is not possible: a year's period starts at a renewal.
    for (const proration_behavior of ["invoice", "prorate"]) {
      const now = await patch(subscription.id, { product_id: plans.yearly.productId, proration_behavior });
      expect(now.status).toBe(422);
      expect(now.body.detail[0]).toMatchObject({
        loc: ["body", "proration_behavior"],
        msg: "A change to a yearly plan takes effect at the renewal: use next_period.",
      });
    }
    const shown = await call(preview, {
      token,
      params: { id: subscription.id },
      query: { product_id: plans.yearly.productId },
    });
    expect(shown.body).toMatchObject({
      proration_behavior: "next_period",
      applies_at: subscription.current_period_end!.toISOString(),
      due_now: { total: 0 },
      next_renewal: { subtotal: 10000 },
    });
    // Without a behavior, the move waits for the renewal (whatever the organization's default).
    const res = await patch(subscription.id, { product_id: plans.yearly.productId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product_id: plans.basic.productId,
      recurring_interval: "month",
      pending_update: { product_id: plans.yearly.productId },
    });
    const renewed = await call(renew, { token, params: { id: subscription.id } });
    expect(renewed.body).toMatchObject({
      product_id: plans.yearly.productId,
      recurring_interval: "year",
      amount: 10000,
      current_period_start: subscription.current_period_end!.toISOString(),
      current_period_end: addInterval(subscription.current_period_end!, "year", 1).toISOString(),
    });
    const cycle = await db.order.findFirstOrThrow({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(cycle).toMatchObject({ amount: 10000, product_id: plans.yearly.productId });
  });

  it("moves a trial to a yearly plan at once: its first charge is the yearly price, for a year", async () => {
    const subscription = await subscribe("basic");
    await db.subscription.update({
      where: { id: subscription.id },
      data: {
        status: "trialing",
        trial_start: subscription.current_period_start,
        trial_end: subscription.current_period_end,
      },
    });
    const res = await patch(subscription.id, { product_id: plans.yearly.productId });
    expect(res.body).toMatchObject({ status: "trialing", recurring_interval: "year", amount: 10000 });
    expect(await db.paymentAttempt.count({ where: { subscription_id: subscription.id } })).toBe(0);
  });

  it("is refused for a one-time or the same product, and a past-due or ended subscription", async () => {
    const subscription = await subscribe("basic");
    const refusal = async (productId: string) => {
      const res = await patch(subscription.id, { product_id: productId });
      expect(res.status).toBe(422);
      return res.body.detail[0].msg;
    };
    expect(await refusal(plans.once.productId)).toBe(
      "A subscription can only move to another subscription product.",
    );
    expect(await refusal(plans.basic.productId)).toBe("The subscription is already on this product.");
    expect(await refusal(crypto.randomUUID())).toBe("Product does not exist.");
    const badBehavior = await patch(subscription.id, {
      product_id: plans.pro.productId,
      proration_behavior: "reset",
    });
    expect(badBehavior.status).toBe(422);

    await db.subscription.update({ where: { id: subscription.id }, data: { status: "past_due" } });
    const pastDue = await patch(subscription.id, { product_id: plans.pro.productId });
    expect(pastDue.status).toBe(403);
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "canceled" } });
    expect((await patch(subscription.id, { product_id: plans.pro.productId })).status).toBe(403);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      product_id: plans.basic.productId,
    });
  });
});

describe("the buyer's plan change in the portal", () => {
  it("moves with the organization's proration when it allows customer updates, and is 403 when it does not", async () => {
    const subscription = await subscribe("basic");
    const { token: portal } = await createCustomerSession(
      db,
      subscription.customer_id,
      60 * 60_000,
      new Date(),
    );
    const res = await call(portalPatch, {
      token: portal,
      params: { id: subscription.id },
      body: { product_id: plans.pro.productId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ product_id: plans.pro.productId, price_amount: 3000 });
    // prorate (the default): the difference waits for the renewal, in the next charge shown.
    expect(res.body.amount).toSatisfy((n: number) => Math.abs(n - 4000) <= 1);

    await db.organization.update({ where: { id: organizationId }, data: { allow_customer_updates: false } });
    try {
      const refused = await call(portalPatch, {
        token: portal,
        params: { id: subscription.id },
        body: { product_id: plans.basic.productId },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe("This seller does not let customers change their plan.");
    } finally {
      await db.organization.update({ where: { id: organizationId }, data: { allow_customer_updates: true } });
    }
  });
});
