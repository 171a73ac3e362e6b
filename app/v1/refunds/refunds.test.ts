// Refunds through the real routes on a real database: POST /v1/refunds/ (full and partial, the tax
// part in proportion and summing exactly, an over-refund refused with nothing changed), the list
// and its filters, GET one, scopes and tenancy; the processor refund performed by the job after
// commit moves the order, takes benefits back when asked (the license key stops validating, a
// subscription is revoked), writes order.refunded and refund.* events and queues the email.
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
import { createPaidOrder } from "@/lib/factories/refunds";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/emit";
import { decrypt } from "@/lib/secrets";
import { emailBodyContext } from "@/lib/email/queue";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventsOf } from "@/test/webhook-events";
import { GET as listRoute, POST as createRoute } from "./route";
import { GET as getRoute } from "./[id]/route";
import { GET as getOrderRoute } from "../orders/[id]/route";
import { POST as validateRoute } from "../customer-portal/license-keys/validate/route";

let db: Db;
let organizationId: string;
let token: string;
let keysBenefitId: string;
let oneTimePriceId: string;
let monthlyPriceId: string;

// Deliveries stay in the outbox (read by eventsOf); nothing is sent over the network.
const handlers: JobHandlers = { ...jobHandlers, [DELIVER_WEBHOOKS_JOB]: { run: async () => {} } };

/** Runs every due job (the refund job, then the emails it queued). */
async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, handlers, { now, limit: 50 })).claimed > 0);
}

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Refund Software", email: "help@refund.test" })).id;
  token = (await createToken(db, organizationId)).token;
  keysBenefitId = (
    await createBenefit(db, organizationId, {
      type: "license_keys",
      properties: { prefix: "RFND", activations: { limit: 2 } },
    })
  ).id;
  oneTimePriceId = (
    await createProduct(db, organizationId, {
      product: { name: "Refund Pro" },
      price: { price_amount: 10_000 },
      benefitIds: [keysBenefitId],
    })
  ).price.id;
  monthlyPriceId = (
    await createProduct(db, organizationId, {
      product: { name: "Refund Cloud" },
      price: { type: "recurring", price_amount: 10_000 },
      benefitIds: [keysBenefitId],
    })
  ).price.id;
});

let buyers = 0;
/** A paid order of 100.00 + 19.00 tax, with its license key. */
async function paidOrder(priceId = oneTimePriceId, org = organizationId) {
  buyers += 1;
  const customer = await createCustomer(db, org, {
    email: `refund-buyer${buyers}@example.com`,
    name: "Ada Buyer",
  });
  const { order, payment } = await createPaidOrder(db, org, {
    customerId: customer.id,
    priceId,
    order: { amount: 10_000, tax_amount: 1_900 },
  });
  const key = await db.licenseKey.findFirst({ where: { benefit_grant: { order_id: order.id } } });
  return { order, payment, customer, key };
}

function refund(body: Record<string, unknown>, auth = token) {
  return call(createRoute, { method: "POST", token: auth, body: { reason: "customer_request", ...body } });
}

const orderRow = (id: string) => db.order.findUniqueOrThrow({ where: { id } });

function validate(key: { key: string; organization_id: string }) {
  return call(validateRoute, { body: { key: key.key, organization_id: key.organization_id } });
}

