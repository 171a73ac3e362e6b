// The events of changes made after a purchase, through the real route handlers and job handlers:
// customers (API create, update, delete), license keys (PATCH, rotation, a benefit edit applied to
// existing keys; not validations or activations) and subscriptions (renewal, past_due, cancellation at the
// period's end with its benefits revoked). Each `data` equals the resource's GET body then.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { ensureRecurringJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { subscriptionEventTypes } from "@/lib/subscriptions/events";
import type { RouteHandler } from "@/lib/api/handler";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventReader, runJobsExceptDelivery } from "@/test/webhook-events";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getCheckout } from "@/app/v1/checkouts/custom/[id]/route";
import { POST as createCustomer } from "@/app/v1/customers/route";
import {
  DELETE as deleteCustomer,
  GET as getCustomer,
  PATCH as patchCustomer,
} from "@/app/v1/customers/[id]/route";
import { GET as getLicenseKey, PATCH as patchLicenseKey } from "@/app/v1/license-keys/[id]/route";
import { POST as rotateLicenseKey } from "@/app/v1/license-keys/[id]/rotate/route";
import { PATCH as patchBenefit } from "@/app/v1/benefits/[id]/route";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";
import { POST as activate } from "@/app/v1/customer-portal/license-keys/activate/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { GET as getSubscription } from "@/app/v1/subscriptions/[id]/route";

let db: Db;
let organizationId: string;
let token: string;
let readEvents: ReturnType<typeof eventReader>;
let licenseBenefitId: string;
let monthly: Awaited<ReturnType<typeof createProduct>>;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { allow_multiple_subscriptions: true })).id;
  token = (await createToken(db, organizationId)).token;
  readEvents = eventReader(db, (await createWebhookEndpoint(db, organizationId)).id);
  licenseBenefitId = (
    await createBenefit(db, organizationId, {
      type: "license_keys",
      description: "License key",
      properties: { prefix: "RES", activations: { limit: 3 } },
    })
  ).id;
  monthly = await createProduct(db, organizationId, {
    price: { recurring_interval: "month", price_amount: 1000 },
    benefitIds: [licenseBenefitId],
  });
});

async function bodyOf(handler: RouteHandler, id: string) {
  const response = await call(handler, { token, params: { id } });
  expect(response.status).toBe(200);
  return response.body;
}

