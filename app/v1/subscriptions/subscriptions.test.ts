// The subscriptions read API through the real handlers: the shape with every field and its
// relations, each filter, `active`, tenancy (another organization's subscription is 404, its rows
// never listed) and scopes. Sorting is covered with every list in ../list-sorting.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { GET as list } from "./route";
import { GET as getOne } from "./[id]/route";

const SUBSCRIPTION_FIELDS = [
  "amount",
  "cancel_at_period_end",
  "canceled_at",
  "checkout_id",
  "created_at",
  "currency",
  "current_period_end",
  "current_period_start",
  "customer",
  "customer_cancellation_comment",
  "customer_cancellation_reason",
  "customer_id",
  "discount",
  "discount_id",
  "ended_at",
  "ends_at",
  "id",
  "metadata",
  "modified_at",
  "price",
  "price_id",
  "product",
  "product_id",
  "recurring_interval",
  "started_at",
  "status",
  "user_id",
  // The current reference API's (docs/polar-sdk.md).
  "current_meter_period_end",
  "current_meter_period_start",
  "meters",
  "pause_at_period_end",
  "paused_at",
  "pending_update",
  "prices",
  "recurring_interval_count",
  "resumes_at",
  "trial_end",
  "trial_start",
  "units",
  // The specification's era SDK's (0.22.2).
  "user",
].sort();

let db: Db;
let token: string;
const ids = {
  ...{ org: "", ordersOnly: "", otherToken: "", ada: "", grace: "" },
  ...{ monthlyProduct: "", monthlyPrice: "", yearlyProduct: "" },
  ...{ first: "", second: "", third: "", foreign: "" },
};
const started = new Date(Date.UTC(2026, 0, 15, 9, 30));

async function subscribe(organizationId: string, customerId: string, priceId: string, createdAt: Date) {
  const order = await createOrder(db, organizationId, {
    customerId,
    priceId,
    order: { created_at: createdAt },
  });
  return order.subscription_id!;
}

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  token = (await createToken(db, org.id)).token;
  ids.ordersOnly = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  ids.otherToken = (await createToken(db, other.id)).token;
  const ada = await createCustomer(db, org.id, { email: "ada@example.com", name: "Ada" });
  const grace = await createCustomer(db, org.id, { email: "grace@example.com", name: "Grace" });
  ids.ada = ada.id;
  ids.grace = grace.id;
  const monthly = await createProduct(db, org.id, {
    product: { name: "Cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const yearly = await createProduct(db, org.id, {
    product: { name: "Studio" },
    price: { type: "recurring", recurring_interval: "year", price_amount: 9000 },
  });
  ids.monthlyProduct = monthly.product.id;
  ids.monthlyPrice = monthly.price.id;
  ids.yearlyProduct = yearly.product.id;
  ids.first = await subscribe(org.id, ada.id, monthly.price.id, started);
  ids.second = await subscribe(org.id, grace.id, yearly.price.id, new Date(started.getTime() + 60_000));
  ids.third = await subscribe(org.id, ada.id, yearly.price.id, new Date(started.getTime() + 120_000));
  await db.subscription.update({
    where: { id: ids.third },
    data: { status: "canceled", ended_at: new Date(started.getTime() + 180_000) },
  });
  const foreignCustomer = await createCustomer(db, other.id);
  const foreign = await createProduct(db, other.id, {
    price: { type: "recurring", recurring_interval: "month" },
  });
  ids.foreign = await subscribe(other.id, foreignCustomer.id, foreign.price.id, started);
});

const listIds = async (query: Record<string, string | string[]> = {}) => {
  const response = await call(list, { token, query });
  expect(response.status).toBe(200);
  return response.body.items.map((item: { id: string }) => item.id);
};

