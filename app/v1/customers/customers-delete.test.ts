// DELETE /v1/customers/{id}: a customer without purchases is removed; one with orders,
// subscriptions, license keys or a confirmed checkout is anonymized and its purchases stay intact;
// a later purchase with the original email makes a fresh customer; a DELETE racing a confirm that
// holds the checkout waits for it and keeps the customer (PostgreSQL only).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createLicenseKey,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { lockRow } from "@/lib/core/row-lock";
import { processCheckout } from "@/lib/orders/processing";
import { call } from "@/test/http";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./[id]/route";
import { POST as createCheckoutRoute } from "../checkouts/custom/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getOrder } from "../orders/[id]/route";

let db: Db;
let token: string;
let organizationId: string;
let paid: Awaited<ReturnType<typeof createProduct>>;
let free: Awaited<ReturnType<typeof createProduct>>;
let keysBenefitId: string;

const NOT_FOUND = { status: 404, body: { error: "ResourceNotFound", detail: "Not found" } };

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  token = (await createToken(db, organizationId)).token;
  keysBenefitId = (await createBenefit(db, organizationId, { type: "license_keys", properties: {} })).id;
  paid = await createProduct(db, organizationId, {
    price: { price_amount: 1000 },
    benefitIds: [keysBenefitId],
  });
  free = await createProduct(db, organizationId, { price: { amount_type: "free", price_amount: null } });
});

const remove_ = (id: string) => call(remove, { token, method: "DELETE", params: { id } });

/** A customer with everything filled in, an open checkout prefilled for it and a portal session. */
async function fullCustomer(email: string) {
  const customer = await createCustomer(db, organizationId, {
    email,
    name: "Full Name",
    billing_address: { line1: "1 Main St", country: "US" },
    tax_id: "123456789",
    tax_id_type: "us_ein",
    external_id: `ext-${randomUUID()}`,
    metadata: { crm: "x" },
    email_verified: true,
  });
  const open = await createCheckout(db, organizationId, paid.price.id, {
    customer_id: customer.id,
    customer_email: email,
  });
  await db.customerSession.create({
    data: {
      id: randomUUID(),
      customer_id: customer.id,
      token_hash: randomUUID(),
      expires_at: new Date(Date.now() + 3_600_000),
    },
  });
  return { customer, open };
}

async function expectAnonymized(id: string, deletedAfter: Date) {
  const row = await db.customer.findUniqueOrThrow({ where: { id } });
  expect(row).toMatchObject({
    email: `${id}@anonymized.invalid`,
    email_verified: false,
    name: null,
    billing_address: null,
    tax_id: null,
    tax_id_type: null,
    external_id: null,
    metadata: {},
  });
  expect(row.deleted_at!.getTime()).toBeGreaterThanOrEqual(deletedAfter.getTime());
  expect(row.modified_at).toEqual(row.deleted_at);
  expect(await call(getOne, { token, params: { id } })).toMatchObject(NOT_FOUND);
  expect(
    await call(update, { token, method: "PATCH", params: { id }, body: { name: "Back" } }),
  ).toMatchObject(NOT_FOUND);
  expect(await remove_(id)).toMatchObject(NOT_FOUND);
  const listed = await call(list, { token, query: { limit: 100 } });
  expect(listed.body.items.map((c: { id: string }) => c.id)).not.toContain(id);
}

