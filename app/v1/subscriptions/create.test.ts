// POST /v1/subscriptions/ through the real handler: a free recurring product for an existing
// customer (by id or external id) starts active with its benefits and events, and no order nor
// email; paid, one-time and archived products, other organizations' products and customers, and a
// deleted customer are 422; the one-subscription setting holds against parallel requests; one
// renewal of the free subscription moves its period without a charge.
import { randomUUID } from "node:crypto";
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
import { addInterval } from "@/lib/subscriptions/periods";
import { renewSubscription } from "@/lib/subscriptions/renewals";
import { ALREADY_SUBSCRIBED_MESSAGE, NOT_FREE_MESSAGE } from "@/lib/subscriptions/create";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventReader } from "@/test/webhook-events";
import { POST as create } from "./route";
import { GET as getOne } from "./[id]/route";

let db: Db;
let organizationId: string;
let token: string;
let licenseBenefitId: string;
let freePlanId: string;
let yearlyFreePlanId: string;
let events: ReturnType<typeof eventReader>;

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db, { allow_multiple_subscriptions: true });
  organizationId = org.id;
  token = (await createToken(db, org.id)).token;
  licenseBenefitId = (
    await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "FREE" } })
  ).id;
  freePlanId = (
    await createProduct(db, org.id, {
      product: { name: "Free plan" },
      price: { recurring_interval: "month", amount_type: "free" },
      benefitIds: [licenseBenefitId],
    })
  ).product.id;
  yearlyFreePlanId = (
    await createProduct(db, org.id, { price: { recurring_interval: "year", amount_type: "free" } })
  ).product.id;
  events = eventReader(db, (await createWebhookEndpoint(db, org.id)).id);
});

const post = (body: unknown, as = token) => call(create, { token: as, body });

/** What the creation wrote besides the subscription: orders, emails and payment attempts. */
async function sideEffects(customerId: string, subscriptionId: string) {
  const [orders, emails, attempts] = await Promise.all([
    db.order.count({ where: { customer_id: customerId } }),
    db.email.count({ where: { customer_id: customerId } }),
    db.paymentAttempt.count({ where: { subscription_id: subscriptionId } }),
  ]);
  return { orders, emails, attempts };
}

