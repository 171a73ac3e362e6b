// Test and live organizations (docs/payments.md) through the real handlers: livemode chosen at
// creation and never changed; a live organization without its card processor sells free products
// only (API, checkout links, confirm), a test one is unaffected; test organizations' sessions, email
// subjects, webhook envelopes and license-key answers say so.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { PAYMENTS_NOT_SET_UP } from "@/lib/organizations/payments-ready";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { call, callRaw, type CallOptions } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { createWebhookEndpoint, eventsOf } from "@/test/webhook-events";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as list, POST as create } from "./route";
import { GET as getOne, PATCH as update } from "./[id]/route";
import { POST as createCheckout } from "../checkouts/route";
import { POST as createCustomCheckout } from "../checkouts/custom/route";
import { GET as clientGet } from "../checkouts/client/[client_secret]/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { POST as createLink } from "../checkout-links/route";
import { POST as createCustomerRoute } from "../customers/route";
import { POST as validate } from "../customer-portal/license-keys/validate/route";
import { POST as activate } from "../customer-portal/license-keys/activate/route";
import { POST as requestCode } from "../customer-portal/customer-session/request/route";
import { GET as buy } from "@/app/buy/[link]/route";

let db: Db;
let session: CallOptions["headers"];
let peer = 0;
const live: { id: string; token: string } = {} as never;
const test: { id: string; token: string } = {} as never;

beforeAll(async () => {
  db = await getDb();
  const liveOrg = await createOrganization(db, { name: "Live Shop", livemode: true });
  const testOrg = await createOrganization(db, { name: "Test Shop" });
  Object.assign(live, { id: liveOrg.id, token: (await createToken(db, liveOrg.id)).token });
  Object.assign(test, { id: testOrg.id, token: (await createToken(db, testOrg.id)).token });
  await createMerchantUser(db, { email: "livemode@example.com", password: "livemode password 1" });
  const signedIn = await call(signIn, {
    body: { email: "livemode@example.com", password: "livemode password 1" },
  });
  session = {
    cookie: signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; "),
    "x-csrf-token": signedIn.body.csrf_token as string,
  };
});

const notSetUp = {
  error: "RequestValidationError",
  detail: [{ type: "value_error", loc: ["body"], msg: PAYMENTS_NOT_SET_UP, input: null }],
};

describe("livemode of an organization", () => {
  it("is chosen at creation (test by default), shown by GET and the list", async () => {
    const slug = `live-${randomUUID().slice(0, 8)}`;
    const liveRes = await call(create, { headers: session, body: { name: "Live", slug, livemode: true } });
    expect(liveRes.status).toBe(201);
    expect(liveRes.body.livemode).toBe(true);
    expect((await db.organization.findUniqueOrThrow({ where: { slug } })).livemode).toBe(true);

    const testSlug = `test-${randomUUID().slice(0, 8)}`;
    const testRes = await call(create, { headers: session, body: { name: "Test", slug: testSlug } });
    expect(testRes.status).toBe(201);
    expect(testRes.body.livemode).toBe(false);
    expect((await db.organization.findUniqueOrThrow({ where: { slug: testSlug } })).livemode).toBe(false);

    const got = await call(getOne, { headers: session, params: { id: liveRes.body.id } });
    expect(got.body.livemode).toBe(true);
    const listed = await call(list, { headers: session, query: { sorting: "name" } });
    expect(listed.body.items.map((o: { name: string; livemode: boolean }) => [o.name, o.livemode])).toEqual([
      ["Live", true],
      ["Test", false],
    ]);
  });

  it("refuses a livemode that is not a boolean with 422 and creates nothing", async () => {
    const slug = `bad-${randomUUID().slice(0, 8)}`;
    const res = await call(create, { headers: session, body: { name: "Bad", slug, livemode: "yes" } });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { loc: unknown }) => p.loc)).toEqual([["body", "livemode"]]);
    expect(await db.organization.findUnique({ where: { slug } })).toBeNull();
  });

  it("cannot change afterwards: PATCH answers 422 naming the field and changes nothing", async () => {
    const res = await call(update, {
      token: test.token,
      method: "PATCH",
      params: { id: test.id },
      body: { livemode: true, name: "Renamed" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "value_error",
          loc: ["body", "livemode"],
          msg: "livemode cannot be changed: create a new organization (copy-catalog copies a test catalog into it).",
          input: true,
        },
      ],
    });
    const row = await db.organization.findUniqueOrThrow({ where: { id: test.id } });
    expect(row).toMatchObject({ livemode: false, name: "Test Shop", modified_at: null });
    // The value it has is no change: accepted.
    const same = await call(update, {
      token: test.token,
      method: "PATCH",
      params: { id: test.id },
      body: { livemode: false },
    });
    expect(same.status).toBe(200);
    expect(same.body.livemode).toBe(false);
  });
});

