// The merchant's subscription changes through the real handlers: PATCH schedules the cancellation
// at the period's end (it takes effect when the renewal scan runs past the period's end) or takes
// it back, `{revoke: true}` and DELETE end it now; every change emits its events and queues the
// buyer's email (one delivered to a real SMTP server); an ended subscription is 403; another
// organization's is 404; hostile bodies are 422 and change nothing; parallel revocations end it once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { ensureRecurringJobs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventReader } from "@/test/webhook-events";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./[id]/route";

let db: Db;
let organizationId: string;
let token: string;
let readOnlyToken: string;
let otherToken: string;
let priceId: string;
let readEvents: () => Promise<{ type: string; data: any }[]>;
let smtp: TestSmtpServer;
let buyers = 0;
const savedSmtpUrl = process.env.SMTP_URL;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Acme Software", email: "help@acme.test" });
  organizationId = organization.id;
  token = (await createToken(db, organizationId)).token;
  readOnlyToken = (await createToken(db, organizationId, { scopes: ["subscriptions:read"] })).token;
  const other = await createOrganization(db);
  otherToken = (await createToken(db, other.id)).token;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    description: "Acme Cloud license",
    properties: { prefix: "MGT" },
  });
  const product = await createProduct(db, organizationId, {
    product: { name: "Acme Cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 1000 },
    benefitIds: [license.id],
  });
  priceId = product.price.id;
  readEvents = eventReader(db, (await createWebhookEndpoint(db, organizationId)).id);
  smtp = await startSmtpServer();
});

afterEach(() => {
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
});

afterAll(() => smtp.close());

/** An active subscription with a license key and a working card, started `hoursAgo` (real clock). */
async function subscribe(hoursAgo = 1) {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, { email: `manage${buyers}@example.com` });
  const order = await createOrder(db, organizationId, {
    customerId: customer.id,
    priceId,
    order: { created_at: new Date(Date.now() - hoursAgo * HOUR) },
  });
  const subscription = await db.subscription.update({
    where: { id: order.subscription_id! },
    data: { payment_method_ref: `pm_test_${TEST_TOKENS.succeeds}`, payment_processor: "test" },
  });
  const key = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customer.id } });
  await readEvents();
  return { subscription, key, customer };
}

