// Renewals with a moved clock: subscriptions bought through the real confirm route, then the
// recurring scan and the renewal jobs run at chosen times.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createDiscount,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import { ensureRecurringJobs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { registerProcessorDouble } from "@/test/processor-double";
import { RENEW_SUBSCRIPTION_JOB, renewSubscription } from "./renewals";
import { addInterval } from "./periods";
import { RETRY_RENEWAL_JOB } from "./dunning";

let db: Db;
let organizationId: string;
let monthly: Awaited<ReturnType<typeof createProduct>>;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { allow_multiple_subscriptions: true })).id;
  await db.taxRate.create({
    data: { id: crypto.randomUUID(), organization_id: organizationId, country: "FR", basis_points: 2000 },
  });
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    properties: { prefix: "SUB" },
  });
  monthly = await createProduct(db, organizationId, {
    price: { recurring_interval: "month", price_amount: 1000 },
    benefitIds: [license.id],
  });
});

/** Runs every due job at `now`, including the ones those jobs enqueue for `now`. */
async function drain(now: Date) {
  await ensureRecurringJobs(db, jobHandlers, now);
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

/** A subscription bought through confirm, processed at `startedAt`. */
async function subscribe(startedAt: Date, options: { discountId?: string } = {}) {
  buyers += 1;
  const session = await createCheckout(db, organizationId, monthly.price.id, {
    discount_id: options.discountId ?? null,
  });
  const confirmed = await call(confirm, {
    params: { client_secret: session.client_secret },
    body: {
      customer_email: `subscriber${buyers}@example.com`,
      customer_name: "Subscriber",
      customer_billing_address: { country: "FR" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
  // The clock is moved back for this purchase: its processing job was queued for "now", and the
  // recurring jobs for after the last drain. Earlier tests' dunning retries keep their times.
  await db.job.updateMany({
    where: { status: "pending", name: { not: RETRY_RENEWAL_JOB } },
    data: { run_at: startedAt, created_at: startedAt },
  });
  while ((await runDueJobs(db, jobHandlers, { now: startedAt, limit: 50 })).claimed > 0);
  return db.subscription.findUniqueOrThrow({ where: { checkout_id: session.id } });
}

const ordersOf = (subscriptionId: string) =>
  db.order.findMany({ where: { subscription_id: subscriptionId }, orderBy: { created_at: "asc" } });

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describe("subscription renewals", () => {
  it("renews across two periods: charges, creates subscription_cycle orders, advances the period", async () => {
    const start = new Date("2026-01-31T10:00:00.000Z");
    const subscription = await subscribe(start);
    expect(subscription).toMatchObject({
      status: "active",
      current_period_start: start,
      current_period_end: addInterval(start, "month"),
      payment_method_ref: `pm_test_${TEST_TOKENS.succeeds}`,
    });

    // Not due yet: nothing happens a minute before the period ends.
    await drain(minutesAfter(subscription.current_period_end!, -1));
    expect(await ordersOf(subscription.id)).toHaveLength(1);

    await drain(minutesAfter(subscription.current_period_end!, 1));
    const afterFirst = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(afterFirst.current_period_start).toEqual(new Date("2026-02-28T10:00:00.000Z"));
    expect(afterFirst.current_period_end).toEqual(new Date("2026-03-31T10:00:00.000Z"));

    await drain(minutesAfter(afterFirst.current_period_end!, 1));
    const afterSecond = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(afterSecond.status).toBe("active");
    expect(afterSecond.current_period_end).toEqual(new Date("2026-04-30T10:00:00.000Z"));

    const orders = await ordersOf(subscription.id);
    expect(orders.map((o) => o.billing_reason)).toEqual([
      "subscription_create",
      "subscription_cycle",
      "subscription_cycle",
    ]);
    for (const order of orders.slice(1)) {
      // 1000 plus 20 % French VAT, from the customer's billing address.
      expect(order).toMatchObject({
        amount: 1000,
        tax_amount: 200,
        status: "paid",
        product_price_type: "recurring",
      });
    }
    // Running the same times again renews nothing twice.
    await drain(minutesAfter(afterFirst.current_period_end!, 1));
    expect(await ordersOf(subscription.id)).toHaveLength(3);
  });

  it("charges outside any transaction, with one payment attempt per period", async () => {
    const start = new Date("2026-05-05T09:00:00.000Z");
    const subscription = await subscribe(start);
    const double = registerProcessorDouble("succeed");
    await db.subscription.update({
      where: { id: subscription.id },
      data: { payment_processor: double.name, payment_method_ref: "pm_double_card" },
    });
    // While the processor works, another connection can lock the subscription at once and sees
    // no transaction left open: the job holds neither a lock nor a transaction across the call.
    const seen: { lockFree: boolean; openTransactions: number }[] = [];
    double.duringCharge = async () => {
      const lockFree = await db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM subscriptions WHERE id = ${subscription.id}::uuid FOR UPDATE NOWAIT`;
        return rows.length === 1;
      });
      const [row] = await db.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'idle in transaction'`;
      seen.push({ lockFree, openTransactions: row!.count });
    };
    const periodEnd = subscription.current_period_end!;
    await drain(minutesAfter(periodEnd, 1));
    expect(seen).toEqual([{ lockFree: true, openTransactions: 0 }]);
    expect(double.charges).toHaveLength(1);
    const attempts = await db.paymentAttempt.findMany({ where: { subscription_id: subscription.id } });
    expect(attempts).toEqual([
      expect.objectContaining({
        kind: "renewal",
        status: "succeeded",
        amount: 1200,
        reference: `renew:${subscription.id}:${periodEnd.toISOString()}`,
        payment_method_ref: "pm_double_card",
      }),
    ]);
    expect(await ordersOf(subscription.id)).toHaveLength(2);

    // The job run again for the same period (a worker died after the outcome committed) charges
    // nothing and orders nothing more.
    await renewSubscription(
      db,
      { subscription_id: subscription.id, period_end: periodEnd.toISOString() },
      minutesAfter(periodEnd, 2),
    );
    expect(double.charges).toHaveLength(1);
    expect(await ordersOf(subscription.id)).toHaveLength(2);
    expect(await db.job.count({ where: { name: RENEW_SUBSCRIPTION_JOB, status: "failed" } })).toBe(0);
  });

  it("moves the subscription to past_due when the renewal charge is declined", async () => {
    const start = new Date("2026-03-10T08:00:00.000Z");
    const subscription = await subscribe(start);
    // The card on file starts declining (the test processor's declining method).
    await db.subscription.update({
      where: { id: subscription.id },
      data: { payment_method_ref: `pm_test_${TEST_TOKENS.declined}` },
    });
    await drain(minutesAfter(subscription.current_period_end!, 5));
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.status).toBe("past_due");
    expect(after.current_period_end).toEqual(subscription.current_period_end);
    expect(await ordersOf(subscription.id)).toHaveLength(1);
  });

  it("applies a forever discount to every renewal and a repeating one only for its months", async () => {
    const forever = await createDiscount(db, organizationId, { basis_points: 5000, duration: "forever" });
    const repeating = await createDiscount(db, organizationId, {
      basis_points: 2500,
      duration: "repeating",
      duration_in_months: 2,
    });
    const start = new Date("2026-05-01T00:00:00.000Z");
    const withForever = await subscribe(start, { discountId: forever.id });
    const withRepeating = await subscribe(start, { discountId: repeating.id });
    expect(withForever.discount_id).toBe(forever.id);

    await drain(new Date("2026-06-01T00:01:00.000Z"));
    await drain(new Date("2026-07-01T00:01:00.000Z"));
    const foreverAmounts = (await ordersOf(withForever.id)).map((o) => o.amount);
    expect(foreverAmounts).toEqual([500, 500, 500]);
    // Months 0 and 1 discounted; from month 2 on the full price.
    const repeatingAmounts = (await ordersOf(withRepeating.id)).map((o) => o.amount);
    expect(repeatingAmounts).toEqual([750, 750, 1000]);
  });

  it("catches up on several missed periods one after another", async () => {
    const start = new Date("2026-01-15T12:00:00.000Z");
    const subscription = await subscribe(start);
    await drain(new Date("2026-04-16T00:00:00.000Z"));
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.current_period_end).toEqual(new Date("2026-05-15T12:00:00.000Z"));
    expect(await ordersOf(subscription.id)).toHaveLength(4);
  });

  it("cancels at the period's end instead of renewing, and revokes the benefits", async () => {
    const start = new Date("2026-02-01T00:00:00.000Z");
    const subscription = await subscribe(start);
    await db.subscription.update({ where: { id: subscription.id }, data: { cancel_at_period_end: true } });
    await drain(minutesAfter(subscription.current_period_end!, 1));
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after).toMatchObject({ status: "canceled", ended_at: subscription.current_period_end });
    expect(await ordersOf(subscription.id)).toHaveLength(1);
    const key = await db.licenseKey.findFirstOrThrow({ where: { customer_id: subscription.customer_id } });
    expect(key.status).toBe("revoked");
  });
});
