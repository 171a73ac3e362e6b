// A customer's state and the routes by the merchant's external id, through the real handlers:
// GET /v1/customers/{id}/state (active subscriptions only; benefits granted and not revoked, a
// license key's grant naming its key), the same by external id; GET, PATCH and DELETE of
// /v1/customers/external/{external_id}; another organization's external id 404, an anonymized
// customer 404, a missing scope 403, an over-long external id 422.
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
import { displayKey } from "@/lib/core/license-key-format";
import { call } from "@/test/http";
import { GET as getState } from "./[id]/state/route";
import {
  DELETE as deleteExternal,
  GET as getExternal,
  PATCH as patchExternal,
} from "./external/[external_id]/route";
import { GET as getExternalState } from "./external/[external_id]/state/route";
import { GET as listPaymentMethods } from "./[id]/payment-methods/route";
import { GET as listExternalPaymentMethods } from "./external/[external_id]/payment-methods/route";

let db: Db;

beforeAll(async () => {
  db = await getDb();
});

async function shop() {
  const organization = await createOrganization(db);
  const token = (await createToken(db, organization.id)).token;
  const keys = await createBenefit(db, organization.id, { type: "license_keys", properties: {} });
  const monthly = await createProduct(db, organization.id, {
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
    benefitIds: [keys.id],
  });
  const once = await createProduct(db, organization.id, { price: { price_amount: 4_900 } });
  return { organization, token, keys, monthly, once };
}

describe("GET /v1/customers/{id}/state", () => {
  it("lists the active subscriptions and the benefits held now, by id and by external id", async () => {
    const { organization, token, keys, monthly } = await shop();
    const customer = await createCustomer(db, organization.id, { external_id: "crm-42" });
    const active = await createOrder(db, organization.id, {
      customerId: customer.id,
      priceId: monthly.price.id,
    });
    const ended = await createOrder(db, organization.id, {
      customerId: customer.id,
      priceId: monthly.price.id,
    });
    await db.subscription.update({
      where: { id: ended.subscription_id! },
      data: { status: "canceled", ended_at: new Date() },
    });
    // The ended subscription's grant is revoked; the active one's stays.
    await db.benefitGrant.updateMany({ where: { order_id: ended.id }, data: { revoked_at: new Date() } });
    const subscription = await db.subscription.findUniqueOrThrow({ where: { id: active.subscription_id! } });
    const grant = await db.benefitGrant.findFirstOrThrow({
      where: { order_id: active.id },
      include: { license_key: true },
    });

    const state = await call(getState, { token, params: { id: customer.id } });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ id: customer.id, email: customer.email, external_id: "crm-42" });
    expect(state.body.active_subscriptions).toEqual([
      {
        id: subscription.id,
        created_at: subscription.created_at.toISOString(),
        modified_at: null,
        metadata: {},
        status: "active",
        amount: 900,
        currency: "usd",
        recurring_interval: "month",
        current_period_start: subscription.current_period_start.toISOString(),
        current_period_end: subscription.current_period_end!.toISOString(),
        trial_start: null,
        trial_end: null,
        cancel_at_period_end: false,
        canceled_at: null,
        started_at: subscription.started_at!.toISOString(),
        ends_at: null,
        product_id: monthly.product.id,
        discount_id: null,
        seats: null,
        units: null,
        meters: [],
      },
    ]);
    expect(state.body.granted_benefits).toEqual([
      {
        id: grant.id,
        created_at: grant.created_at.toISOString(),
        modified_at: grant.modified_at?.toISOString() ?? null,
        granted_at: grant.granted_at!.toISOString(),
        benefit_id: keys.id,
        benefit_type: "license_keys",
        benefit_metadata: {},
        properties: {
          license_key_id: grant.license_key!.id,
          display_key: displayKey(grant.license_key!.key),
        },
      },
    ]);
    expect(state.body.active_meters).toEqual([]);

    const byExternal = await call(getExternalState, { token, params: { external_id: "crm-42" } });
    expect(byExternal).toMatchObject({ status: 200, body: state.body });
  });

  it("is empty for a customer without purchases, and not found for another organization's", async () => {
    const mine = await shop();
    const theirs = await shop();
    const customer = await createCustomer(db, mine.organization.id);
    const empty = await call(getState, { token: mine.token, params: { id: customer.id } });
    expect(empty.body).toMatchObject({ active_subscriptions: [], granted_benefits: [], active_meters: [] });
    const foreign = await createCustomer(db, theirs.organization.id, { external_id: "theirs" });
    expect((await call(getState, { token: mine.token, params: { id: foreign.id } })).status).toBe(404);
    expect(
      (await call(getExternalState, { token: mine.token, params: { external_id: "theirs" } })).status,
    ).toBe(404);
  });
});