describe("POST /v1/refunds/", () => {
  it("refunds a one-time order in full: 201 pending, then succeeded, order refunded, key revoked", async () => {
    const { order, customer, key, payment } = await paidOrder();
    expect((await validate(key!)).status).toBe(200);
    const endpoint = await createWebhookEndpoint(db, organizationId, [
      "order.refunded",
      "refund.created",
      "refund.updated",
      "benefit_grant.revoked",
      "license_key.updated",
    ]);

    const created = await refund({ order_id: order.id, amount: 11_900, comment: "Asked by email" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      modified_at: null,
      metadata: {},
      status: "pending",
      reason: "customer_request",
      amount: 11_900,
      tax_amount: 1_900,
      currency: "usd",
      organization_id: organizationId,
      order_id: order.id,
      subscription_id: null,
      customer_id: customer.id,
      comment: "Asked by email",
      // Omitted: a full refund of a one-time purchase takes its benefits back.
      revoke_benefits: true,
      dispute: null,
    });
    // Decided, not yet performed: the order moves when the processor confirms.
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded_amount: 0 });
    const attempt = await db.paymentAttempt.findFirstOrThrow({
      where: { reference: `refund:${created.body.id}` },
    });
    expect(attempt).toMatchObject({
      kind: "refund",
      status: "pending",
      amount: 11_900,
      refunded_payment_id: payment.processor_payment_id,
      order_id: order.id,
    });

    await drainJobs();
    const read = await call(getRoute, { token, params: { id: created.body.id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: "succeeded", amount: 11_900, tax_amount: 1_900 });
    expect(await orderRow(order.id)).toMatchObject({
      status: "refunded",
      refunded_amount: 10_000,
      refunded_tax_amount: 1_900,
    });
    expect((await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).status).toBe(
      "succeeded",
    );

    // The key stops validating; the grant is revoked.
    expect(await validate(key!)).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound", detail: "License key is no longer active." },
    });
    expect(await db.benefitGrant.findFirstOrThrow({ where: { order_id: order.id } })).toMatchObject({
      revoked_at: expect.any(Date),
    });

    const events = await eventsOf(db, endpoint.id);
    expect(events.map((e) => e.type)).toEqual([
      "refund.created",
      "benefit_grant.revoked",
      "license_key.updated",
      "order.refunded",
      "refund.updated",
    ]);
    const orderEvent = events.find((e) => e.type === "order.refunded")!;
    const orderNow = await call(getOrderRoute, { token, params: { id: order.id } });
    expect(orderEvent.data).toEqual(orderNow.body);
    expect(orderEvent.data).toMatchObject({ status: "refunded", refunded_amount: 10_000 });
    expect(events.at(-1)!.data).toEqual(read.body);
  });

  it("splits partial refunds' tax in proportion, the last taking exactly what remains", async () => {
    const { order, key } = await paidOrder();
    const first = await refund({ order_id: order.id, amount: 5_000 });
    // round(5000 × 1900 / 11900) = round(798.3) = 798
    expect(first.body).toMatchObject({
      status: "pending",
      amount: 5_000,
      tax_amount: 798,
      revoke_benefits: false,
    });
    const second = await refund({ order_id: order.id, amount: 3_333 });
    // round(3333 × 1900 / 11900) = round(532.2) = 532
    expect(second.body).toMatchObject({ amount: 3_333, tax_amount: 532 });
    await drainJobs();
    expect(await orderRow(order.id)).toMatchObject({
      status: "partially_refunded",
      refunded_amount: 4_202 + 2_801,
      refunded_tax_amount: 798 + 532,
    });
    // A partial refund keeps the key working.
    expect((await validate(key!)).status).toBe(200);

    // 11900 − 5000 − 3333 = 3567 remain, of which 1900 − 798 − 532 = 570 tax.
    const last = await refund({ order_id: order.id, amount: 3_567, revoke_benefits: false });
    expect(last.body).toMatchObject({ amount: 3_567, tax_amount: 570, revoke_benefits: false });
    await drainJobs();
    expect(await orderRow(order.id)).toMatchObject({
      status: "refunded",
      refunded_amount: 10_000,
      refunded_tax_amount: 1_900,
    });
    expect((await validate(key!)).status).toBe(200);
    const refunds = await db.refund.findMany({ where: { order_id: order.id } });
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(11_900);
    expect(refunds.reduce((sum, r) => sum + r.tax_amount, 0)).toBe(1_900);

    expect(await refund({ order_id: order.id, amount: 1 })).toEqual({
      status: 400,
      body: { error: "BadRequest", detail: "This order is fully refunded." },
      headers: expect.anything(),
    });
  });

  it("refuses more than remains (pending refunds included) with a 400 that changes nothing", async () => {
    const { order } = await paidOrder();
    const over = await refund({ order_id: order.id, amount: 11_901 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      error: "BadRequest",
      detail: "The amount exceeds what remains refundable on this order: at most 11900 ($119.00).",
    });
    expect(await db.refund.count({ where: { order_id: order.id } })).toBe(0);
    expect(await db.paymentAttempt.count({ where: { order_id: order.id, kind: "refund" } })).toBe(0);

    expect((await refund({ order_id: order.id, amount: 10_000 })).status).toBe(201);
    // The pending refund holds its share: 1900 remain.
    const second = await refund({ order_id: order.id, amount: 1_901 });
    expect(second.body.detail).toBe(
      "The amount exceeds what remains refundable on this order: at most 1900 ($19.00).",
    );
    expect(await db.refund.count({ where: { order_id: order.id } })).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded_amount: 0 });
  });

  it("refuses an order with nothing paid, and validates the body", async () => {
    const customer = await createCustomer(db, organizationId);
    const free = await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId: oneTimePriceId,
      order: { amount: 0 },
    });
    expect(await refund({ order_id: free.id, amount: 1 })).toMatchObject({
      status: 400,
      body: {
        error: "BadRequest",
        detail: "Nothing was paid for this order, so there is nothing to refund.",
      },
    });
    // An order made without a payment (by hand) has nothing to give back either.
    const unpaid = await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId: oneTimePriceId,
    });
    expect((await refund({ order_id: unpaid.id, amount: 1 })).status).toBe(400);

    const { order } = await paidOrder();
    const invalid = await refund({ order_id: order.id, amount: 0, reason: "because" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((p: { loc: string[] }) => p.loc.join("."))).toEqual([
      "body.amount",
      "body.reason",
    ]);
    expect((await refund({ order_id: order.id, amount: 1, comment: "x".repeat(1001) })).status).toBe(422);
    expect(await db.refund.count({ where: { order_id: order.id } })).toBe(0);
  });

  it("revoke_benefits on a subscription's order revokes the subscription and its keys", async () => {
    const { order, key } = await paidOrder(monthlyPriceId);
    const created = await refund({ order_id: order.id, amount: 11_900 });
    // A subscription's order keeps its benefits unless asked.
    expect(created.body).toMatchObject({ revoke_benefits: false, subscription_id: order.subscription_id });
    await drainJobs();
    expect((await validate(key!)).status).toBe(200);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } })).status).toBe(
      "active",
    );

    const other = await paidOrder(monthlyPriceId);
    const revoking = await refund({ order_id: other.order.id, amount: 500, revoke_benefits: true });
    expect(revoking.body).toMatchObject({ revoke_benefits: true, amount: 500 });
    await drainJobs();
    expect(
      await db.subscription.findUniqueOrThrow({ where: { id: other.order.subscription_id! } }),
    ).toMatchObject({
      status: "canceled",
      ended_at: expect.any(Date),
    });
    expect((await validate(other.key!)).status).toBe(404);
    expect(await orderRow(other.order.id)).toMatchObject({ status: "partially_refunded" });
  });

  it("queues the refund-issued email when the refund succeeds", async () => {
    const { order, customer } = await paidOrder();
    const created = await refund({ order_id: order.id, amount: 11_900 });
    expect(await db.email.count({ where: { order_id: order.id, kind: "refund_issued" } })).toBe(0);
    await drainJobs();
    const email = await db.email.findFirstOrThrow({
      where: { reference: `refund_issued:${created.body.id}` },
    });
    expect(email).toMatchObject({
      kind: "refund_issued",
      to: customer.email,
      subject: "[Test] Your refund from Refund Software",
      order_id: order.id,
      customer_id: customer.id,
      reply_to: "help@refund.test",
    });
    const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
    expect(text).toContain("Refund Software has refunded $119.00 for your order.");
    expect(text).toContain(`Order: ${order.invoice_number}`);
    expect(text).toContain(
      "Refunded now: $119.00\nOf which tax: $19.00\nOrder total: $119.00\nRefunded in all: $119.00",
    );
    expect(text).toContain(
      "Access to Refund Pro has ended with this refund: its license keys no longer work.",
    );
  });
});

