// The order page's API (issue 29): GET /v1/orders/{id}/timeline after a real purchase (the key it
// issued, the card payment, the receipt email, the webhook deliveries of events about the order, a
// refund), and POST /v1/orders/{id}/receipt (resend: one email however many clicks within a
// minute, racing requests included); another organization's order is a 404 for both.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/emit";
import { PROCESS_CHECKOUT_JOB, processCheckoutJob } from "@/lib/orders/processing";
import { SEND_EMAIL_JOB, sendEmailJob } from "@/lib/email/send";
import { resendOrderReceipt, RESEND_WINDOW_MS } from "@/lib/orders/resend-receipt";
import type { Principal } from "@/lib/core/principal";
import { call } from "@/test/http";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getTimeline } from "./[id]/timeline/route";
import { POST as resendReceipt } from "./[id]/receipt/route";

let db: Db;
let orgId: string;
let token: string;
let otherToken: string;
let readOnlyToken: string;
let priceId: string;
let endpointId: string;

// Order processing and the email job; the delivery job does nothing: the deliveries stay pending
// (nothing is sent anywhere).
const handlers: JobHandlers = {
  [PROCESS_CHECKOUT_JOB]: processCheckoutJob,
  [SEND_EMAIL_JOB]: sendEmailJob(),
  [DELIVER_WEBHOOKS_JOB]: { run: async () => {} },
};

async function drainJobs() {
  for (let round = 0; round < 10; round++) {
    if ((await runDueJobs(db, handlers, { limit: 10 })).claimed === 0) return;
  }
}

/** A purchase through the buyer's confirm, processed: the order's id. */
async function purchase(email: string): Promise<string> {
  const checkout = await createCheckout(db, orgId, priceId);
  const confirmed = await call(confirm, {
    params: { client_secret: checkout.client_secret },
    body: {
      confirmation_token_id: "tok_visa",
      customer_email: email,
      customer_name: "Ada",
      customer_billing_address: {
        country: "US",
        state: "US-NY",
        line1: "1 Main St",
        city: "New York",
        postal_code: "10001",
      },
    },
  });
  expect(confirmed, JSON.stringify(confirmed.body)).toMatchObject({ status: 200 });
  await drainJobs();
  const order = await db.order.findUniqueOrThrow({ where: { checkout_id: checkout.id } });
  return order.id;
}

/** Ages the order's receipts past the resend window, as if the purchase was minutes ago. */
async function ageReceipts(orderId: string) {
  await db.email.updateMany({
    where: { order_id: orderId },
    data: { created_at: new Date(Date.now() - RESEND_WINDOW_MS - 60_000) },
  });
}

const receiptsOf = (orderId: string) =>
  db.email.findMany({ where: { order_id: orderId, kind: "order_receipt" }, orderBy: { created_at: "asc" } });

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  orgId = org.id;
  token = (await createToken(db, org.id)).token;
  readOnlyToken = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "TL" } });
  const { price } = await createProduct(db, org.id, {
    price: { price_amount: 2500 },
    benefitIds: [benefit.id],
  });
  priceId = price.id;
  endpointId = (await createWebhookEndpoint(db, org.id, { events: ["order.paid", "checkout.updated"] }))
    .endpoint.id;
});