describe("POST /v1/subscriptions/", () => {
  it("creates an active subscription to a free plan: benefits granted, events, no order nor email", async () => {
    const customer = await createCustomer(db, organizationId);
    await events();
    const before = Date.now();
    const res = await post({ product_id: freePlanId, customer_id: customer.id, metadata: { plan: "free" } });
    expect(res.status).toBe(201);
    const start = new Date(res.body.current_period_start);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(res.body).toMatchObject({
      status: "active",
      amount: 0,
      currency: "usd",
      recurring_interval: "month",
      customer_id: customer.id,
      product_id: freePlanId,
      checkout_id: null,
      discount_id: null,
      metadata: { plan: "free" },
      started_at: res.body.current_period_start,
      current_period_end: addInterval(start, "month").toISOString(),
      cancel_at_period_end: false,
      customer: { id: customer.id },
      product: { id: freePlanId, name: "Free plan" },
      price: { amount_type: "free" },
    });
    // Answered as GET answers it.
    const got = await call(getOne, { token, params: { id: res.body.id } });
    expect(got.body).toEqual(res.body);

    const grants = await db.benefitGrant.findMany({
      where: { subscription_id: res.body.id },
      include: { license_key: true },
    });
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      benefit_id: licenseBenefitId,
      customer_id: customer.id,
      order_id: null,
    });
    expect(grants[0]!.license_key?.status).toBe("granted");
    expect(grants[0]!.license_key?.key).toMatch(/^FREE-/);

    expect((await events()).map((e) => e.type)).toEqual([
      "subscription.created",
      "subscription.active",
      "benefit_grant.created",
      "license_key.created",
    ]);
    expect(await sideEffects(customer.id, res.body.id)).toEqual({ orders: 0, emails: 0, attempts: 0 });
  });

  it("finds the customer by external id, with the product's yearly interval", async () => {
    const customer = await createCustomer(db, organizationId, { external_id: "user-42" });
    const res = await post({ product_id: yearlyFreePlanId, external_customer_id: "user-42" });
    expect(res.status).toBe(201);
    const start = new Date(res.body.current_period_start);
    expect(res.body).toMatchObject({
      customer_id: customer.id,
      recurring_interval: "year",
      metadata: {},
      current_period_end: addInterval(start, "year").toISOString(),
    });
  });

  it("refuses a paid, one-time, archived or unknown product (422 on product_id), changing nothing", async () => {
    const customer = await createCustomer(db, organizationId);
    const paid = await createProduct(db, organizationId, { price: { recurring_interval: "month" } });
    const oneTime = await createProduct(db, organizationId, { price: { amount_type: "free" } });
    const archived = await createProduct(db, organizationId, {
      product: { is_archived: true },
      price: { recurring_interval: "month", amount_type: "free" },
    });
    const otherOrg = await createOrganization(db);
    const elsewhere = await createProduct(db, otherOrg.id, {
      price: { recurring_interval: "month", amount_type: "free" },
    });
    const cases: [string, string][] = [
      [paid.product.id, NOT_FREE_MESSAGE],
      [oneTime.product.id, "Product is not recurring: a one-time product is bought with a checkout."],
      [archived.product.id, "Product is archived."],
      [randomUUID(), "Product does not exist."],
      [elsewhere.product.id, "Product does not exist."],
    ];
    for (const [productId, msg] of cases) {
      const res = await post({ product_id: productId, customer_id: customer.id });
      expect(res.status, msg).toBe(422);
      expect(res.body).toEqual({
        error: "RequestValidationError",
        detail: [{ type: "value_error", loc: ["body", "product_id"], msg, input: productId }],
      });
    }
    expect(await db.subscription.count({ where: { customer_id: customer.id } })).toBe(0);
  });

  it("refuses another organization's customer, an unknown external id and a deleted customer", async () => {
    const otherOrg = await createOrganization(db);
    const stranger = await createCustomer(db, otherOrg.id, { external_id: "stranger" });
    const gone = await createCustomer(db, organizationId, { deleted_at: new Date() });
    for (const body of [
      { customer_id: stranger.id },
      { external_customer_id: "stranger" },
      { customer_id: gone.id },
    ]) {
      const res = await post({ product_id: freePlanId, ...body });
      const [field, input] = Object.entries(body)[0]!;
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { type: "value_error", loc: ["body", field], msg: "Customer does not exist.", input },
      ]);
    }
    // Another organization's token sees neither our product nor our customer.
    const theirToken = (await createToken(db, otherOrg.id)).token;
    const mine = await createCustomer(db, organizationId);
    const res = await post({ product_id: freePlanId, customer_id: mine.id }, theirToken);
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { loc: string[] }) => p.loc)).toEqual([
      ["body", "product_id"],
      ["body", "customer_id"],
    ]);
    expect(
      await db.subscription.count({ where: { customer_id: { in: [stranger.id, gone.id, mine.id] } } }),
    ).toBe(0);
  });

  it("is 403 without the subscriptions:write scope", async () => {
    const readOnly = (await createToken(db, organizationId, { scopes: ["subscriptions:read"] })).token;
    const customer = await createCustomer(db, organizationId);
    const res = await post({ product_id: freePlanId, customer_id: customer.id }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("insufficient_scope");
    expect(await db.subscription.count({ where: { customer_id: customer.id } })).toBe(0);
  });

  it("refuses bad bodies with 422", async () => {
    const customer = await createCustomer(db, organizationId, { external_id: "both" });
    const bodies: [unknown, (string | number)[]][] = [
      [{ product_id: freePlanId }, ["body", "customer_id"]],
      [
        { product_id: freePlanId, customer_id: customer.id, external_customer_id: "both" },
        ["body", "external_customer_id"],
      ],
      [{ customer_id: customer.id }, ["body", "product_id"]],
      [{ product_id: "nope", customer_id: customer.id }, ["body", "product_id"]],
      [{ product_id: freePlanId, customer_id: "nope" }, ["body", "customer_id"]],
      [{ product_id: freePlanId, external_customer_id: "" }, ["body", "external_customer_id"]],
      [
        { product_id: freePlanId, customer_id: customer.id, metadata: { k: { nested: 1 } } },
        ["body", "metadata", "k"],
      ],
      [[], ["body"]],
    ];
    for (const [body, loc] of bodies) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        res.body.detail.map((p: { loc: unknown }) => p.loc),
        JSON.stringify(body),
      ).toContainEqual(loc);
    }
    expect(await db.subscription.count({ where: { customer_id: customer.id } })).toBe(0);
  });
});