describe("GET /v1/refunds/ and /v1/refunds/{id}", () => {
  it("lists by order and customer, newest first, sorted by amount, and reads one", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const r1 = (await refund({ order_id: a.order.id, amount: 300 })).body;
    const r2 = (await refund({ order_id: a.order.id, amount: 100 })).body;
    const r3 = (await refund({ order_id: b.order.id, amount: 200 })).body;

    const byOrder = await call(listRoute, { token, query: { order_id: a.order.id } });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.items.map((r: { id: string }) => r.id)).toEqual([r2.id, r1.id]);
    expect(byOrder.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    const byCustomer = await call(listRoute, { token, query: { customer_id: b.customer.id } });
    expect(byCustomer.body.items).toEqual([r3]);
    const sorted = await call(listRoute, {
      token,
      query: { order_id: [a.order.id, b.order.id], sorting: "-amount" },
    });
    expect(sorted.body.items.map((r: { amount: number }) => r.amount)).toEqual([300, 200, 100]);
    expect(await call(getRoute, { token, params: { id: r3.id } })).toMatchObject({ status: 200, body: r3 });
  });

  it("keeps organizations apart: another organization's order and refunds are not found", async () => {
    const otherOrg = (await createOrganization(db)).id;
    const otherToken = (await createToken(db, otherOrg)).token;
    const { order } = await paidOrder();
    const mine = (await refund({ order_id: order.id, amount: 100 })).body;

    expect(await refund({ order_id: order.id, amount: 100 }, otherToken)).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound" },
    });
    expect((await call(getRoute, { token: otherToken, params: { id: mine.id } })).status).toBe(404);
    const listed = await call(listRoute, { token: otherToken, query: { order_id: order.id } });
    expect(listed.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    expect(await db.refund.count({ where: { order_id: order.id } })).toBe(1);
  });

  it("needs refunds:write to refund and refunds:read to list", async () => {
    const readOnly = (await createToken(db, organizationId, { scopes: ["refunds:read"] })).token;
    const ordersOnly = (await createToken(db, organizationId, { scopes: ["orders:read"] })).token;
    const { order } = await paidOrder();
    expect((await refund({ order_id: order.id, amount: 100 }, readOnly)).status).toBe(403);
    expect((await call(listRoute, { token: readOnly })).status).toBe(200);
    expect((await call(listRoute, { token: ordersOnly })).status).toBe(403);
    expect((await call(listRoute, {})).status).toBe(401);
  });
});
