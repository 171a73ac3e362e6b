// The whole checkout lifecycle through the real route handlers: create with a token, fill through
// the client routes, confirm with the test card, process the job, then read the order, the
// subscription and the license key back through the merchant's read endpoints.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomField,
  createDiscount,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as create } from "../route";
import { GET as getClient, PATCH as updateClient } from "./[client_secret]/route";
import { POST as confirm } from "./[client_secret]/confirm/route";
import { GET as listOrders } from "../../../orders/route";
import { GET as getOrder } from "../../../orders/[id]/route";
import { GET as listKeys } from "../../../license-keys/route";
import { GET as getKey } from "../../../license-keys/[id]/route";

let db: Db;
let token: string;
let organizationId: string;
let monthly: Awaited<ReturnType<typeof createProduct>>;
let oneTime: Awaited<ReturnType<typeof createProduct>>;
let licenseBenefitId: string;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Acme Software" });
  organizationId = organization.id;
  await db.taxRate.create({
    data: { id: crypto.randomUUID(), organization_id: organizationId, country: "DE", basis_points: 1900 },
  });
  token = (await createToken(db, organizationId)).token;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    description: "License key",
    properties: { prefix: "ACME", activations: { limit: 3 }, expires: { ttl: 1, timeframe: "year" } },
  });
  licenseBenefitId = license.id;
  const custom = await createBenefit(db, organizationId, { description: "Private forum" });
  monthly = await createProduct(db, organizationId, {
    product: { name: "Acme Pro" },
    price: { recurring_interval: "month", price_amount: 2000 },
    benefitIds: [license.id, custom.id],
  });
  oneTime = await createProduct(db, organizationId, {
    price: { price_amount: 4900 },
    benefitIds: [license.id],
  });
  await createCustomField(db, organizationId, {
    slug: "company",
    name: "Company",
    attachTo: { productId: monthly.product.id, required: true },
  });
  await createDiscount(db, organizationId, { code: "SAVE10", basis_points: 1000, duration: "forever" });
});

const client = (secret: string) => ({ params: { client_secret: secret } });