/** A subscription bought through confirm and processed at `at`; its events are read and dropped. */
async function subscribe(at = new Date()) {
  buyers += 1;
  const session = await createCheckout(db, organizationId, monthly.price.id);
  const confirmed = await call(confirm, {
    params: { client_secret: session.client_secret },
    body: {
      customer_email: `resource${buyers}@example.com`,
      customer_name: "Resource Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
  await db.job.updateMany({ where: { status: "pending" }, data: { run_at: at, created_at: at } });
  await runJobsExceptDelivery(db, { now: at });
  await readEvents();
  const subscription = await db.subscription.findUniqueOrThrow({ where: { checkout_id: session.id } });
  const key = await db.licenseKey.findFirstOrThrow({ where: { customer_id: subscription.customer_id } });
  return { subscription, key, customerId: subscription.customer_id };
}

/** Runs the recurring scan and every job it leads to at `now`. */
async function drain(now: Date) {
  await ensureRecurringJobs(db, jobHandlers, now);
  await runJobsExceptDelivery(db, { now });
}

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describe("customers", () => {
  it("create, update and delete through the API", async () => {
    const created = await call(createCustomer, { token, body: { email: "api@example.com", name: "Api" } });
    expect(created.status).toBe(201);
    let events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.created"]);
    expect(events[0]!.data).toEqual(created.body);
    expect(events[0]!.data).toEqual(await bodyOf(getCustomer, created.body.id));

    const updated = await call(patchCustomer, {
      token,
      method: "PATCH",
      params: { id: created.body.id },
      body: { name: "Api Renamed", metadata: { tier: "gold" } },
    });
    expect(updated.status).toBe(200);
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.updated"]);
    expect(events[0]!.data).toEqual(await bodyOf(getCustomer, created.body.id));

    // Without purchases it is removed: its last state, with deleted_at.
    const deleted = await call(deleteCustomer, { token, method: "DELETE", params: { id: created.body.id } });
    expect(deleted.status).toBe(204);
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.updated"]);
    expect(events[0]!.data).toEqual({
      ...(updated.body as object),
      modified_at: events[0]!.timestamp,
      deleted_at: events[0]!.timestamp,
    });
  });

  it("deleting a buyer anonymizes it, and its open checkout forgets it", async () => {
    const { customerId } = await subscribe();
    const open = await createCheckout(db, organizationId, monthly.price.id, { customer_id: customerId });
    const deleted = await call(deleteCustomer, { token, method: "DELETE", params: { id: customerId } });
    expect(deleted.status).toBe(204);
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["customer.updated", "checkout.updated"]);
    const row = await db.customer.findUniqueOrThrow({ where: { id: customerId } });
    expect(events[0]!.data).toMatchObject({
      id: customerId,
      email: `${customerId}@anonymized.invalid`,
      name: null,
      deleted_at: row.deleted_at!.toISOString(),
    });
    expect(events[1]!.data).toEqual(await bodyOf(getCheckout, open.id));
    expect(events[1]!.data.customer_id).toBeNull();
  });
});

describe("license keys", () => {
  it("PATCH and a benefit edit applied to existing keys are updates; validate and activate are not", async () => {
    const { key } = await subscribe();
    const patched = await call(patchLicenseKey, {
      token,
      method: "PATCH",
      params: { id: key.id },
      body: { status: "disabled", limit_usage: 10 },
    });
    expect(patched.status).toBe(200);
    let events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["license_key.updated"]);
    expect(events[0]!.data).toEqual(patched.body);
    expect(events[0]!.data).toEqual(await bodyOf(getLicenseKey, key.id));

    await call(patchLicenseKey, {
      token,
      method: "PATCH",
      params: { id: key.id },
      body: { status: "granted" },
    });
    await readEvents();
    const activated = await call(activate, {
      body: { key: key.key, organization_id: organizationId, label: "Laptop" },
    });
    expect(activated.status).toBe(200);
    const validated = await call(validate, {
      body: { key: key.key, organization_id: organizationId, increment_usage: 1 },
    });
    expect(validated.status).toBe(200);
    expect(await readEvents()).toEqual([]);

    const other = await subscribe();
    const edited = await call(patchBenefit, {
      token,
      method: "PATCH",
      params: { id: licenseBenefitId },
      body: {
        properties: { prefix: "RES", activations: { limit: 5 }, limit_usage: 100 },
        apply_to_existing_keys: true,
      },
    });
    expect(edited.status).toBe(200);
    events = await readEvents();
    const keys = await db.licenseKey.findMany({
      where: { benefit_id: licenseBenefitId },
      orderBy: [{ created_at: "asc" }, { id: "asc" }],
    });
    expect(keys.map((k) => k.id)).toEqual(expect.arrayContaining([key.id, other.key.id]));
    expect(events.map((e) => [e.type, e.data.id])).toEqual(keys.map((k) => ["license_key.updated", k.id]));
    for (const event of events) {
      expect(event.data).toEqual(await bodyOf(getLicenseKey, event.data.id));
      expect(event.data).toMatchObject({ limit_activations: 5, limit_usage: 100 });
    }
    // Applied again with nothing to change: no key changes, no event.
    await call(patchBenefit, {
      token,
      method: "PATCH",
      params: { id: licenseBenefitId },
      body: { apply_to_existing_keys: true },
    });
    expect(await readEvents()).toEqual([]);
  });
});

describe("license key rotation", () => {
  it("is an update whose data carries the new value", async () => {
    const { key } = await subscribe();
    const rotated = await call(rotateLicenseKey, { token, method: "POST", params: { id: key.id } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(key.key);
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["license_key.updated"]);
    expect(events[0]!.data).toEqual(rotated.body);
    expect(events[0]!.data).toEqual(await bodyOf(getLicenseKey, key.id));
  });
});

describe("subscriptions", () => {
  it("a renewal: the cycle's order, then subscription.updated with the new period", async () => {
    const start = new Date("2026-03-01T09:00:00.000Z");
    const { subscription } = await subscribe(start);
    await drain(minutesAfter(subscription.current_period_end!, 1));
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["order.created", "order.paid", "subscription.updated"]);
    const order = await db.order.findFirstOrThrow({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    const orderBody = await bodyOf(getOrder, order.id);
    expect(events[0]!.data).toEqual(orderBody);
    expect(events[1]!.data).toEqual(orderBody);
    expect(events[2]!.data).toEqual(await bodyOf(getSubscription, subscription.id));
    expect(events[2]!.data.current_period_start).toBe("2026-04-01T09:00:00.000Z");
  });

  it("a renewal without a saved payment method: subscription.updated, past_due", async () => {
    const start = new Date("2026-03-02T09:00:00.000Z");
    const { subscription } = await subscribe(start);
    await db.subscription.update({ where: { id: subscription.id }, data: { payment_method_ref: null } });
    await drain(minutesAfter(subscription.current_period_end!, 1));
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["subscription.updated"]);
    expect(events[0]!.data.status).toBe("past_due");
    expect(events[0]!.data).toEqual(await bodyOf(getSubscription, subscription.id));
  });

  it("canceled at the period's end: updated, canceled, revoked, then its grant and key revoked", async () => {
    const start = new Date("2026-03-03T09:00:00.000Z");
    const { subscription, key } = await subscribe(start);
    await db.subscription.update({ where: { id: subscription.id }, data: { cancel_at_period_end: true } });
    await drain(minutesAfter(subscription.current_period_end!, 1));
    const events = await readEvents();
    expect(events.map((e) => e.type)).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
      "benefit_grant.revoked",
      "license_key.updated",
    ]);
    const subscriptionBody = await bodyOf(getSubscription, subscription.id);
    expect(subscriptionBody.status).toBe("canceled");
    expect(events[0]!.data).toEqual(subscriptionBody);
    expect(events[1]!.data).toEqual(subscriptionBody);
    expect(events[2]!.data).toEqual(subscriptionBody);
    events.splice(2, 1);
    const grant = await db.benefitGrant.findUniqueOrThrow({ where: { id: key.benefit_grant_id! } });
    expect(events[2]!.data).toMatchObject({
      id: grant.id,
      is_granted: false,
      is_revoked: true,
      revoked_at: grant.revoked_at!.toISOString(),
      subscription_id: subscription.id,
      properties: { license_key_id: key.id },
    });
    expect(events[3]!.data).toEqual(await bodyOf(getLicenseKey, key.id));
    expect(events[3]!.data.status).toBe("revoked");
  });

  it("decides the events of a change from the states before and after it", () => {
    const state = (status: string, cancel_at_period_end = false) =>
      ({ id: "s", organization_id: "o", status, cancel_at_period_end }) as never;
    expect(subscriptionEventTypes(null, state("active"))).toEqual([
      "subscription.created",
      "subscription.active",
    ]);
    expect(subscriptionEventTypes(null, state("incomplete"))).toEqual(["subscription.created"]);
    expect(subscriptionEventTypes(state("active"), state("active"))).toEqual(["subscription.updated"]);
    expect(subscriptionEventTypes(state("past_due"), state("active"))).toEqual([
      "subscription.updated",
      "subscription.active",
    ]);
    expect(subscriptionEventTypes(state("active"), state("active", true))).toEqual([
      "subscription.updated",
      "subscription.canceled",
    ]);
    expect(subscriptionEventTypes(state("active", true), state("canceled", true))).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
    ]);
    expect(subscriptionEventTypes(state("canceled"), state("canceled"))).toEqual(["subscription.updated"]);
    expect(subscriptionEventTypes(state("active", true), state("active"))).toEqual([
      "subscription.updated",
      "subscription.uncanceled",
    ]);
    expect(subscriptionEventTypes(state("active"), state("canceled"))).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
    ]);
    expect(subscriptionEventTypes(state("past_due"), state("unpaid"))).toEqual([
      "subscription.updated",
      "subscription.revoked",
    ]);
  });
});
