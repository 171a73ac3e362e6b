import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as list, DELETE as listDelete } from "./route";
import { GET as getOne } from "./[id]/route";
import { ISO } from "@/test/shapes";

const ORDER_KEYS = [
  "amount",
  "applied_balance_amount",
  "billing_name",
  "description",
  "discount_amount",
  "due_amount",
  "is_invoice_generated",
  "items",
  "net_amount",
  "paid",
  "platform_fee_amount",
  "platform_fee_currency",
  "receipt_number",
  "refundable_amount",
  "refundable_tax_amount",
  "subtotal_amount",
  "total_amount",
  "units",
  "billing_address",
  "billing_reason",
  "checkout_id",
  "created_at",
  "currency",
  "custom_field_data",
  "customer",
  "customer_id",
  "discount",
  "discount_id",
  "id",
  "invoice_number",
  "metadata",
  "modified_at",
  "product",
  "product_id",
  "product_price",
  "product_price_id",
  "refunded_amount",
  "refunded_tax_amount",
  // Beyond the reference: the EU reverse charge applied (docs/tax.md "Reverse charge").
  "reverse_charge",
  "status",
  "subscription",
  "subscription_id",
  "tax_amount",
  "user",
  "user_id",
].sort();

let token: string;
let otherToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  otherToken = (await createToken(db, other.id)).token;
  ids.org = org.id;
  ids.other = other.id;
  const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "T" } });
  const { product: oneTime, price: oneTimePrice } = await createProduct(db, org.id, {
    product: { name: "Beta tool" },
    price: { price_amount: 2000 },
    benefitIds: [benefit.id],
  });
  const { product: monthly, price: monthlyPrice } = await createProduct(db, org.id, {
    product: { name: "Alpha cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const discount = await createDiscount(db, org.id, { name: "Zeta", code: "Z10" });
  const alice = await createCustomer(db, org.id, { email: "alice@example.com", name: "Alice" });
  const bob = await createCustomer(db, org.id, { email: "bob@example.com", name: null });
  const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
  // Five orders: three one-time (two with equal amounts), two recurring.
  ids.o1 = (
    await createOrder(db, org.id, {
      customerId: alice.id,
      priceId: oneTimePrice.id,
      order: {
        created_at: t(1),
        amount: 2000,
        discount_id: discount.id,
        metadata: { ref: "a1", vip: true },
        billing_address: { country: "DE", city: "Berlin" },
      },
    })
  ).id;
  ids.o2 = (
    await createOrder(db, org.id, {
      customerId: bob.id,
      priceId: oneTimePrice.id,
      order: { created_at: t(2), amount: 2000 },
    })
  ).id;
  ids.o3 = (
    await createOrder(db, org.id, {
      customerId: alice.id,
      priceId: monthlyPrice.id,
      order: { created_at: t(3), amount: 900 },
    })
  ).id;
  const checkout = await createCheckout(db, org.id, oneTimePrice.id);
  ids.checkout = checkout.id;
  ids.o4 = (
    await createOrder(db, org.id, {
      customerId: bob.id,
      priceId: oneTimePrice.id,
      order: { created_at: t(4), amount: 1500, checkout_id: checkout.id },
    })
  ).id;
  ids.o5 = (
    await createOrder(db, org.id, {
      customerId: bob.id,
      priceId: monthlyPrice.id,
      order: { created_at: t(5), amount: 900 },
    })
  ).id;
  Object.assign(ids, {
    alice: alice.id,
    bob: bob.id,
    discount: discount.id,
    oneTime: oneTime.id,
    monthly: monthly.id,
  });
  // Another organization's order must never show up.
  const stranger = await createCustomer(db, other.id);
  const { price: otherPrice } = await createProduct(db, other.id);
  ids.foreign = (await createOrder(db, other.id, { customerId: stranger.id, priceId: otherPrice.id })).id;
});

const idsOf = (body: { items: { id: string }[] }) => body.items.map((o) => o.id);

describe("GET /v1/orders/", () => {
  it("lists the organization's orders, newest first, with every field", async () => {
    const res = await call(list, { token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 5, max_page: 1 });
    expect(idsOf(res.body)).toEqual([ids.o5, ids.o4, ids.o3, ids.o2, ids.o1]);
    const first = res.body.items.find((o: { id: string }) => o.id === ids.o1);
    expect(Object.keys(first).sort()).toEqual(ORDER_KEYS);
    expect(first).toMatchObject({
      amount: 2000,
      tax_amount: 0,
      refunded_amount: 0,
      refunded_tax_amount: 0,
      status: "paid",
      currency: "usd",
      billing_reason: "purchase",
      metadata: { ref: "a1", vip: true },
      custom_field_data: {},
      billing_address: {
        line1: null,
        line2: null,
        postal_code: null,
        city: "Berlin",
        state: null,
        country: "DE",
      },
      customer_id: ids.alice,
      user_id: ids.alice,
      user: { id: ids.alice, email: "alice@example.com", public_name: "Alice" },
      discount_id: ids.discount,
      subscription_id: null,
      subscription: null,
      checkout_id: null,
    });
    // The current reference API's amounts and line (docs/polar-sdk.md).
    expect(first).toMatchObject({
      paid: true,
      subtotal_amount: 2000,
      discount_amount: 0,
      net_amount: 2000,
      total_amount: 2000,
      applied_balance_amount: 0,
      due_amount: 0,
      refundable_amount: 2000,
      refundable_tax_amount: 0,
      billing_name: "Alice",
      receipt_number: first.invoice_number,
      is_invoice_generated: false,
      description: first.product.name,
      units: null,
      platform_fee_amount: 0,
      platform_fee_currency: null,
    });
    expect(first.items).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/),
        created_at: first.created_at,
        modified_at: null,
        label: first.product.name,
        amount: 2000,
        tax_amount: 0,
        proration: false,
        product_price_id: first.product_price_id,
        start_timestamp: null,
        end_timestamp: null,
      },
    ]);
    expect(first.created_at).toBe("2025-01-01T12:01:00.000Z");
    expect(first.modified_at).toBeNull();
    expect(Object.keys(first.customer).sort()).toEqual(
      [
        "avatar_url",
        "billing_address",
        "billing_name",
        "created_at",
        "deleted_at",
        "email",
        "email_verified",
        "first_user_event_at",
        "id",
        "locale",
        "metadata",
        "modified_at",
        "name",
        "organization_id",
        "tax_id",
        "type",
      ].sort(),
    );
    expect(first.customer.avatar_url).toMatch(/^https:\/\//);
    expect(Object.keys(first.product).sort()).toEqual(
      [
        "created_at",
        "description",
        "id",
        "is_archived",
        "is_recurring",
        "metadata",
        "meter_interval",
        "meter_interval_count",
        "modified_at",
        "name",
        "organization_id",
        "recurring_interval",
        "recurring_interval_count",
        "trial_interval",
        "trial_interval_count",
        "visibility",
      ].sort(),
    );
    expect(Object.keys(first.product_price).sort()).toEqual(
      [
        "amount_type",
        "created_at",
        "id",
        "is_archived",
        "maximum_amount",
        "minimum_amount",
        "modified_at",
        "preset_amount",
        "price_amount",
        "price_currency",
        "product_id",
        "recurring_interval",
        "source",
        "tax_behavior",
        "type",
      ].sort(),
    );
    expect(Object.keys(first.discount).sort()).toEqual(
      [
        "amount",
        "basis_points",
        "code",
        "created_at",
        "currency",
        "duration",
        "duration_in_months",
        "ends_at",
        "id",
        "max_redemptions",
        "max_redemptions_per_customer",
        "metadata",
        "modified_at",
        "name",
        "organization_id",
        "redemptions_count",
        "starts_at",
        "type",
      ].sort(),
    );
    const recurring = res.body.items.find((o: { id: string }) => o.id === ids.o3);
    expect(recurring.billing_reason).toBe("subscription_create");
    expect(Object.keys(recurring.subscription).sort()).toEqual(
      [
        "amount",
        "cancel_at_period_end",
        "canceled_at",
        "checkout_id",
        "created_at",
        "currency",
        "current_period_end",
        "current_period_start",
        "customer_cancellation_comment",
        "customer_cancellation_reason",
        "customer_id",
        "discount_id",
        "ended_at",
        "ends_at",
        "id",
        "metadata",
        "modified_at",
        "price_id",
        "product_id",
        "recurring_interval",
        "started_at",
        "status",
        "user_id",
        "current_meter_period_end",
        "current_meter_period_start",
        "pause_at_period_end",
        "paused_at",
        "recurring_interval_count",
        "resumes_at",
        "trial_end",
        "trial_start",
        "units",
      ].sort(),
    );
    expect(recurring.subscription).toMatchObject({
      status: "active",
      recurring_interval: "month",
      user_id: ids.alice,
    });
    expect(recurring.subscription.current_period_start).toMatch(ISO);
  });

  it("filters by price type, OR-ing repeated values and AND-ing filters", async () => {
    const oneTime = await call(list, { token, query: { product_price_type: "one_time" } });
    expect(idsOf(oneTime.body)).toEqual([ids.o4, ids.o2, ids.o1]);
    const recurring = await call(list, { token, query: { product_price_type: "recurring" } });
    expect(idsOf(recurring.body)).toEqual([ids.o5, ids.o3]);
    const both = await call(list, { token, query: { product_price_type: ["one_time", "recurring"] } });
    expect(both.body.pagination.total_count).toBe(5);
    const bobOneTime = await call(list, {
      token,
      query: { product_price_type: "one_time", customer_id: ids.bob! },
    });
    expect(idsOf(bobOneTime.body)).toEqual([ids.o4, ids.o2]);
    // The current reference API's name for the same filter (SDK 1.x), counted the same way.
    const billing = await call(list, { token, query: { product_billing_type: "recurring" } });
    expect(idsOf(billing.body)).toEqual([ids.o5, ids.o3]);
    expect(billing.body.pagination.total_count).toBe(2);
  });

  it("filters by product, discount, customer, checkout and organization", async () => {
    expect(idsOf((await call(list, { token, query: { product_id: ids.monthly! } })).body)).toEqual([
      ids.o5,
      ids.o3,
    ]);
    expect(idsOf((await call(list, { token, query: { discount_id: ids.discount! } })).body)).toEqual([
      ids.o1,
    ]);
    expect(
      idsOf((await call(list, { token, query: { customer_id: [ids.alice!, ids.bob!] } })).body),
    ).toHaveLength(5);
    expect((await call(list, { token, query: { checkout_id: crypto.randomUUID() } })).body.items).toEqual([]);
    expect(
      (await call(list, { token, query: { organization_id: ids.org! } })).body.pagination.total_count,
    ).toBe(5);
    // The organization filter only narrows: another organization's id gives nothing.
    expect((await call(list, { token, query: { organization_id: ids.other! } })).body).toEqual({
      items: [],
      pagination: { total_count: 0, max_page: 0 },
    });
  });

  it("sorts by each criterion, and by several in order, ties broken by id", async () => {
    const by = async (sorting: string | string[]) =>
      idsOf((await call(list, { token, query: { sorting } })).body);
    expect(await by("created_at")).toEqual([ids.o1, ids.o2, ids.o3, ids.o4, ids.o5]);
    expect(await by(["-amount", "created_at"])).toEqual([ids.o1, ids.o2, ids.o4, ids.o3, ids.o5]);
    expect(await by(["-amount", "-created_at"])).toEqual([ids.o2, ids.o1, ids.o4, ids.o5, ids.o3]);
    expect(await by(["customer", "created_at"])).toEqual([ids.o1, ids.o3, ids.o2, ids.o4, ids.o5]);
    expect(await by(["-product", "created_at"])).toEqual([ids.o1, ids.o2, ids.o4, ids.o3, ids.o5]);
    expect((await by(["discount", "created_at"]))[0]).toBe(ids.o1);
    const subs = await by(["subscription", "created_at"]);
    expect(subs.slice(2)).toEqual([ids.o1, ids.o2, ids.o4]); // orders without a subscription last
  });

  it("paginates without overlap or gaps, and clamps the limit", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call(list, { token, query: { limit: 2, page, sorting: ["-amount"] } });
      expect(res.body.pagination).toEqual({ total_count: 5, max_page: 3 });
      seen.push(...idsOf(res.body));
    }
    expect(new Set(seen).size).toBe(5);
    const beyond = await call(list, { token, query: { page: 9 } });
    expect(beyond.body).toEqual({ items: [], pagination: { total_count: 5, max_page: 1 } });
    const clamped = await call(list, { token, query: { limit: 1000 } });
    expect(clamped.status).toBe(200);
    expect(clamped.body.items).toHaveLength(5);
  });

  it("rejects bad query parameters with every problem listed", async () => {
    const res = await call(list, {
      token,
      query: {
        page: 0,
        limit: 0,
        sorting: ["amount", "-color"],
        product_price_type: "weekly",
        customer_id: "42",
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("RequestValidationError");
    expect(res.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["greater_than", ["query", "page"]],
      ["greater_than", ["query", "limit"]],
      ["enum", ["query", "product_price_type", 0]],
      ["uuid_parsing", ["query", "customer_id", 0]],
      ["enum", ["query", "sorting", 1]],
    ]);
  });

  it("needs a valid token with orders:read", async () => {
    const none = await call(list, {});
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    const bad = await call(list, { token: "oat_nope" });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: "invalid_token", error_description: "The access token is invalid." });
    const db = await getDb();
    const expired = await createToken(db, ids.org!, { expiresAt: new Date(Date.now() - 1000) });
    expect((await call(list, { token: expired.token })).body.error_description).toBe(
      "The access token has expired.",
    );
    const revoked = await createToken(db, ids.org!);
    await db.organizationAccessToken.update({
      where: { id: revoked.accessToken.id },
      data: { revoked_at: new Date() },
    });
    expect((await call(list, { token: revoked.token })).body).toEqual({
      error: "invalid_token",
      error_description: "The access token has been revoked.",
    });
    const narrow = await createToken(db, ids.org!, { scopes: ["license_keys:read"] });
    const denied = await call(list, { token: narrow.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: orders:read.",
    });
  });

  it("refuses a blocked organization and other methods", async () => {
    const db = await getDb();
    const blocked = await createOrganization(db, { blocked_at: new Date() });
    const res = await call(list, { token: (await createToken(db, blocked.id)).token });
    expect(res).toMatchObject({
      status: 403,
      body: { error: "NotPermitted", detail: "This organization is blocked." },
    });
    const del = await call(listDelete, { method: "DELETE", token });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET");
  });
});