describe("one subscription per customer (allow_multiple_subscriptions off)", () => {
  let single: { id: string; token: string; planId: string; otherPlanId: string };

  beforeAll(async () => {
    const org = await createOrganization(db, { allow_multiple_subscriptions: false });
    const plan = await createProduct(db, org.id, {
      price: { recurring_interval: "month", amount_type: "free" },
    });
    const other = await createProduct(db, org.id, {
      price: { recurring_interval: "month", amount_type: "free" },
    });
    single = {
      id: org.id,
      token: (await createToken(db, org.id)).token,
      planId: plan.product.id,
      otherPlanId: other.product.id,
    };
  });

  it("refuses a second live subscription (422 on the customer), also one bought by checkout", async () => {
    const customer = await createCustomer(db, single.id);
    const first = await post({ product_id: single.planId, customer_id: customer.id }, single.token);
    expect(first.status).toBe(201);
    const second = await post({ product_id: single.otherPlanId, customer_id: customer.id }, single.token);
    expect(second.status).toBe(422);
    expect(second.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "customer_id"],
        msg: ALREADY_SUBSCRIBED_MESSAGE,
        input: customer.id,
      },
    ]);

    // A paid subscription bought through a checkout counts the same.
    const buyer = await createCustomer(db, single.id);
    const paid = await createProduct(db, single.id, { price: { recurring_interval: "month" } });
    await createOrder(db, single.id, { customerId: buyer.id, priceId: paid.price.id });
    expect((await post({ product_id: single.planId, customer_id: buyer.id }, single.token)).status).toBe(422);

    // Once the first has ended, the customer may subscribe again.
    await db.subscription.update({
      where: { id: first.body.id },
      data: { status: "canceled", ended_at: new Date() },
    });
    const again = await post({ product_id: single.otherPlanId, customer_id: customer.id }, single.token);
    expect(again.status).toBe(201);
  });

  it("10 parallel creates for one customer: exactly one subscription, the others 422", async () => {
    const customer = await createCustomer(db, single.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post({ product_id: single.planId, customer_id: customer.id }, single.token),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(422)]);
    expect(await db.subscription.count({ where: { customer_id: customer.id } })).toBe(1);
    expect(await db.benefitGrant.count({ where: { customer_id: customer.id } })).toBe(0);
  });
});

describe("renewal of a free subscription", () => {
  it("renews without a charge: the next period, a 0 subscription_cycle order and its receipt", async () => {
    const customer = await createCustomer(db, organizationId);
    const created = await post({ product_id: freePlanId, customer_id: customer.id });
    expect(created.status).toBe(201);
    const periodEnd = new Date(created.body.current_period_end);
    await events();

    await renewSubscription(
      db,
      { subscription_id: created.body.id, period_end: periodEnd.toISOString() },
      periodEnd,
    );

    const renewed = await db.subscription.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(renewed).toMatchObject({
      status: "active",
      current_period_start: periodEnd,
      current_period_end: addInterval(new Date(created.body.started_at), "month", 2),
    });
    expect(await db.paymentAttempt.count({ where: { subscription_id: renewed.id } })).toBe(0);
    const orders = await db.order.findMany({ where: { subscription_id: renewed.id } });
    expect(orders.map((o) => [o.billing_reason, o.amount, o.tax_amount, o.status])).toEqual([
      ["subscription_cycle", 0, 0, "paid"],
    ]);
    // The benefits stay as granted: no grant is made or revoked by a renewal.
    const grants = await db.benefitGrant.findMany({ where: { subscription_id: renewed.id } });
    expect(grants.map((g) => g.revoked_at)).toEqual([null]);
    expect((await events()).map((e) => e.type)).toEqual([
      "order.created",
      "order.paid",
      "subscription.updated",
    ]);
    // As a free plan bought through a checkout renews: the period's receipt, of 0.
    expect(
      await db.email.count({ where: { subscription_id: renewed.id, kind: "subscription_renewal_receipt" } }),
    ).toBe(1);
  });
});