describe("DELETE /v1/customers/{id}", () => {
  it("removes a customer without purchases; its open checkout and sessions forget it", async () => {
    const { customer, open } = await fullCustomer("lonely@example.com");
    const res = await remove_(customer.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await db.customer.findUnique({ where: { id: customer.id } })).toBeNull();
    expect(await db.customerSession.count({ where: { customer_id: customer.id } })).toBe(0);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({
      status: "open",
      customer_id: null,
      customer_email: "lonely@example.com",
    });
    expect(await call(getOne, { token, params: { id: customer.id } })).toMatchObject(NOT_FOUND);
    expect(await remove_(customer.id)).toMatchObject(NOT_FOUND);
    // The address is free again.
    expect((await call(create, { token, body: { email: "lonely@example.com" } })).status).toBe(201);
  });

  it("anonymizes a customer with an order; the order and its license key stay intact", async () => {
    const { customer, open } = await fullCustomer("buyer-one@example.com");
    const order = await createOrder(db, organizationId, { customerId: customer.id, priceId: paid.price.id });
    const orderBefore = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    const keyBefore = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customer.id } });
    const before = new Date();

    const res = await remove_(customer.id);
    expect(res.status).toBe(204);
    await expectAnonymized(customer.id, new Date(before.getTime() - 1000));
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toEqual(orderBefore);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: keyBefore.id } })).toEqual(keyBefore);
    expect(await db.customerSession.count({ where: { customer_id: customer.id } })).toBe(0);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({
      status: "open",
      customer_id: null,
    });
    // The order shows the anonymized buyer.
    const shown = await call(getOrder, { token, params: { id: order.id } });
    expect(shown.status).toBe(200);
    expect(shown.body.customer).toMatchObject({
      id: customer.id,
      email: `${customer.id}@anonymized.invalid`,
      name: null,
      billing_address: null,
      tax_id: null,
      metadata: {},
    });
  });

  it("anonymizes a customer with only a subscription, or only a license key", async () => {
    const { price: monthly } = await createProduct(db, organizationId, {
      price: { recurring_interval: "month", price_amount: 500 },
    });
    const subscriber = await createCustomer(db, organizationId);
    const order = await createOrder(db, organizationId, { customerId: subscriber.id, priceId: monthly.id });
    await db.order.delete({ where: { id: order.id } });
    expect(await db.subscription.count({ where: { customer_id: subscriber.id } })).toBe(1);
    expect((await remove_(subscriber.id)).status).toBe(204);
    expect(await db.customer.findUniqueOrThrow({ where: { id: subscriber.id } })).toMatchObject({
      email: `${subscriber.id}@anonymized.invalid`,
    });
    expect(await db.subscription.count({ where: { customer_id: subscriber.id, status: "active" } })).toBe(1);

    const licensee = await createCustomer(db, organizationId);
    await createLicenseKey(db, organizationId, { benefitId: keysBenefitId, customerId: licensee.id });
    expect((await remove_(licensee.id)).status).toBe(204);
    expect(await db.customer.findUniqueOrThrow({ where: { id: licensee.id } })).toMatchObject({
      email: `${licensee.id}@anonymized.invalid`,
    });
  });

  it("keeps the customer of a confirmed checkout whose order is not processed yet", async () => {
    const customer = await createCustomer(db, organizationId, { email: "pending@example.com" });
    const confirmed = await createCheckout(db, organizationId, paid.price.id, {
      status: "confirmed",
      customer_id: customer.id,
      customer_email: "pending@example.com",
    });
    expect((await remove_(customer.id)).status).toBe(204);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: confirmed.id } })).toMatchObject({
      status: "confirmed",
      customer_id: customer.id,
    });
    // Processing then records the order, on the anonymized customer.
    await db.$transaction((tx) => processCheckout(tx, confirmed.id, new Date()));
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: confirmed.id } });
    expect(order.customer_id).toBe(customer.id);
  });

  it("lets a later purchase with the original email create a fresh customer", async () => {
    const customer = await createCustomer(db, organizationId, { email: "returning@example.com" });
    await createOrder(db, organizationId, { customerId: customer.id, priceId: paid.price.id });
    expect((await remove_(customer.id)).status).toBe(204);

    // Naming the anonymized customer in a new checkout is refused.
    const named = await call(createCheckoutRoute, {
      token,
      body: { product_price_id: free.price.id, customer_id: customer.id },
    });
    expect(named.status).toBe(422);
    expect(named.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "customer_id"],
        msg: "Customer does not exist.",
        input: customer.id,
      },
    ]);

    const session = await call(createCheckoutRoute, { token, body: { product_price_id: free.price.id } });
    expect(session.status).toBe(201);
    const confirmed = await call(confirm, {
      params: { client_secret: session.body.client_secret },
      body: { customer_email: "Returning@Example.com" },
    });
    expect(confirmed.status).toBe(200);
    const fresh = confirmed.body.customer_id as string;
    expect(fresh).not.toBe(customer.id);
    expect(await db.customer.findUniqueOrThrow({ where: { id: fresh } })).toMatchObject({
      email: "returning@example.com",
      deleted_at: null,
    });
    const found = await call(list, { token, query: { email: "returning@example.com" } });
    expect(found.body.items.map((c: { id: string }) => c.id)).toEqual([fresh]);
  });
});

/** Returns once some statement of this database waits for a row lock. */
async function someoneWaitsForALock() {
  await vi.waitFor(
    async () => {
      const [row] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      expect(row!.n, "a statement waiting for a row lock").toBeGreaterThan(0);
    },
    { timeout: 5_000, interval: 10 },
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("DELETE racing a checkout", () => {
  it("waits for a confirm holding the customer's checkout, then keeps the customer for it", async () => {
    const customer = await createCustomer(db, organizationId, { email: "racing@example.com" });
    const session = await createCheckout(db, organizationId, paid.price.id, {
      customer_id: customer.id,
      customer_email: "racing@example.com",
    });
    // The confirm's transaction: the session locked, then confirmed (the customer row untouched).
    const { deletion } = await db.$transaction(async (tx) => {
      await lockRow(tx, "checkout_sessions", session.id);
      const deletion = remove_(customer.id);
      await someoneWaitsForALock();
      await tx.checkoutSession.update({
        where: { id: session.id },
        data: { status: "confirmed", confirmed_at: new Date() },
      });
      return { deletion };
    });
    expect((await deletion).status).toBe(204);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "confirmed",
      customer_id: customer.id,
    });
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      email: `${customer.id}@anonymized.invalid`,
    });
  });

  it("deletes once of simultaneous DELETEs, the others 404", async () => {
    const customer = await createCustomer(db, organizationId);
    await createOrder(db, organizationId, { customerId: customer.id, priceId: paid.price.id });
    const results = await Promise.all(Array.from({ length: 4 }, () => remove_(customer.id)));
    expect(results.map((r) => r.status).sort()).toEqual([204, 404, 404, 404]);
  });
});