describe("GET /v1/orders/{id}", () => {
  it("returns the order", async () => {
    const res = await call(getOne, { token, params: { id: ids.o1! } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ORDER_KEYS);
    expect(res.body.id).toBe(ids.o1);
  });

  it("is 404 for another organization's order, both ways, and for unknown ids", async () => {
    expect(await call(getOne, { token, params: { id: ids.foreign! } })).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound", detail: "Not found" },
    });
    expect((await call(getOne, { token: otherToken, params: { id: ids.o1! } })).status).toBe(404);
    expect((await call(getOne, { token, params: { id: crypto.randomUUID() } })).status).toBe(404);
    const other = await call(list, { token: otherToken });
    expect(idsOf(other.body)).toEqual([ids.foreign]);
  });

  it("is 422 for a malformed id", async () => {
    const res = await call(getOne, { token, params: { id: "not-a-uuid" } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { type: "uuid_parsing", loc: ["path", "id"], msg: "Input should be a valid UUID", input: "not-a-uuid" },
    ]);
  });
});

describe("GET /v1/orders/ (more filters, sorts and pages)", () => {
  const by = async (sorting: string | string[]) =>
    idsOf((await call(list, { token, query: { sorting } })).body);

  it("writes every datetime, nested ones included, with milliseconds and Z", async () => {
    const res = await call(list, { token });
    const datetimes: string[] = [];
    const walk = (value: unknown, key = "") => {
      if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) walk(v, k);
      } else if (/_at$|^current_period_(start|end)$/.test(key) && value !== null)
        datetimes.push(value as string);
    };
    walk(res.body.items);
    expect(datetimes.length).toBeGreaterThanOrEqual(25);
    for (const value of datetimes) expect(value).toMatch(ISO);
    const order = res.body.items.find((o: { id: string }) => o.id === ids.o1);
    expect(order.product).toMatchObject({ id: ids.oneTime, name: "Beta tool", is_recurring: false });
    expect(order.product_price).toMatchObject({
      type: "one_time",
      amount_type: "fixed",
      recurring_interval: null,
    });
    expect(order.discount).toMatchObject({
      id: ids.discount,
      name: "Zeta",
      code: "Z10",
      organization_id: ids.org,
    });
    expect(order.customer).toMatchObject({
      id: ids.alice,
      organization_id: ids.org,
      tax_id: null,
      metadata: {},
    });
  });

  it("filters by checkout, and repeated product, discount and checkout values are OR-ed", async () => {
    const q = async (query: Record<string, string | string[]>) =>
      idsOf((await call(list, { token, query })).body);
    expect(await q({ checkout_id: ids.checkout! })).toEqual([ids.o4]);
    expect(await q({ checkout_id: [ids.checkout!, crypto.randomUUID()] })).toEqual([ids.o4]);
    expect(await q({ checkout_id: ids.checkout!, customer_id: ids.alice! })).toEqual([]);
    expect(await q({ product_id: [ids.oneTime!, ids.monthly!] })).toEqual([
      ids.o5,
      ids.o4,
      ids.o3,
      ids.o2,
      ids.o1,
    ]);
    expect(await q({ product_id: ids.oneTime!, customer_id: ids.alice! })).toEqual([ids.o1]);
    expect(await q({ discount_id: [ids.discount!, crypto.randomUUID()] })).toEqual([ids.o1]);
    expect(await q({ customer_id: ids.alice! })).toEqual([ids.o3, ids.o1]);
    expect(await q({ organization_id: [ids.org!, ids.other!] })).toHaveLength(5);
    expect(await q({ product_id: ids.monthly!, product_price_type: "one_time" })).toEqual([]);
  });

  it("sorts by each criterion in both directions", async () => {
    expect(await by([])).toEqual([ids.o5, ids.o4, ids.o3, ids.o2, ids.o1]);
    expect(await by("-created_at")).toEqual([ids.o5, ids.o4, ids.o3, ids.o2, ids.o1]);
    expect(await by(["amount", "created_at"])).toEqual([ids.o3, ids.o5, ids.o4, ids.o1, ids.o2]);
    expect(await by(["-customer", "created_at"])).toEqual([ids.o2, ids.o4, ids.o5, ids.o1, ids.o3]);
    expect(await by(["product", "created_at"])).toEqual([ids.o3, ids.o5, ids.o1, ids.o2, ids.o4]);
    expect(await by(["product", "-created_at"])).toEqual([ids.o5, ids.o3, ids.o4, ids.o2, ids.o1]);
    // Orders without a discount sort as PostgreSQL sorts NULL: last ascending, first descending.
    expect(await by(["discount", "created_at"])).toEqual([ids.o1, ids.o2, ids.o3, ids.o4, ids.o5]);
    expect(await by(["-discount", "created_at"])).toEqual([ids.o2, ids.o3, ids.o4, ids.o5, ids.o1]);
    const res = await call(list, { token, query: { product_price_type: "recurring" } });
    const subscriptionOf = Object.fromEntries(
      res.body.items.map((o: { id: string; subscription_id: string }) => [o.id, o.subscription_id]),
    );
    const [lowSub, highSub] = [ids.o3!, ids.o5!].sort((a, b) =>
      subscriptionOf[a] < subscriptionOf[b] ? -1 : 1,
    );
    // Orders without a subscription come last either way.
    expect(await by(["subscription", "created_at"])).toEqual([lowSub, highSub, ids.o1, ids.o2, ids.o4]);
    expect(await by(["-subscription", "created_at"])).toEqual([highSub, lowSub, ids.o1, ids.o2, ids.o4]);
  });

  it("applies several criteria in the order given, with equal amounts", async () => {
    expect(await by(["-amount", "created_at"])).toEqual([ids.o1, ids.o2, ids.o4, ids.o3, ids.o5]);
    expect(await by(["created_at", "-amount"])).toEqual([ids.o1, ids.o2, ids.o3, ids.o4, ids.o5]);
    expect(await by(["amount", "-customer"])).toEqual([ids.o5, ids.o3, ids.o4, ids.o2, ids.o1]);
    expect(await by(["customer", "-amount", "-created_at"])).toEqual([
      ids.o1,
      ids.o3,
      ids.o2,
      ids.o4,
      ids.o5,
    ]);
  });

  it("rejects each unknown sorting criterion at its index, and accepts - only as a prefix", async () => {
    const res = await call(list, {
      token,
      query: { sorting: ["created_at", "amount-", "--amount", "email"] },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { type: "enum", loc: ["query", "sorting", 1], msg: expect.any(String), input: "amount-" },
      { type: "enum", loc: ["query", "sorting", 2], msg: expect.any(String), input: "--amount" },
      { type: "enum", loc: ["query", "sorting", 3], msg: expect.any(String), input: "email" },
    ]);
  });

  it("is 422 for page=0 and limit=0 on their own, and for malformed ids in each filter", async () => {
    for (const param of ["page", "limit"]) {
      const res = await call(list, { token, query: { [param]: 0 } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: "RequestValidationError",
        detail: [{ type: "greater_than", loc: ["query", param], msg: expect.any(String), input: 0 }],
      });
    }
    for (const filter of ["organization_id", "product_id", "discount_id", "customer_id", "checkout_id"]) {
      const res = await call(list, { token, query: { [filter]: [crypto.randomUUID(), "nope"] } });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          type: "uuid_parsing",
          loc: ["query", filter, 1],
          msg: "Input should be a valid UUID",
          input: "nope",
        },
      ]);
    }
  });
});