async function drain(now: Date) {
  await ensureRecurringJobs(db, jobHandlers, now);
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

const row = (id: string) => db.subscription.findUniqueOrThrow({ where: { id } });
const emailsOf = (id: string) =>
  db.email.findMany({ where: { subscription_id: id }, orderBy: [{ created_at: "asc" }, { kind: "desc" }] });
const validates = async (key: string) =>
  (await call(validate, { body: { key, organization_id: organizationId } })).status;
const patchAs = (id: string, body: unknown, as = token) =>
  call(patch, { method: "PATCH", token: as, params: { id }, body });
const deleteAs = (id: string, as = token) => call(remove, { method: "DELETE", token: as, params: { id } });

describe("PATCH /v1/subscriptions/{id}", () => {
  it("schedules the cancellation with the reason, takes it back, and schedules it again", async () => {
    const { subscription, customer } = await subscribe();
    const canceled = await patchAs(subscription.id, {
      cancel_at_period_end: true,
      customer_cancellation_reason: "too_expensive",
      customer_cancellation_comment: "  Too much for a side project.  ",
    });
    expect(canceled.status).toBe(200);
    const periodEnd = subscription.current_period_end!.toISOString();
    expect(canceled.body).toMatchObject({
      id: subscription.id,
      status: "active",
      cancel_at_period_end: true,
      ends_at: periodEnd,
      ended_at: null,
      customer_cancellation_reason: "too_expensive",
      customer_cancellation_comment: "Too much for a side project.",
      customer: { id: customer.id },
    });
    expect(canceled.body.canceled_at).not.toBeNull();
    expect(canceled.body).toEqual((await call(getOne, { token, params: { id: subscription.id } })).body);
    let events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["subscription.updated", "subscription.canceled"]);
    expect(events[1]!.data).toEqual(canceled.body);

    const emails = await emailsOf(subscription.id);
    expect(emails.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ["subscription_canceled", customer.email, "[Test] Your Acme Cloud subscription is canceled"],
    ]);

    // Asking again for what is so changes nothing: no event, no second email.
    expect((await patchAs(subscription.id, { cancel_at_period_end: true })).status).toBe(200);
    expect(await readEvents()).toEqual([]);

    const kept = await patchAs(subscription.id, { cancel_at_period_end: false });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      ends_at: null,
      customer_cancellation_reason: null,
      customer_cancellation_comment: null,
    });
    events = await readEvents();
    expect(events.map((e) => e.type)).toEqual(["subscription.updated", "subscription.uncanceled"]);
    expect(events[1]!.data).toEqual(kept.body);

    expect((await patchAs(subscription.id, { cancel_at_period_end: true })).status).toBe(200);
    expect((await emailsOf(subscription.id)).map((e) => e.kind)).toEqual([
      "subscription_canceled",
      "subscription_canceled",
    ]);

    // The era SDK's body (`revoke: null` beside it, the reference's SubscriptionCancel): no revocation.
    const era = await patchAs(subscription.id, { cancel_at_period_end: false, revoke: null });
    expect(era.status).toBe(200);
    expect(era.body).toMatchObject({ status: "active", cancel_at_period_end: false, ended_at: null });
  });

  it("revokes with {revoke: true}: ended now, key revoked, events, the email delivered over SMTP", async () => {
    process.env.SMTP_URL = smtp.url;
    const { subscription, key, customer } = await subscribe();
    expect(await validates(key.key)).toBe(200);
    const before = Date.now();
    const revoked = await patchAs(subscription.id, { revoke: true });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: "canceled", cancel_at_period_end: false });
    const endedAt = new Date(revoked.body.ended_at).getTime();
    expect(endedAt).toBeGreaterThanOrEqual(before - 5);
    expect(revoked.body.ends_at).toBe(revoked.body.ended_at);
    expect((await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).status).toBe("revoked");
    expect(await validates(key.key)).toBe(404);
    expect((await readEvents()).map((e) => e.type)).toEqual([
      "subscription.updated",
      "subscription.canceled",
      "subscription.revoked",
      "benefit_grant.revoked",
      "license_key.updated",
    ]);

    const [email] = await emailsOf(subscription.id);
    expect(email).toMatchObject({
      kind: "subscription_ended",
      to: customer.email,
      subject: "[Test] Your Acme Cloud subscription has ended",
    });
    const sentBefore = smtp.messages.length;
    await drain(new Date(Date.now() + 1000));
    expect(await db.email.findUniqueOrThrow({ where: { id: email!.id } })).toMatchObject({
      status: "sent",
      transport: "smtp",
    });
    const message = smtp.messages.slice(sentBefore).find((m) => m.messageId === email!.message_id)!;
    expect(message.subject).toBe("[Test] Your Acme Cloud subscription has ended");
    expect(message.to).toMatchObject({ value: [{ address: customer.email }] });
    expect(message.text).toContain("It was ended by the seller.");
    expect(message.text).toContain("Its license keys no longer work");
    expect(message.text).toContain("Questions? Write to help@acme.test.");
    expect(message.html).toContain("Subscription ended");
  });

  it("refuses to take a cancellation back once the period has ended (403)", async () => {
    // Started two months ago: its period ended and the renewal job has not run yet.
    const { subscription } = await subscribe(24 * 62);
    expect((await patchAs(subscription.id, { cancel_at_period_end: true })).status).toBe(200);
    const refused = await patchAs(subscription.id, { cancel_at_period_end: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("NotPermitted");
    expect((await row(subscription.id)).cancel_at_period_end).toBe(true);
  });
});

