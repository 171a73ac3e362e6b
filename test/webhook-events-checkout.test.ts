// The events of a purchase, through the real route handlers and job handlers: each change of a
// checkout and what order processing creates, in order, each `data` equal to the body of the
// resource's GET route at that moment. Also which endpoints get them: only enabled endpoints of the
// organization subscribed to the type.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { enqueueJob, runDueJobs, retryDelayMs } from "@/lib/jobs/queue";
import { PROCESS_CHECKOUT_JOB, processCheckoutJob } from "@/lib/orders/processing";
import { expireCheckouts } from "@/lib/checkout/expiry";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { recordPaymentOutcome } from "@/lib/payments/outcomes";
import { registerProcessorDouble, settle } from "@/test/processor-double";
import type { RouteHandler } from "@/lib/api/handler";
import { call } from "@/test/http";
import {
  createWebhookEndpoint,
  eventReader,
  eventsOf,
  handlersWithoutDelivery,
  runJobsExceptDelivery,
} from "@/test/webhook-events";
import { POST as createCheckoutRoute } from "@/app/v1/checkouts/custom/route";
import { GET as getCheckout, PATCH as patchCheckout } from "@/app/v1/checkouts/custom/[id]/route";
import { PATCH as patchClient } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { POST as createLink } from "@/app/v1/checkout-links/route";
import { GET as buy } from "@/app/buy/[link]/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { GET as getSubscription } from "@/app/v1/subscriptions/[id]/route";
import { GET as getLicenseKey } from "@/app/v1/license-keys/[id]/route";
import { GET as getCustomer } from "@/app/v1/customers/[id]/route";
import { paymentOutcomeHandlers } from "@/lib/composition/payment-outcomes";

let db: Db;
let organizationId: string;
let token: string;
let endpointId: string;
let readEvents: ReturnType<typeof eventReader>;
let monthly: Awaited<ReturnType<typeof createProduct>>;
let oneTime: Awaited<ReturnType<typeof createProduct>>;
let licenseBenefitId: string;
let customBenefitId: string;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  token = (await createToken(db, organizationId)).token;
  endpointId = (await createWebhookEndpoint(db, organizationId)).id;
  readEvents = eventReader(db, endpointId);
  licenseBenefitId = (
    await createBenefit(db, organizationId, {
      type: "license_keys",
      description: "License key",
      properties: { prefix: "HOOK", activations: { limit: 2 } },
    })
  ).id;
  customBenefitId = (await createBenefit(db, organizationId, { description: "Forum access" })).id;
  monthly = await createProduct(db, organizationId, {
    price: { recurring_interval: "month", price_amount: 2000 },
    benefitIds: [licenseBenefitId, customBenefitId],
  });
  oneTime = await createProduct(db, organizationId, { price: { price_amount: 900 } });
});

/** The body of a merchant GET route for `id`. */
async function bodyOf(handler: RouteHandler, id: string) {
  const response = await call(handler, { token, params: { id } });
  expect(response.status).toBe(200);
  return response.body;
}

const buyer = {
  customer_email: "hooked@example.com",
  customer_name: "Hook Buyer",
  customer_billing_address: { country: "US" },
};