describe("GET /v1/orders/ with many orders created at the same instant", () => {
  let bulkToken: string;
  const bulkIds: string[] = [];
  const bulkAmount: Record<string, number> = {};

  beforeAll(async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    bulkToken = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id);
    const at = new Date(Date.UTC(2025, 5, 1));
    for (let i = 0; i < 105; i++) {
      const amount = i % 2 ? 500 : 700;
      const order = await createOrder(db, org.id, {
        customerId: customer.id,
        priceId: price.id,
        order: { created_at: at, amount },
        withBenefits: false,
      });
      bulkIds.push(order.id);
      bulkAmount[order.id] = amount;
    }
  });

  const pageOf = async (query: Record<string, string | number | string[]>) =>
    call(list, { token: bulkToken, query });

  it("breaks ties by id, so pages neither overlap nor skip", async () => {
    const desc = [...bulkIds].sort().reverse();
    const seen: string[] = [];
    for (let page = 1; page <= 11; page++) {
      const res = await pageOf({ page, limit: 10 });
      expect(res.body.pagination).toEqual({ total_count: 105, max_page: 11 });
      expect(res.body.items).toHaveLength(page === 11 ? 5 : 10);
      seen.push(...idsOf(res.body));
    }
    expect(seen).toEqual(desc);
    const byAmount: string[] = [];
    for (let page = 1; page <= 4; page++)
      byAmount.push(...idsOf((await pageOf({ page, limit: 30, sorting: "amount" })).body));
    const expected = [...bulkIds].sort((a, b) => bulkAmount[a]! - bulkAmount[b]! || (a < b ? -1 : 1));
    expect(byAmount).toEqual(expected);
  });

  it("clamps limit to 100 and answers an empty page past the end", async () => {
    const first = await pageOf({ limit: 1000 });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(100);
    expect(first.body.pagination).toEqual({ total_count: 105, max_page: 2 });
    const second = await pageOf({ limit: 1000, page: 2 });
    expect(second.body.items).toHaveLength(5);
    const beyond = await pageOf({ limit: 50, page: 4 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], pagination: { total_count: 105, max_page: 3 } });
    const exact = await pageOf({ limit: 105 });
    expect(exact.body.items).toHaveLength(100);
    expect(exact.body.pagination.max_page).toBe(2);
  });

  it("keeps these orders out of other organizations' lists", async () => {
    const res = await call(list, { token, query: { limit: 100 } });
    expect(res.body.pagination.total_count).toBe(5);
    const foreign = await call(getOne, { token, params: { id: bulkIds[0]! } });
    expect(foreign.status).toBe(404);
    const own = await call(getOne, { token: bulkToken, params: { id: bulkIds[0]! } });
    expect(own.status).toBe(200);
  });
});