describe("DELETE /v1/subscriptions/{id}", () => {
  it("revokes, then every change of the ended subscription is 403 NotPermitted", async () => {
    const { subscription, key } = await subscribe();
    const deleted = await deleteAs(subscription.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: subscription.id, status: "canceled" });
    expect(await validates(key.key)).toBe(404);
    await readEvents();
    const ended = await row(subscription.id);
    for (const attempt of [
      () => deleteAs(subscription.id),
      () => patchAs(subscription.id, { revoke: true }),
      () => patchAs(subscription.id, { cancel_at_period_end: true }),
      () => patchAs(subscription.id, { cancel_at_period_end: false }),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: "NotPermitted", detail: "This subscription has ended." });
    }
    expect(await row(subscription.id)).toEqual(ended);
    expect(await readEvents()).toEqual([]);
    expect((await emailsOf(subscription.id)).map((e) => e.kind)).toEqual(["subscription_ended"]);
  });

  it("revokes a past_due subscription too", async () => {
    const { subscription, key } = await subscribe();
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "past_due" } });
    const deleted = await deleteAs(subscription.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.status).toBe("canceled");
    expect(await validates(key.key)).toBe(404);
    expect((await readEvents()).map((e) => e.type)).toContain("subscription.revoked");
  });

  it("ends the subscription once when revoked by many requests at the same time", async () => {
    const { subscription } = await subscribe();
    const answers = await Promise.all(Array.from({ length: 8 }, () => deleteAs(subscription.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
    expect((await readEvents()).filter((e) => e.type === "subscription.revoked")).toHaveLength(1);
    expect(await emailsOf(subscription.id)).toHaveLength(1);
  });
});

describe("access", () => {
  it("answers 404 for another organization's subscription and 403 without the write scope", async () => {
    const { subscription } = await subscribe();
    const before = await row(subscription.id);
    for (const answer of [
      await patchAs(subscription.id, { revoke: true }, otherToken),
      await patchAs(subscription.id, { cancel_at_period_end: true }, otherToken),
      await deleteAs(subscription.id, otherToken),
      await deleteAs(crypto.randomUUID()),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe("ResourceNotFound");
    }
    for (const answer of [
      await patchAs(subscription.id, { revoke: true }, readOnlyToken),
      await deleteAs(subscription.id, readOnlyToken),
    ]) {
      expect(answer.status).toBe(403);
    }
    expect((await deleteAs(subscription.id, "polar_oat_not_a_token")).status).toBe(401);
    expect(await row(subscription.id)).toEqual(before);
    expect(await emailsOf(subscription.id)).toEqual([]);
  });

  it("refuses hostile bodies with a 422 at the field and changes nothing", async () => {
    const { subscription } = await subscribe();
    const before = await row(subscription.id);
    const bodies: unknown[] = [
      {},
      { revoke: false },
      { revoke: "true" },
      { revoke: true, cancel_at_period_end: true },
      { revoke: null },
      { cancel_at_period_end: "yes" },
      { cancel_at_period_end: null },
      { cancel_at_period_end: true, customer_cancellation_reason: "bored" },
      { cancel_at_period_end: true, customer_cancellation_comment: "x".repeat(2001) },
      { cancel_at_period_end: true, customer_cancellation_comment: 42 },
      { cancel_at_period_end: true, status: "canceled" },
      { cancel_at_period_end: true, ended_at: "2020-01-01T00:00:00Z" },
      [],
      "cancel",
    ];
    for (const body of bodies) {
      const answer = await patchAs(subscription.id, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.body.error).toBe("RequestValidationError");
    }
    const malformed = await call(patch, {
      method: "PATCH",
      token,
      params: { id: subscription.id },
      rawBody: '{"revoke": tru',
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    const badId = await patchAs("not-a-uuid", { revoke: true });
    expect([404, 422]).toContain(badId.status);
    expect(await row(subscription.id)).toEqual(before);
    expect(await emailsOf(subscription.id)).toEqual([]);
  });
});

describe("the period's end", () => {
  it("ends a canceled subscription (key revoked, email) and renews one whose cancellation was taken back", async () => {
    const leaving = await subscribe();
    const staying = await subscribe();
    expect((await patchAs(leaving.subscription.id, { cancel_at_period_end: true })).status).toBe(200);
    expect((await patchAs(staying.subscription.id, { cancel_at_period_end: true })).status).toBe(200);
    expect((await patchAs(staying.subscription.id, { cancel_at_period_end: false })).status).toBe(200);

    const periodEnd = leaving.subscription.current_period_end!;
    // A minute before the period's end nothing happens yet.
    await drain(new Date(periodEnd.getTime() - 60_000));
    expect((await row(leaving.subscription.id)).status).toBe("active");
    await drain(
      new Date(Math.max(periodEnd.getTime(), staying.subscription.current_period_end!.getTime()) + 60_000),
    );

    expect(await row(leaving.subscription.id)).toMatchObject({ status: "canceled", ended_at: periodEnd });
    expect(await validates(leaving.key.key)).toBe(404);
    expect((await emailsOf(leaving.subscription.id)).map((e) => [e.kind, e.subject])).toEqual([
      ["subscription_canceled", "[Test] Your Acme Cloud subscription is canceled"],
      ["subscription_ended", "[Test] Your Acme Cloud subscription has ended"],
    ]);

    const renewed = await row(staying.subscription.id);
    expect(renewed).toMatchObject({
      status: "active",
      current_period_start: staying.subscription.current_period_end,
    });
    expect(await validates(staying.key.key)).toBe(200);
    const cycle = await db.order.findFirstOrThrow({
      where: { subscription_id: staying.subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(cycle).toMatchObject({ status: "paid", amount: 1000 });
    const receipt = (await emailsOf(staying.subscription.id)).at(-1)!;
    expect(receipt).toMatchObject({
      kind: "subscription_renewal_receipt",
      to: staying.customer.email,
      subject: "[Test] Your Acme Cloud subscription was renewed",
      order_id: cycle.id,
    });
  });
});