describe("GET /v1/orders/{id}/timeline", () => {
  it("shows the issued key, the card payment, the receipt and the deliveries of the order's events", async () => {
    const orderId = await purchase("timeline-buyer@example.com");
    const key = await db.licenseKey.findFirstOrThrow({
      where: { organization_id: orgId, benefit_grant: { order_id: orderId } },
    });
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    const attempt = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: order.checkout_id } });
    const [receipt] = await receiptsOf(orderId);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { event: { order_id: orderId } } });

    const { status, body } = await call(getTimeline, { params: { id: orderId }, token });

    expect(status).toBe(200);
    const detail = {
      id: null,
      status: null,
      amount: null,
      kind: null,
      subject: null,
      transport: null,
      attempts: null,
      endpoint_id: null,
    };
    expect(body).toEqual({
      order_id: orderId,
      license_keys: [
        {
          id: key.id,
          display_key: `****-${key.key.slice(-6)}`,
          status: "granted",
          benefit_id: key.benefit_id,
          expires_at: null,
          subscription_id: null,
        },
      ],
      payments: [
        {
          id: attempt.id,
          created_at: attempt.created_at.toISOString(),
          kind: "charge",
          status: "succeeded",
          processor: "test",
          amount: 2500,
          currency: "usd",
          // A one-time charge saves no payment method: its card is not known here.
          card_brand: null,
          card_last4: null,
          processor_payment_id: attempt.processor_payment_id,
          risk_level: null,
          risk_outcome: null,
          failure_reason: null,
          resolved_at: attempt.resolved_at!.toISOString(),
        },
      ],
      entries: [
        { ...detail, type: "order_created", at: order.created_at.toISOString() },
        { ...detail, type: "order_paid", at: order.created_at.toISOString() },
        {
          ...detail,
          type: "email",
          at: receipt!.created_at.toISOString(),
          id: receipt!.id,
          status: "sent",
          kind: "order_receipt",
          subject: receipt!.subject,
          transport: "embedded",
          attempts: 1,
        },
        // order.paid only: the endpoint does not listen to order.created, and checkout.updated is
        // not about the order.
        {
          ...detail,
          type: "webhook_delivery",
          at: delivery.created_at.toISOString(),
          id: delivery.id,
          status: "pending",
          kind: "order.paid",
          attempts: 0,
          endpoint_id: endpointId,
        },
      ],
    });
    // The event is about the order; the checkout's is not.
    const events = await db.webhookEvent.findMany({
      where: { organization_id: orgId, created_at: { gte: order.created_at } },
    });
    expect(events.map((e) => [e.type, e.order_id]).sort()).toEqual(
      expect.arrayContaining([
        ["order.paid", orderId],
        ["checkout.updated", null],
      ]),
    );
  });

  it("is a 404 for another organization's order, and for an unknown id", async () => {
    const orderId = await purchase("timeline-foreign@example.com");
    const foreign = await call(getTimeline, { params: { id: orderId }, token: otherToken });
    expect(foreign).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound", detail: "Order not found." },
    });
    const unknown = await call(getTimeline, {
      params: { id: "00000000-0000-4000-8000-000000000000" },
      token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("POST /v1/orders/{id}/receipt", () => {
  it("queues the receipt again once, and answers the same email to a second click within a minute", async () => {
    const orderId = await purchase("resend-buyer@example.com");
    await ageReceipts(orderId);
    const [purchaseReceipt] = await receiptsOf(orderId);

    const first = await call(resendReceipt, { params: { id: orderId }, token });

    expect(first.status).toBe(202);
    const receipts = await receiptsOf(orderId);
    expect(receipts).toHaveLength(2);
    const resent = receipts[1]!;
    expect(resent.reference).toMatch(new RegExp(`^order_receipt:${orderId}:resend:[0-9a-f-]{36}$`));
    expect(resent).toMatchObject({
      to: "resend-buyer@example.com",
      status: "queued",
      subject: purchaseReceipt!.subject,
    });
    expect(first.body).toMatchObject({
      queued: true,
      email: {
        id: resent.id,
        kind: "order_receipt",
        status: "queued",
        to: "resend-buyer@example.com",
        order_id: orderId,
      },
    });
    const jobs = await db.job.findMany({
      where: { name: SEND_EMAIL_JOB, payload: { equals: { email_id: resent.id } } },
    });
    expect(jobs).toHaveLength(1);

    const second = await call(resendReceipt, { params: { id: orderId }, token });
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ queued: false, email: { id: resent.id } });
    expect(await receiptsOf(orderId)).toHaveLength(2);
  });

  it("sends one email when two requests race", async () => {
    const orderId = await purchase("resend-race@example.com");
    await ageReceipts(orderId);

    const answers = await Promise.all(
      [1, 2].map(() => call(resendReceipt, { params: { id: orderId }, token })),
    );

    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers.map((a) => a.body.queued).sort()).toEqual([false, true]);
    expect(answers[0]!.body.email.id).toBe(answers[1]!.body.email.id);
    expect(await receiptsOf(orderId)).toHaveLength(2);
  });

  it("queues again once the minute has passed (the clock injected)", async () => {
    const orderId = await purchase("resend-later@example.com");
    const [purchaseReceipt] = await receiptsOf(orderId);
    const principal: Principal = { kind: "system", id: "test", organizationIds: [orgId], scopes: new Set() };
    const soon = new Date(purchaseReceipt!.created_at.getTime() + RESEND_WINDOW_MS - 1);
    const later = new Date(purchaseReceipt!.created_at.getTime() + RESEND_WINDOW_MS);

    expect(await resendOrderReceipt(db, principal, orderId, soon)).toMatchObject({
      queued: false,
      email: { id: purchaseReceipt!.id },
    });
    expect(await resendOrderReceipt(db, principal, orderId, later)).toMatchObject({ queued: true });
    expect(await receiptsOf(orderId)).toHaveLength(2);
  });

  it("is a 404 for another organization's order, a 403 without orders:write, a 409 for an erased buyer", async () => {
    const orderId = await purchase("resend-guarded@example.com");
    await ageReceipts(orderId);

    const foreign = await call(resendReceipt, { params: { id: orderId }, token: otherToken });
    expect(foreign).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound", detail: "Order not found." },
    });
    const readOnly = await call(resendReceipt, { params: { id: orderId }, token: readOnlyToken });
    expect(readOnly.status).toBe(403);
    expect(await receiptsOf(orderId)).toHaveLength(1);

    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    await db.customer.update({
      where: { id: order.customer_id },
      data: { email: `${order.customer_id}@anonymized.invalid` },
    });
    const erased = await call(resendReceipt, { params: { id: orderId }, token });
    expect(erased.status).toBe(409);
    expect(erased.body.detail).toMatch(/anonymized/);
    expect(await receiptsOf(orderId)).toHaveLength(1);
  });
});