describe("a subscription purchase", () => {
  it("emits every change in order, each with the resource as its GET returns it then", async () => {
    const created = await call(createCheckoutRoute, {
      token,
      body: { product_price_id: monthly.price.id, metadata: { ref: "a" } },
    });
    expect(created.status).toBe(201);
    const checkoutId: string = created.body.id;
    const secret: string = created.body.client_secret;

    let events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["checkout.created"]);
    expect(events[0]!.timestamp).toMatch(ISO);
    // The merchant's view, with its metadata and secret: the create answer and the GET alike.
    expect(events[0]!.data).toEqual(created.body);
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, checkoutId));
    // The outbox keeps it encrypted: the session's client secret is never stored in clear.
    const stored = await db.webhookEvent.findFirstOrThrow({
      where: { organization_id: organizationId, type: "checkout.created" },
    });
    expect(stored.payload).toMatch(/^v1\./);
    expect(stored.payload).not.toContain(secret);

    const patched = await call(patchCheckout, {
      token,
      method: "PATCH",
      params: { id: checkoutId },
      body: { metadata: { ref: "b" } },
    });
    expect(patched.status).toBe(200);
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["checkout.updated"]);
    expect(events[0]!.data).toEqual(patched.body);
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, checkoutId));

    const filled = await call(patchClient, {
      method: "PATCH",
      params: { client_secret: secret },
      body: { customer_email: buyer.customer_email },
    });
    expect(filled.status).toBe(200);
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["checkout.updated"]);
    // Not the buyer's view the client route answered: the merchant's, metadata included.
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, checkoutId));
    expect(events[0]!.data).toMatchObject({ customer_email: buyer.customer_email, metadata: { ref: "b" } });

    const confirmed = await call(confirm, {
      params: { client_secret: secret },
      body: { ...buyer, confirmation_token_id: TEST_TOKENS.succeeds },
    });
    expect(confirmed.status).toBe(200);
    const customerId: string = confirmed.body.customer_id;
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.created", "checkout.updated"]);
    expect(events[0]!.data).toEqual(await bodyOf(getCustomer, customerId));
    expect(events[1]!.data).toEqual(await bodyOf(getCheckout, checkoutId));
    expect(events[1]!.data.status).toBe("confirmed");

    await runJobsExceptDelivery(db);
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual([
      "subscription.created",
      "subscription.active",
      "order.created",
      "order.paid",
      "benefit_grant.created",
      "license_key.created",
      "benefit_grant.created",
      "checkout.updated",
    ]);
    const checkout = await bodyOf(getCheckout, checkoutId);
    expect(checkout.status).toBe("succeeded");
    const subscription = await bodyOf(getSubscription, checkout.subscription_id);
    const order = await db.order.findUniqueOrThrow({ where: { checkout_id: checkoutId } });
    const orderBody = await bodyOf(getOrder, order.id);
    const key = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customerId } });
    const keyBody = await bodyOf(getLicenseKey, key.id);
    const customer = await bodyOf(getCustomer, customerId);

    expect(events[0]!.data).toEqual(subscription);
    expect(events[1]!.data).toEqual(subscription);
    expect(events[2]!.data).toEqual(orderBody);
    expect(events[3]!.data).toEqual(orderBody);
    expect(events[5]!.data).toEqual(keyBody);
    expect(events[7]!.data).toEqual(checkout);

    const grants = await db.benefitGrant.findMany({ where: { order_id: order.id } });
    const licenseGrant = grants.find((g) => g.benefit_id === licenseBenefitId)!;
    const customGrant = grants.find((g) => g.benefit_id === customBenefitId)!;
    const { external_id: _externalId, ...nestedCustomer } = customer;
    expect(events[4]!.data).toEqual({
      id: licenseGrant.id,
      created_at: licenseGrant.created_at.toISOString(),
      modified_at: null,
      granted_at: licenseGrant.granted_at!.toISOString(),
      is_granted: true,
      revoked_at: null,
      is_revoked: false,
      subscription_id: subscription.id,
      order_id: order.id,
      customer_id: customerId,
      // The era SDK's legacy view of the customer.
      user_id: customerId,
      benefit_id: licenseBenefitId,
      properties: { license_key_id: key.id, display_key: keyBody.display_key },
      customer: nestedCustomer,
      benefit: expect.objectContaining({
        id: licenseBenefitId,
        type: "license_keys",
        properties: { prefix: "HOOK", expires: null, activations: expect.any(Object), limit_usage: null },
      }),
    });
    expect(events[6]!.data).toMatchObject({
      id: customGrant.id,
      benefit_id: customBenefitId,
      is_granted: true,
      properties: {},
      benefit: { id: customBenefitId, type: "custom", properties: { note: null } },
    });
  });

  it("a second purchase of a known buyer updates the customer rather than creating one", async () => {
    const session = await createCheckout(db, organizationId, oneTime.price.id);
    await readEvents();
    const confirmed = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: { ...buyer, customer_name: "Hook Buyer Renamed", confirmation_token_id: TEST_TOKENS.succeeds },
    });
    expect(confirmed.status).toBe(200);
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.updated", "checkout.updated"]);
    expect(events[0]!.data).toEqual(await bodyOf(getCustomer, confirmed.body.customer_id));
    expect(events[0]!.data.name).toBe("Hook Buyer Renamed");
    await runJobsExceptDelivery(db);
    // A one-time product without benefits: the order and the session, nothing else.
    expect((await readEvents()).map((e) => e.type)).toEqual([
      "order.created",
      "order.paid",
      "checkout.updated",
    ]);
  });

  it("a declined payment changes nothing and emits nothing", async () => {
    const session = await createCheckout(db, organizationId, oneTime.price.id);
    await readEvents();
    const declined = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: { ...buyer, confirmation_token_id: TEST_TOKENS.declined },
    });
    expect(declined.status).toBe(400);
    expect(await readEvents()).toEqual([]);
  });
});