describe("/v1/customers/external/{external_id}", () => {
  it("reads, updates and deletes the customer the merchant knows by their own id", async () => {
    const { organization, token } = await shop();
    const customer = await createCustomer(db, organization.id, { external_id: "user_7" });

    const read = await call(getExternal, { token, params: { external_id: "user_7" } });
    expect(read).toMatchObject({ status: 200, body: { id: customer.id, external_id: "user_7" } });

    const renamed = await call(patchExternal, {
      token,
      params: { external_id: "user_7" },
      body: { name: "Grace Hopper", metadata: { plan: "pro" } },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id: customer.id, name: "Grace Hopper", metadata: { plan: "pro" }, external_id: "user_7" },
    });
    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row).toMatchObject({ name: "Grace Hopper", external_id: "user_7" });

    expect((await call(deleteExternal, { token, params: { external_id: "user_7" } })).status).toBe(204);
    expect(await db.customer.findUnique({ where: { id: customer.id } })).toBeNull();
    expect((await call(getExternal, { token, params: { external_id: "user_7" } })).status).toBe(404);
    expect((await call(deleteExternal, { token, params: { external_id: "user_7" } })).status).toBe(404);
  });

  it("keeps other organizations' customers to themselves and checks its input", async () => {
    const mine = await shop();
    const theirs = await shop();
    await createCustomer(db, theirs.organization.id, { external_id: "shared-id" });
    expect(
      (await call(getExternal, { token: mine.token, params: { external_id: "shared-id" } })).status,
    ).toBe(404);
    const patch = await call(patchExternal, {
      token: mine.token,
      params: { external_id: "shared-id" },
      body: { name: "Mallory" },
    });
    expect(patch.status).toBe(404);
    expect(
      (await call(deleteExternal, { token: mine.token, params: { external_id: "shared-id" } })).status,
    ).toBe(404);
    expect(await db.customer.count({ where: { external_id: "shared-id", name: "Mallory" } })).toBe(0);

    const readOnly = (await createToken(db, mine.organization.id, { scopes: ["customers:read"] })).token;
    const refused = await call(patchExternal, {
      token: readOnly,
      params: { external_id: "shared-id" },
      body: { name: "Mallory" },
    });
    expect(refused.status).toBe(403);
    const long = await call(getExternal, { token: mine.token, params: { external_id: "x".repeat(256) } });
    expect(long.status).toBe(422);
    expect(long.body.detail[0]).toMatchObject({ loc: ["path", "external_id"] });
  });
});

describe("GET /v1/customers/{id}/payment-methods", () => {
  it("lists the cards the customer's subscriptions renew with, once each, described when known", async () => {
    const { organization, token, monthly } = await shop();
    const customer = await createCustomer(db, organization.id, { external_id: "cards-1" });
    const other = await createCustomer(db, organization.id);
    const subscribe = async (who: string, ref: string) => {
      const order = await createOrder(db, organization.id, { customerId: who, priceId: monthly.price.id });
      await db.subscription.update({
        where: { id: order.subscription_id! },
        data: { payment_method_ref: ref, payment_processor: "test" },
      });
    };
    await subscribe(customer.id, "pm_test_visa_1");
    await subscribe(customer.id, "pm_test_visa_1");
    await subscribe(customer.id, "pm_test_undescribed");
    await subscribe(other.id, "pm_test_other");
    const savedAt = new Date("2026-11-01T10:00:00.000Z");
    await db.savedPaymentMethod.create({
      data: {
        organization_id: organization.id,
        ref: "pm_test_visa_1",
        processor: "test",
        brand: "visa",
        last4: "4242",
        exp_month: 12,
        exp_year: 2030,
        created_at: savedAt,
      },
    });

    const list = await call(listPaymentMethods, { token, params: { id: customer.id } });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    expect(list.body.items).toEqual([
      {
        id: "pm_test_visa_1",
        created_at: savedAt.toISOString(),
        modified_at: null,
        processor: "test",
        customer_id: customer.id,
        type: "card",
        is_default: false,
        method_metadata: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
      },
      {
        id: "pm_test_undescribed",
        created_at: expect.any(String),
        modified_at: null,
        processor: "test",
        customer_id: customer.id,
        type: "card",
        // The card of the newest subscription.
        is_default: true,
      },
    ]);
    const paged = await call(listPaymentMethods, {
      token,
      params: { id: customer.id },
      query: { limit: 1, page: 2 },
    });
    expect(paged.body).toEqual({ items: [list.body.items[1]], pagination: { total_count: 2, max_page: 2 } });
    const byExternal = await call(listExternalPaymentMethods, { token, params: { external_id: "cards-1" } });
    expect(byExternal.body).toEqual(list.body);

    const stranger = await shop();
    expect(
      (await call(listPaymentMethods, { token: stranger.token, params: { id: customer.id } })).status,
    ).toBe(404);
  });
});
