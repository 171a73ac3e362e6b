// Dunning with a moved clock: a declined renewal makes the subscription past_due and is retried
// after 1, 3, 5 and 7 days (each a recorded attempt, each failure emailed with the next date), then
// the subscription ends unpaid and its license key stops validating. Recovery on day 3 (a new card
// through updateSubscriptionPaymentMethod, or a retry that succeeds) keeps the key and creates the
// period's subscription_cycle order; a retry whose answer was lost is reconciled.
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
import { GET as getDunning } from "@/app/v1/subscriptions/[id]/dunning/route";
import { ensureRecurringJobs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { ApiError } from "@/lib/core/errors";
import { reconcilePayments, RECONCILE_AFTER_MS } from "@/lib/payments/reconcile";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { registerProcessorDouble } from "@/test/processor-double";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";
import { updateSubscriptionPaymentMethod } from "./payment-method";
import { RETRY_RENEWAL_JOB } from "./dunning";
import { scheduleCancellation } from "./lifecycle";
import { lockRowForEvents } from "@/lib/webhooks/listeners";
import { paymentOutcomeHandlers } from "@/lib/composition/payment-outcomes";

const DAY = 24 * 60 * 60_000;
const DECLINING = `pm_test_${TEST_TOKENS.declined}`;
let db: Db;
let organizationId: string;
let priceId: string;
let token: string;
let otherToken: string;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Acme Software", email: "help@acme.test" });
  organizationId = organization.id;
  token = (await createToken(db, organizationId, { scopes: ["subscriptions:read"] })).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    description: "Acme Cloud license",
    properties: { prefix: "DUN" },
  });
  const product = await createProduct(db, organizationId, {
    product: { name: "Acme Cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 1000 },
    benefitIds: [license.id],
  });
  priceId = product.price.id;
});

/** Runs every due job at `now`, including the ones those jobs enqueue for `now`. */
async function drain(now: Date) {
  await ensureRecurringJobs(db, jobHandlers, now);
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

/** A subscription started at `start` with a license key and a card that now declines. */
async function subscribe(start: Date, paymentMethodRef = DECLINING, processor = "test") {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, {
    email: `dunning${buyers}@example.com`,
    name: `Buyer ${buyers}`,
  });
  const order = await createOrder(db, organizationId, {
    customerId: customer.id,
    priceId,
    order: { created_at: start },
  });
  const subscription = await db.subscription.update({
    where: { id: order.subscription_id! },
    data: { payment_method_ref: paymentMethodRef, payment_processor: processor },
  });
  const key = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customer.id } });
  return { subscription, key, customer };
}

const statusOf = async (id: string) => (await db.subscription.findUniqueOrThrow({ where: { id } })).status;
const attemptsOf = (id: string) =>
  db.paymentAttempt.findMany({ where: { subscription_id: id }, orderBy: { created_at: "asc" } });
const emailsOf = (id: string) =>
  db.email.findMany({ where: { subscription_id: id }, orderBy: [{ created_at: "asc" }, { kind: "desc" }] });
const cycleOrdersOf = (id: string) =>
  db.order.findMany({ where: { subscription_id: id, billing_reason: "subscription_cycle" } });

async function validates(key: string) {
  const answer = await call(validate, { body: { key, organization_id: organizationId } });
  return answer.status;
}