describe("other checkout changes", () => {
  it("a 3-D Secure step: checkout.updated when asked, then the confirmation when the processor reports", async () => {
    const double = registerProcessorDouble("requires-action");
    const session = await createCheckout(db, organizationId, oneTime.price.id, {
      payment_processor: double.name,
    });
    await readEvents();
    const asked = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: { ...buyer, customer_email: "secure@example.com", confirmation_token_id: TEST_TOKENS.succeeds },
    });
    expect(asked.status).toBe(200);
    let events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["checkout.updated"]);
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, session.id));
    expect(events[0]!.data).toMatchObject({
      status: "open",
      payment_processor_metadata: { next_action: {} },
    });

    const attempt = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
    const outcome = settle(double, attempt.idempotency_key);
    await recordPaymentOutcome(
      db,
      paymentOutcomeHandlers,
      { processor: double.name, paymentId: attempt.processor_payment_id! },
      outcome,
    );
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.created", "checkout.updated"]);
    const checkout = await bodyOf(getCheckout, session.id);
    expect(events[0]!.data).toEqual(await bodyOf(getCustomer, checkout.customer_id));
    expect(events[1]!.data).toEqual(checkout);
    expect(checkout).toMatchObject({ status: "confirmed", payment_processor_metadata: {} });
    await runJobsExceptDelivery(db);
    expect((await readEvents()).map((e) => e.type)).toEqual([
      "order.created",
      "order.paid",
      "checkout.updated",
    ]);
  });

  it("a visit to a checkout link creates a session: checkout.created", async () => {
    const link = await call(createLink, { token, body: { products: [oneTime.product.id] } });
    expect(link.status).toBe(201);
    await readEvents();
    const visit = await buy(new Request(`http://localhost/buy/${link.body.id}`), {
      params: Promise.resolve({ link: link.body.id }),
    });
    expect(visit.status).toBe(303);
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["checkout.created"]);
    const secret = new URL(visit.headers.get("location")!).pathname.split("/").pop();
    expect(events[0]!.data.client_secret).toBe(secret);
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, events[0]!.data.id));
  });

  it("the expiry sweeper: checkout.updated, status expired", async () => {
    const session = await createCheckout(db, organizationId, oneTime.price.id, {
      expires_at: new Date(Date.now() - 1000),
    });
    await readEvents();
    expect(await db.$transaction((tx) => expireCheckouts(tx, new Date()))).toBeGreaterThanOrEqual(1);
    const events = (await readEvents()).filter((e) => e.data.id === session.id);
    expect(events.map((e) => e.type)).toEqual(["checkout.updated"]);
    expect(events[0]!.data.status).toBe("expired");
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, session.id));
  });

  it("processing that fails for good: checkout.updated, status failed", async () => {
    // Confirmed without a customer: corrupt data that processing can never turn into an order.
    const session = await createCheckout(db, organizationId, oneTime.price.id, { status: "confirmed" });
    await readEvents();
    let now = new Date();
    await enqueueJob(db, PROCESS_CHECKOUT_JOB, { checkout_id: session.id }, { now });
    for (let attempt = 1; attempt <= processCheckoutJob.maxAttempts!; attempt++) {
      await runDueJobs(db, handlersWithoutDelivery, { now });
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["checkout.updated"]);
    expect(events[0]!.data.status).toBe("failed");
    expect(events[0]!.data).toEqual(await bodyOf(getCheckout, session.id));
  });
});

describe("who gets the events", () => {
  it("only enabled endpoints of the organization subscribed to the type", async () => {
    const other = await createOrganization(db);
    const otherToken = (await createToken(db, other.id)).token;
    const { price } = await createProduct(db, other.id, { price: { price_amount: 500 } });
    const create = () =>
      call(createCheckoutRoute, { token: otherToken, body: { product_price_id: price.id } });
    const eventCount = () => db.webhookEvent.count({ where: { organization_id: other.id } });

    // No endpoint at all.
    expect((await create()).status).toBe(201);
    expect(await eventCount()).toBe(0);
    // A disabled endpoint, and an endpoint subscribed to other types only.
    const disabled = await createWebhookEndpoint(db, other.id, ["checkout.created"], { enabled: false });
    const elsewhere = await createWebhookEndpoint(db, other.id, ["order.paid", "checkout.updated"]);
    expect((await create()).status).toBe(201);
    expect(await eventCount()).toBe(0);

    // Two listeners: one event, one delivery each; the first organization's endpoint gets none.
    const before = (await eventsOf(db, endpointId)).length;
    const first = await createWebhookEndpoint(db, other.id, ["checkout.created"]);
    const second = await createWebhookEndpoint(db, other.id);
    const created = await create();
    expect(created.status).toBe(201);
    expect(await eventCount()).toBe(1);
    for (const endpoint of [first, second]) {
      const events = await eventsOf(db, endpoint.id);
      expect(events.map((e) => [e.type, e.data.id])).toEqual([["checkout.created", created.body.id]]);
    }
    for (const endpoint of [disabled, elsewhere])
      expect(await db.webhookDelivery.count({ where: { endpoint_id: endpoint.id } })).toBe(0);
    expect(await eventsOf(db, endpointId)).toHaveLength(before);
    expect(
      await db.job.count({
        where: { name: "webhooks.deliver", payload: { path: ["endpoint_id"], equals: first.id } },
      }),
    ).toBe(1);
  });
});