describe("checkout lifecycle", () => {
  it("creates, fills, confirms and processes a subscription purchase", async () => {
    const started = Date.now();
    const created = await call(create, {
      token,
      body: {
        product_price_id: monthly.price.id,
        success_url: "https://example.com/thanks?checkout={CHECKOUT_ID}",
        metadata: { source: "test" },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "open",
      product_price_id: monthly.price.id,
      amount: 2000,
      total_amount: 2000,
      is_payment_form_required: true,
      metadata: { source: "test" },
    });
    const secret: string = created.body.client_secret;
    expect(created.body.url).toMatch(new RegExp(`/checkout/${secret}$`));
    const ttl = Date.parse(created.body.expires_at) - Date.parse(created.body.created_at);
    expect(ttl).toBe(3600_000);

    const read = await call(getClient, client(secret));
    expect(read.status).toBe(200);
    expect(read.body.organization.name).toBe("Acme Software");
    expect(read.body).not.toHaveProperty("metadata");
    expect(read.body).not.toHaveProperty("subscription_id");

    const filled = await call(updateClient, {
      ...client(secret),
      method: "PATCH",
      body: {
        customer_email: "Jane@Example.com",
        customer_name: "Jane Doe",
        customer_billing_address: {
          country: "DE",
          line1: "Hauptstr. 1",
          city: "Berlin",
          postal_code: "10115",
        },
        discount_code: "save10",
        custom_field_data: { company: "Jane GmbH" },
      },
    });
    expect(filled.status).toBe(200);
    // 2000 - 10 % = 1800, plus 19 % German VAT = 342.
    expect(filled.body).toMatchObject({
      discount_amount: 200,
      subtotal_amount: 1800,
      tax_amount: 342,
      total_amount: 2142,
      discount: { code: "SAVE10" },
      custom_field_data: { company: "Jane GmbH" },
    });

    const removed = await call(updateClient, {
      ...client(secret),
      method: "PATCH",
      body: { discount_code: null },
    });
    expect(removed.body).toMatchObject({
      discount_id: null,
      discount: null,
      discount_amount: 0,
      total_amount: 2380,
    });
    const readded = await call(updateClient, {
      ...client(secret),
      method: "PATCH",
      body: { discount_code: "SaVe10" },
    });
    expect(readded.body.total_amount).toBe(2142);

    const confirmed = await call(confirm, {
      ...client(secret),
      body: { confirmation_token_id: TEST_TOKENS.succeeds },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("confirmed");
    expect(confirmed.body.customer_session_token).toMatch(/^cst_/);
    expect(confirmed.body.organization.name).toBe("Acme Software");
    expect(confirmed.body.customer_id).toEqual(expect.any(String));

    // The order's processing, then the receipt it queued (app/v1/emails/emails.test.ts).
    expect(await runDueJobs(db, jobHandlers)).toMatchObject({ claimed: 2, succeeded: 2 });
    const done = await call(getClient, client(secret));
    expect(done.body.status).toBe("succeeded");
    const confirmToSucceededMs = Date.now() - started;
    console.log(`create → fill → confirm → succeeded: ${confirmToSucceededMs} ms`);

    const orders = await call(listOrders, { token, query: { checkout_id: created.body.id } });
    expect(orders.status).toBe(200);
    expect(orders.body.pagination.total_count).toBe(1);
    const order = (await call(getOrder, { token, params: { id: orders.body.items[0].id } })).body;
    expect(order).toMatchObject({
      amount: 1800,
      tax_amount: 342,
      currency: "usd",
      billing_reason: "subscription_create",
      status: "paid",
      checkout_id: created.body.id,
      customer: { email: "jane@example.com", name: "Jane Doe" },
      custom_field_data: { company: "Jane GmbH" },
      billing_address: { country: "DE", city: "Berlin" },
      metadata: { source: "test" },
      discount: { code: "SAVE10" },
      subscription: {
        status: "active",
        recurring_interval: "month",
        amount: 2000,
        checkout_id: created.body.id,
      },
    });
    const { subscription } = order;
    const periodMs =
      Date.parse(subscription.current_period_end) - Date.parse(subscription.current_period_start);
    expect(periodMs).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(periodMs).toBeLessThanOrEqual(31 * 86_400_000);

    const keys = await call(listKeys, { token, query: { customer_id: order.customer_id } });
    expect(keys.body.items).toHaveLength(1);
    const key = (await call(getKey, { token, params: { id: keys.body.items[0].id } })).body;
    expect(key).toMatchObject({
      benefit_id: licenseBenefitId,
      status: "granted",
      limit_activations: 3,
      activations: [],
    });
    expect(key.key).toMatch(/^ACME-[0-9A-F-]{36}$/);
    const expiresInDays = (Date.parse(key.expires_at) - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(364);
    expect(expiresInDays).toBeLessThan(367);
    expect(await db.benefitGrant.count({ where: { order_id: order.id } })).toBe(2);
    expect(await db.discountRedemption.count({ where: { checkout_id: created.body.id } })).toBe(1);

    // Processing again (a duplicate job, a retry) creates nothing twice.
    const { processCheckout } = await import("@/lib/orders/processing");
    await db.$transaction((tx) => processCheckout(tx, created.body.id, new Date()));
    expect(await db.order.count({ where: { checkout_id: created.body.id } })).toBe(1);
    expect(await db.licenseKey.count({ where: { customer_id: order.customer_id } })).toBe(1);
  });

  it("completes a 100 % discounted one-time purchase without payment", async () => {
    await createDiscount(db, organizationId, { code: "FREEBIE", basis_points: 10_000 });
    const created = await call(create, { token, body: { product_id: oneTime.product.id } });
    const secret = created.body.client_secret;
    const filled = await call(updateClient, {
      ...client(secret),
      method: "PATCH",
      body: { customer_email: "free@example.com", discount_code: "FREEBIE" },
    });
    expect(filled.body).toMatchObject({
      total_amount: 0,
      is_payment_required: false,
      is_payment_form_required: false,
    });
    const confirmed = await call(confirm, { ...client(secret), body: {} });
    expect(confirmed.status).toBe(200);
    await runDueJobs(db, jobHandlers);
    const order = await db.order.findUniqueOrThrow({ where: { checkout_id: created.body.id } });
    expect(order).toMatchObject({
      amount: 0,
      tax_amount: 0,
      billing_reason: "purchase",
      subscription_id: null,
    });
    expect(await db.licenseKey.count({ where: { customer_id: order.customer_id } })).toBe(1);
  });

  it("reuses the customer of the same email in the organization", async () => {
    const first = await db.customer.findFirstOrThrow({
      where: { organization_id: organizationId, email: "free@example.com" },
    });
    const created = await call(create, { token, body: { product_id: oneTime.product.id } });
    const confirmed = await call(confirm, {
      ...client(created.body.client_secret),
      body: {
        customer_email: "FREE@example.com",
        customer_name: "Free Buyer",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.customer_id).toBe(first.id);
  });
});