describe("dunning", () => {
  it("retries after 1, 3, 5 and 7 days, emailing each failure, then ends unpaid and the key stops validating", async () => {
    const start = new Date("2026-02-10T12:00:00.000Z");
    const { subscription, key, customer } = await subscribe(start);
    const periodEnd = subscription.current_period_end!;
    const failedAt = new Date(periodEnd.getTime() + 60_000);

    await drain(failedAt);
    expect(await statusOf(subscription.id)).toBe("past_due");
    expect(await validates(key.key)).toBe(200);
    const retries = await db.job.findMany({
      where: { name: RETRY_RENEWAL_JOB, payload: { path: ["subscription_id"], equals: subscription.id } },
    });
    expect(retries.map((job) => job.run_at)).toEqual([new Date(failedAt.getTime() + DAY)]);

    // Nothing happens a minute before a retry is due; each retry happens on its day.
    for (const day of [1, 3, 5]) {
      const due = new Date(failedAt.getTime() + day * DAY);
      await drain(new Date(due.getTime() - 60_000));
      expect(await attemptsOf(subscription.id)).toHaveLength(day === 1 ? 1 : day === 3 ? 2 : 3);
      await drain(due);
      expect(await statusOf(subscription.id)).toBe("past_due");
      expect(await validates(key.key)).toBe(200);
    }
    await drain(new Date(failedAt.getTime() + 7 * DAY));

    const ended = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(ended).toMatchObject({ status: "unpaid", ended_at: new Date(failedAt.getTime() + 7 * DAY) });
    expect((await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).status).toBe("revoked");
    expect(await validates(key.key)).toBe(404);

    const base = `renew:${subscription.id}:${periodEnd.toISOString()}`;
    const attempts = await attemptsOf(subscription.id);
    expect(attempts.map((a) => [a.kind, a.status, a.reference, a.amount, a.created_at])).toEqual([
      ["renewal", "failed", base, 1000, failedAt],
      ...[1, 3, 5, 7].map((day, index) => [
        "renewal",
        "failed",
        `${base}:retry:${index + 1}`,
        1000,
        new Date(failedAt.getTime() + day * DAY),
      ]),
    ]);
    expect(await cycleOrdersOf(subscription.id)).toHaveLength(0);

    // The merchant sees every attempt, newest first, and no retry to come.
    const view = await call(getDunning, { token, params: { id: subscription.id } });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      subscription_id: subscription.id,
      status: "unpaid",
      next_retry_at: null,
    });
    expect(view.body.attempts.map((a: { retry: number; status: string }) => [a.retry, a.status])).toEqual([
      [4, "failed"],
      [3, "failed"],
      [2, "failed"],
      [1, "failed"],
      [0, "failed"],
    ]);
    expect(view.body.attempts[0]).toMatchObject({
      kind: "renewal",
      amount: 1000,
      period_end: periodEnd.toISOString(),
      failure_code: "card_declined",
      failure_reason: "Your card was declined.",
    });
    const foreign = await call(getDunning, { token: otherToken, params: { id: subscription.id } });
    expect(foreign.status).toBe(404);

    const emails = await emailsOf(subscription.id);
    const subject = "[Test] Payment failed for your Acme Cloud subscription";
    expect(emails.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ...Array.from({ length: 5 }, () => ["subscription_payment_failed", customer.email, subject]),
      ["subscription_ended", customer.email, "[Test] Your Acme Cloud subscription has ended"],
    ]);
    // Later runs change nothing more. (Each test's clock starts after the previous test's last
    // drain: the recurring scan is scheduled from the latest time it ran.)
    await drain(new Date(failedAt.getTime() + 8 * DAY));
    expect(await attemptsOf(subscription.id)).toHaveLength(5);
  });

  it("recovers on day 3 with a new card: active again, the period's order, the key still valid", async () => {
    const start = new Date("2026-03-05T08:00:00.000Z");
    const { subscription, key } = await subscribe(start);
    const periodEnd = subscription.current_period_end!;
    const failedAt = new Date(periodEnd.getTime() + 60_000);
    await drain(failedAt);
    await drain(new Date(failedAt.getTime() + DAY));
    expect(await attemptsOf(subscription.id)).toHaveLength(2);
    const view = await call(getDunning, { token, params: { id: subscription.id } });
    expect(view.body).toMatchObject({
      status: "past_due",
      next_retry_at: new Date(failedAt.getTime() + 3 * DAY).toISOString(),
    });

    // A declined card changes nothing but its own recorded attempt.
    const day3 = new Date(failedAt.getTime() + 2 * DAY + 3 * 60 * 60_000);
    const refused = await updateSubscriptionPaymentMethod(
      db,
      subscription.id,
      TEST_TOKENS.declined,
      day3,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).code).toBe("PaymentError");
    const unchanged = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(unchanged).toMatchObject({ status: "past_due", payment_method_ref: DECLINING });

    const { subscription: recovered, next_action } = await updateSubscriptionPaymentMethod(
      db,
      subscription.id,
      TEST_TOKENS.succeeds,
      day3,
    );
    expect(next_action).toBeNull();
    expect(recovered).toMatchObject({
      status: "active",
      payment_method_ref: `pm_test_${TEST_TOKENS.succeeds}`,
      current_period_start: periodEnd,
    });
    expect(recovered.current_period_end!.getTime()).toBeGreaterThan(periodEnd.getTime());
    const orders = await cycleOrdersOf(subscription.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: "paid", amount: 1000, tax_amount: 0, created_at: day3 });
    expect(await validates(key.key)).toBe(200);
    expect((await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).status).toBe("granted");

    const attempts = await attemptsOf(subscription.id);
    expect(attempts.map((a) => [a.kind, a.status])).toEqual([
      ["renewal", "failed"],
      ["renewal", "failed"],
      ["setup", "failed"],
      ["setup", "succeeded"],
      ["renewal", "succeeded"],
    ]);
    expect(attempts[4]!.reference).toBe(
      `renew:${subscription.id}:${periodEnd.toISOString()}:method:${attempts[3]!.id}`,
    );
    const kinds = (await emailsOf(subscription.id)).map((e) => e.kind);
    expect(kinds).toEqual([
      "subscription_payment_failed",
      "subscription_payment_failed",
      "subscription_renewal_receipt",
    ]);

    // The retries still scheduled find it paid and charge nothing.
    await drain(new Date(failedAt.getTime() + 8 * DAY));
    expect(await attemptsOf(subscription.id)).toHaveLength(5);
    expect(await statusOf(subscription.id)).toBe("active");
    expect(await validates(key.key)).toBe(200);
  });

  it("recovers when the day-3 retry succeeds (the card works again)", async () => {
    const start = new Date("2026-04-07T08:00:00.000Z");
    const { subscription, key } = await subscribe(start);
    const failedAt = new Date(subscription.current_period_end!.getTime() + 60_000);
    await drain(failedAt);
    await drain(new Date(failedAt.getTime() + DAY));
    await db.subscription.update({
      where: { id: subscription.id },
      data: { payment_method_ref: `pm_test_${TEST_TOKENS.succeeds}` },
    });
    await drain(new Date(failedAt.getTime() + 3 * DAY));
    expect(await statusOf(subscription.id)).toBe("active");
    expect(await cycleOrdersOf(subscription.id)).toHaveLength(1);
    expect(await validates(key.key)).toBe(200);
    const attempts = await attemptsOf(subscription.id);
    expect(attempts.map((a) => a.status)).toEqual(["failed", "failed", "succeeded"]);
    expect(attempts[2]!.reference).toMatch(/:retry:2$/);
  });

  it("reconciles a retry whose answer was lost after the charge", async () => {
    const double = registerProcessorDouble("decline");
    const start = new Date("2026-05-12T08:00:00.000Z");
    const { subscription, key } = await subscribe(start, "pm_double_card", double.name);
    const failedAt = new Date(subscription.current_period_end!.getTime() + 60_000);
    await drain(failedAt);
    expect(await statusOf(subscription.id)).toBe("past_due");

    double.mode = "charge-then-lose-answer";
    const day1 = new Date(failedAt.getTime() + DAY);
    await drain(day1);
    const pending = (await attemptsOf(subscription.id))[1]!;
    expect(pending).toMatchObject({ status: "pending", reference: expect.stringMatching(/:retry:1$/) });
    expect(double.charges).toEqual([pending.idempotency_key]);

    await reconcilePayments(db, paymentOutcomeHandlers, new Date(day1.getTime() + RECONCILE_AFTER_MS));
    expect(await statusOf(subscription.id)).toBe("active");
    expect(await cycleOrdersOf(subscription.id)).toHaveLength(1);
    expect(await validates(key.key)).toBe(200);
    // The job's own rerun and later retries charge nothing again.
    await drain(new Date(failedAt.getTime() + 8 * DAY));
    expect(double.charges).toHaveLength(1);
    expect(await cycleOrdersOf(subscription.id)).toHaveLength(1);
  });

  it("ends a past_due subscription canceled meanwhile at its next retry instead of charging it", async () => {
    const start = new Date("2026-06-25T08:00:00.000Z");
    const { subscription, key } = await subscribe(start);
    const failedAt = new Date(subscription.current_period_end!.getTime() + 60_000);
    await drain(failedAt);
    const pastDue = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    await db.$transaction(async (tx) => {
      await lockRowForEvents(tx, "subscriptions", subscription.id);
      await scheduleCancellation(tx, pastDue, { cancel: true, reason: "unused" }, failedAt);
    });
    const day1 = new Date(failedAt.getTime() + DAY);
    await drain(day1);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "canceled",
      ended_at: day1,
    });
    expect(await attemptsOf(subscription.id)).toHaveLength(1);
    expect(await validates(key.key)).toBe(404);
    expect((await emailsOf(subscription.id)).map((e) => e.kind)).toEqual([
      "subscription_payment_failed",
      "subscription_canceled",
      "subscription_ended",
    ]);
  });

  it("refuses a new card for an ended subscription (403) without calling the processor", async () => {
    const start = new Date("2026-06-01T08:00:00.000Z");
    const { subscription } = await subscribe(start);
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "canceled" } });
    const refused = await updateSubscriptionPaymentMethod(
      db,
      subscription.id,
      TEST_TOKENS.succeeds,
      new Date("2026-06-02T00:00:00.000Z"),
    ).catch((error: unknown) => error);
    expect((refused as ApiError).status).toBe(403);
    expect(await attemptsOf(subscription.id)).toHaveLength(0);
  });

  it("saves a card for an active subscription without charging it", async () => {
    const start = new Date("2026-06-03T08:00:00.000Z");
    const { subscription } = await subscribe(start);
    const { subscription: after } = await updateSubscriptionPaymentMethod(
      db,
      subscription.id,
      TEST_TOKENS.succeeds,
      new Date("2026-06-04T00:00:00.000Z"),
    );
    expect(after).toMatchObject({ status: "active", payment_method_ref: `pm_test_${TEST_TOKENS.succeeds}` });
    expect((await attemptsOf(subscription.id)).map((a) => [a.kind, a.status, a.amount])).toEqual([
      ["setup", "succeeded", 0],
    ]);
    expect(await cycleOrdersOf(subscription.id)).toHaveLength(0);
  });
});