describe("a live organization without a card processor", () => {
  it("refuses a checkout for a paid price with 422 and writes no session, on both paths", async () => {
    const paid = await createProduct(db, live.id, { price: { price_amount: 1500 } });
    for (const handler of [createCheckout, createCustomCheckout]) {
      const res = await call(handler, { token: live.token, body: { product_price_id: paid.price.id } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(notSetUp);
    }
    const byProducts = await call(createCheckout, {
      token: live.token,
      body: { products: [paid.product.id] },
    });
    expect(byProducts.status).toBe(422);
    expect(byProducts.body).toEqual(notSetUp);
    expect(await db.checkoutSession.count({ where: { organization_id: live.id } })).toBe(0);
  });

  it("refuses a subscription's card even when its first period costs nothing", async () => {
    const monthly = await createProduct(db, live.id, {
      price: { recurring_interval: "month", price_amount: 900 },
    });
    const discount = await db.discount.create({
      data: {
        id: randomUUID(),
        organization_id: live.id,
        name: "First month free",
        type: "percentage",
        basis_points: 10_000,
        duration: "once",
      },
    });
    const res = await call(createCheckout, {
      token: live.token,
      body: { product_price_id: monthly.price.id, discount_id: discount.id },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(notSetUp);
  });

  it("sells a free price: 201, the session marked live, and it confirms", async () => {
    const free = await createProduct(db, live.id, { price: { amount_type: "free", price_amount: null } });
    const res = await call(createCheckout, { token: live.token, body: { product_price_id: free.price.id } });
    expect(res.status).toBe(201);
    expect(res.body.total_amount).toBe(0);
    const view = await call(clientGet, { params: { client_secret: res.body.client_secret } });
    expect(view.body.livemode).toBe(true);
    expect(view.body.organization.livemode).toBe(true);
    const confirmed = await call(confirm, {
      params: { client_secret: res.body.client_secret },
      body: { customer_email: "free@example.com" },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("confirmed");
  });

  it("refuses at confirm when the buyer moved to a paid product after creation", async () => {
    const free = await createProduct(db, live.id, { price: { amount_type: "free", price_amount: null } });
    const paid = await createProduct(db, live.id, { price: { price_amount: 2500 } });
    const res = await call(createCheckout, {
      token: live.token,
      body: { products: [free.product.id, paid.product.id] },
    });
    expect(res.status).toBe(201);
    const confirmed = await call(confirm, {
      params: { client_secret: res.body.client_secret },
      body: {
        product_price_id: paid.price.id,
        customer_email: "switch@example.com",
        customer_name: "Switch",
        customer_billing_address: { country: "FR" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(422);
    expect(confirmed.body.detail).toContainEqual(notSetUp.detail[0]);
    const row = await db.checkoutSession.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.status).toBe("open");
    expect(await db.paymentAttempt.count({ where: { checkout_id: res.body.id } })).toBe(0);
  });

  it("refuses a checkout link's paid session with the same 422; a free link opens", async () => {
    const paid = await createProduct(db, live.id, { price: { price_amount: 1200 } });
    const free = await createProduct(db, live.id, { price: { amount_type: "free", price_amount: null } });
    const paidLink = await call(createLink, { token: live.token, body: { products: [paid.product.id] } });
    const freeLink = await call(createLink, { token: live.token, body: { products: [free.product.id] } });
    expect([paidLink.status, freeLink.status]).toEqual([201, 201]);
    const visit = (id: string) =>
      callRaw(buy, { path: `/buy/${id}`, params: { link: id }, headers: fromPeer(`198.51.100.${++peer}`) });
    const refused = await visit(paidLink.body.id);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual(notSetUp);
    expect((await visit(freeLink.body.id)).status).toBe(303);
  });

  it("sells paid prices once its Stripe processor is set up", async () => {
    const org = await createOrganization(db, { livemode: true });
    const token = (await createToken(db, org.id)).token;
    const capabilities = async () =>
      (await call(getOne, { token, params: { id: org.id } })).body.capabilities.checkout_payments;
    // The current reference API's `capabilities` say so too.
    expect(await capabilities()).toBe(false);
    const paid = await createProduct(db, org.id, { price: { price_amount: 1500 } });
    await db.paymentProcessorSetting.create({
      data: { organization_id: org.id, processor: "stripe", livemode: true, publishable_key: "pk_live_x" },
    });
    const res = await call(createCheckout, { token, body: { product_price_id: paid.price.id } });
    expect(res.status).toBe(201);
    expect(await capabilities()).toBe(true);
  });
});

describe("a test organization", () => {
  it("sells paid prices with the built-in test processor; its sessions say test mode", async () => {
    const paid = await createProduct(db, test.id, { price: { price_amount: 1500 } });
    const res = await call(createCheckout, { token: test.token, body: { product_price_id: paid.price.id } });
    expect(res.status).toBe(201);
    const view = await call(clientGet, { params: { client_secret: res.body.client_secret } });
    expect(view.body.livemode).toBe(false);
    const confirmed = await call(confirm, {
      params: { client_secret: res.body.client_secret },
      body: {
        customer_email: "tester@example.com",
        customer_name: "Tester",
        customer_billing_address: { country: "FR" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
  });
});

describe("what a test organization sends says so", () => {
  it("email subjects start with [Test] for a test organization only", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const customers = {
      live: await createCustomer(db, live.id, { email: "subject-live@example.com" }),
      test: await createCustomer(db, test.id, { email: "subject-test@example.com" }),
    };
    for (const [organizationId, email] of [
      [live.id, customers.live.email],
      [test.id, customers.test.email],
    ] as const) {
      const res = await call(requestCode, {
        body: { organization_id: organizationId, email },
        headers: fromPeer(`198.51.100.${++peer}`),
      });
      expect(res.status).toBe(202);
    }
    while ((await runDueJobs(db, jobHandlers, {})).claimed > 0);
    const subjectOf = async (customerId: string) =>
      (await db.email.findFirstOrThrow({ where: { customer_id: customerId } })).subject;
    expect(await subjectOf(customers.live.id)).toBe("Your sign-in code for Live Shop");
    expect(await subjectOf(customers.test.id)).toBe("[Test] Your sign-in code for Test Shop");
    vi.restoreAllMocks();
  });

  it("webhook envelopes carry livemode at the top level", async () => {
    const endpoints = {
      live: await createWebhookEndpoint(db, live.id, ["customer.created"]),
      test: await createWebhookEndpoint(db, test.id, ["customer.created"]),
    };
    for (const [token, email] of [
      [live.token, "hook-live@example.com"],
      [test.token, "hook-test@example.com"],
    ]) {
      expect((await call(createCustomerRoute, { token, body: { email } })).status).toBe(201);
    }
    const [liveEvent] = await eventsOf(db, endpoints.live.id);
    const [testEvent] = await eventsOf(db, endpoints.test.id);
    expect(Object.keys(liveEvent!)).toEqual(["type", "timestamp", "sequence", "livemode", "data"]);
    expect(liveEvent).toMatchObject({ type: "customer.created", livemode: true });
    expect(liveEvent!.data.email).toBe("hook-live@example.com");
    expect(testEvent).toMatchObject({ type: "customer.created", livemode: false });
  });

  it("license-key validate and activate answer the key's organization's livemode", async () => {
    for (const [organizationId, livemode] of [
      [live.id, true],
      [test.id, false],
    ] as const) {
      const benefit = await createBenefit(db, organizationId, {
        type: "license_keys",
        properties: { prefix: "LM", activations: { limit: 2, enable_customer_admin: false } },
      });
      const customer = await createCustomer(db, organizationId);
      const key = await createLicenseKey(db, organizationId, {
        benefitId: benefit.id,
        customerId: customer.id,
      });
      const ref = { key: key.key, organization_id: organizationId };
      const headers = fromPeer(`198.51.100.${++peer}`);
      const validated = await call(validate, { body: ref, headers });
      expect(validated.status).toBe(200);
      expect(validated.body).toMatchObject({ id: key.id, livemode });
      const activated = await call(activate, { body: { ...ref, label: "Laptop" }, headers });
      expect(activated.status).toBe(200);
      expect(activated.body).toMatchObject({ label: "Laptop", license_key: { id: key.id }, livemode });
      // The slow path (an activation to check) answers it too.
      const withActivation = await call(validate, {
        body: { ...ref, activation_id: activated.body.id },
        headers,
      });
      expect(withActivation.status).toBe(200);
      expect(withActivation.body).toMatchObject({ activation: { id: activated.body.id }, livemode });
    }
  });
});