describe("GET /v1/subscriptions/{id}", () => {
  it("returns the subscription with every field, its customer, product, price and discount", async () => {
    const response = await call(getOne, { token, params: { id: ids.first } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(SUBSCRIPTION_FIELDS);
    expect(response.body).toMatchObject({
      id: ids.first,
      created_at: started.toISOString(),
      amount: 900,
      currency: "usd",
      recurring_interval: "month",
      status: "active",
      current_period_start: started.toISOString(),
      current_period_end: new Date(Date.UTC(2026, 1, 15, 9, 30)).toISOString(),
      started_at: started.toISOString(),
      cancel_at_period_end: false,
      customer_id: ids.ada,
      user_id: ids.ada,
      product_id: ids.monthlyProduct,
      price_id: ids.monthlyPrice,
      discount: null,
      customer: { id: ids.ada, email: "ada@example.com", name: "Ada" },
      product: { id: ids.monthlyProduct, name: "Cloud", is_recurring: true, is_deletable: false },
      price: { id: ids.monthlyPrice, price_amount: 900, recurring_interval: "month", type: "recurring" },
      prices: [{ id: ids.monthlyPrice }],
      recurring_interval_count: 1,
      trial_start: null,
      trial_end: null,
      pause_at_period_end: false,
      paused_at: null,
      resumes_at: null,
      current_meter_period_start: null,
      current_meter_period_end: null,
      units: null,
      meters: [],
      pending_update: null,
    });
    // The whole product, as /v1/products shows it.
    expect(response.body.product.prices.map((p: { id: string }) => p.id)).toEqual([ids.monthlyPrice]);
    expect(response.body.product).toHaveProperty("attached_custom_fields", []);
  });

  it("is 404 for another organization's subscription and for an unknown id", async () => {
    for (const id of [ids.foreign, "00000000-0000-4000-8000-000000000000"]) {
      const response = await call(getOne, { token, params: { id } });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("ResourceNotFound");
    }
  });

  it("needs subscriptions:read", async () => {
    const response = await call(getOne, { token: ids.ordersOnly, params: { id: ids.first } });
    expect(response.status).toBe(403);
    expect(response.body.error_description).toBe(
      "The access token does not have the required scope: subscriptions:read.",
    );
  });
});

describe("GET /v1/subscriptions/", () => {
  it("lists the organization's subscriptions, newest start first, with the page envelope", async () => {
    const response = await call(list, { token });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ total_count: 3, max_page: 1 });
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([
      ids.third,
      ids.second,
      ids.first,
    ]);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(SUBSCRIPTION_FIELDS);
  });

  it("filters by customer, product, status and active", async () => {
    expect(await listIds({ customer_id: ids.ada })).toEqual([ids.third, ids.first]);
    expect(await listIds({ product_id: ids.yearlyProduct })).toEqual([ids.third, ids.second]);
    expect(await listIds({ status: "canceled" })).toEqual([ids.third]);
    expect(await listIds({ status: ["active", "canceled"], customer_id: ids.grace })).toEqual([ids.second]);
    expect(await listIds({ active: "true" })).toEqual([ids.second, ids.first]);
    expect(await listIds({ active: "false" })).toEqual([ids.third]);
  });

  it("refuses an unknown status and a malformed id with a 422 at the parameter", async () => {
    const status = await call(list, { token, query: { status: "paused" } });
    expect(status.status).toBe(422);
    expect(status.body.detail[0]).toMatchObject({ loc: ["query", "status", 0], type: "enum" });
    const customer = await call(list, { token, query: { customer_id: "nope" } });
    expect(customer.status).toBe(422);
    expect(customer.body.detail[0].loc).toEqual(["query", "customer_id", 0]);
  });

  it("never lists another organization's subscriptions, even when asked by its id", async () => {
    expect(await listIds({ organization_id: ids.org })).toHaveLength(3);
    const other = await call(list, { token: ids.otherToken });
    expect(other.body.items.map((item: { id: string }) => item.id)).toEqual([ids.foreign]);
  });
});