describe("GET /v1/orders/?query= (search by customer email)", () => {
  const q = async (query: Record<string, string | string[]>) => (await call(list, { token, query })).body;

  it("matches a case-insensitive substring of the customer's email", async () => {
    expect(idsOf(await q({ query: "alice" }))).toEqual([ids.o3, ids.o1]);
    expect(idsOf(await q({ query: "ALICE@EXAMPLE.COM" }))).toEqual([ids.o3, ids.o1]);
    expect(idsOf(await q({ query: "b@exa" }))).toEqual([ids.o5, ids.o4, ids.o2]);
    expect(idsOf(await q({ query: "  bOb  " }))).toEqual([ids.o5, ids.o4, ids.o2]);
    expect((await q({ query: "carol" })).pagination).toEqual({ total_count: 0, max_page: 0 });
  });

  it("only narrows: other organizations' customers never match, other filters still apply", async () => {
    expect((await q({ query: "@example.com" })).pagination.total_count).toBe(5);
    expect(idsOf(await q({ query: "alice", product_price_type: "one_time" }))).toEqual([ids.o1]);
    expect(idsOf(await q({ query: "alice", sorting: "created_at", limit: "1", page: "2" }))).toEqual([
      ids.o3,
    ]);
  });

  it("takes LIKE wildcards literally, and a blank query as no filter", async () => {
    expect((await q({ query: "%" })).items).toEqual([]);
    expect((await q({ query: "_" })).items).toEqual([]);
    expect((await q({ query: "a%e" })).items).toEqual([]);
    expect((await q({ query: "\\" })).items).toEqual([]);
    expect(idsOf(await q({ query: "e@example" }))).toEqual([ids.o3, ids.o1]);
    const db = await getDb();
    const org = await createOrganization(db);
    const orgToken = (await createToken(db, org.id)).token;
    const { price } = await createProduct(db, org.id);
    const literal = await createCustomer(db, org.id, { email: "a_b%c\\d@example.com" });
    const lookalike = await createCustomer(db, org.id, { email: "axbycxd@example.com" });
    const order = await createOrder(db, org.id, { customerId: literal.id, priceId: price.id });
    await createOrder(db, org.id, { customerId: lookalike.id, priceId: price.id });
    for (const query of ["_b%c\\", "A_B%C\\D@", "%", "_"]) {
      const res = await call(list, { token: orgToken, query: { query } });
      expect(idsOf(res.body)).toEqual([order.id]);
    }
    expect((await q({ query: "" })).pagination.total_count).toBe(5);
    expect((await q({ query: "   " })).pagination.total_count).toBe(5);
  });

  it("is 422 string_too_long above 320 characters", async () => {
    expect((await q({ query: `${"a".repeat(310)}@example.c` })).items).toEqual([]);
    const res = await call(list, { token, query: { query: "a".repeat(321) } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "string_too_long",
        loc: ["query", "query"],
        msg: "String should have at most 320 characters",
        // A 422 echoes at most 200 characters of the refused value.
        input: `${"a".repeat(199)}…`,
      },
    ]);
  });
});
