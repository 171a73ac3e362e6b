// GET /v1/metrics/ in the current reference API's terms, every figure worked out by hand below:
// revenue before and after refunds, new and renewed subscriptions, cancellations and churn, the
// subscriptions active at each period's end and their monthly recurring revenue (a yearly one at a
// twelfth, a past-due one no longer once its unpaid period ended), checkouts and their conversion,
// the `metrics` definitions; the hour and year intervals; GET /v1/metrics/limits.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCheckout,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as metrics } from "./route";
import { GET as limits } from "./limits/route";

let db: Db;
let token: string;
let organizationCreated: Date;

const at = (iso: string) => new Date(iso);

// The story of 2025 (UTC):
// - Jan 1: a one-time purchase of 20.00, of which 5.00 was refunded.
// - Jan 2: S1 starts, monthly at 9.00. Jan 3: S2 starts, yearly at 120.00 (10.00 a month).
// - Feb 2: S1 renews (9.00). Feb 10: S2 is canceled at its period's end (still active).
// - Feb 15: S3 starts, monthly at 9.00; its renewal of Mar 15 fails: past due since.
// - Mar 5: S1 is revoked (canceled and ended).
// - Checkouts: three in January (two paid), one in February (left open).
beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db);
  organizationCreated = organization.created_at;
  token = (await createToken(db, organization.id, { scopes: ["metrics:read"] })).token;
  const customer = await createCustomer(db, organization.id);
  const once = await createProduct(db, organization.id, { price: { price_amount: 2_000 } });
  const monthly = await createProduct(db, organization.id, {
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const yearly = await createProduct(db, organization.id, {
    price: { type: "recurring", recurring_interval: "year", price_amount: 12_000 },
  });
  const order = (priceId: string, createdAt: string, extra: Record<string, unknown> = {}) =>
    createOrder(db, organization.id, {
      customerId: customer.id,
      priceId,
      order: { created_at: at(createdAt), ...extra },
      withBenefits: false,
    });
  await order(once.price.id, "2025-01-01T10:00:00.000Z", {
    refunded_amount: 500,
    status: "partially_refunded",
  });
  const s1 = (await order(monthly.price.id, "2025-01-02T10:00:00.000Z")).subscription_id!;
  const s2 = (await order(yearly.price.id, "2025-01-03T10:00:00.000Z")).subscription_id!;
  // A renewal's order belongs to S1 (the factory's own subscription for it is dropped).
  const renewal = await order(monthly.price.id, "2025-02-02T10:00:00.000Z", {
    billing_reason: "subscription_cycle",
  });
  const stray = renewal.subscription_id!;
  await db.order.update({ where: { id: renewal.id }, data: { subscription_id: s1 } });
  await db.subscription.delete({ where: { id: stray } });
  await db.subscription.update({
    where: { id: s2 },
    data: { cancel_at_period_end: true, canceled_at: at("2025-02-10T10:00:00.000Z") },
  });
  const s3 = (await order(monthly.price.id, "2025-02-15T10:00:00.000Z")).subscription_id!;
  await db.subscription.update({
    where: { id: s3 },
    data: { status: "past_due", current_period_end: at("2025-03-15T10:00:00.000Z") },
  });
  await db.subscription.update({
    where: { id: s1 },
    data: {
      status: "canceled",
      canceled_at: at("2025-03-05T10:00:00.000Z"),
      ended_at: at("2025-03-05T10:00:00.000Z"),
    },
  });
  const checkout = (createdAt: string, status: "succeeded" | "open") =>
    createCheckout(db, organization.id, once.price.id, { created_at: at(createdAt), status });
  await checkout("2025-01-01T09:00:00.000Z", "succeeded");
  await checkout("2025-01-02T09:00:00.000Z", "succeeded");
  await checkout("2025-01-20T09:00:00.000Z", "open");
  await checkout("2025-02-20T09:00:00.000Z", "open");
});

const get = (query: Record<string, string>) => call(metrics, { token, query });

/**
 * The reference's figures of a period or of the totals (the specification's are tested in
 * metrics.test.ts; the era SDK's `cumulative_revenue` below).
 */
function reference(figures: Record<string, unknown>) {
  const {
    timestamp: _t,
    one_time_orders: _a,
    one_time_revenue: _b,
    recurring_orders: _c,
    recurring_revenue: _d,
    cumulative_revenue: _e,
    ...rest
  } = figures;
  return rest;
}

const QUIET = {
  orders: 0,
  revenue: 0,
  net_revenue: 0,
  average_order_value: 0,
  net_average_order_value: 0,
  one_time_products: 0,
  one_time_products_revenue: 0,
  one_time_products_net_revenue: 0,
  new_subscriptions: 0,
  new_subscriptions_revenue: 0,
  new_subscriptions_net_revenue: 0,
  renewed_subscriptions: 0,
  renewed_subscriptions_revenue: 0,
  renewed_subscriptions_net_revenue: 0,
  canceled_subscriptions: 0,
  churned_subscriptions: 0,
  checkouts: 0,
  succeeded_checkouts: 0,
  checkouts_conversion: 0,
};

describe("GET /v1/metrics/ (the reference's figures)", () => {
  it("works out each month of the story", async () => {
    const res = await get({ start_date: "2025-01-01", end_date: "2025-03-31", interval: "month" });
    expect(res.status).toBe(200);
    expect(res.body.periods.map(reference)).toEqual([
      {
        ...QUIET,
        orders: 3,
        revenue: 14_400, // 20.00 - 5.00 + 9.00 + 120.00
        net_revenue: 14_400,
        average_order_value: 4_967, // 149.00 / 3
        net_average_order_value: 4_800,
        one_time_products: 1,
        one_time_products_revenue: 2_000,
        one_time_products_net_revenue: 1_500,
        new_subscriptions: 2,
        new_subscriptions_revenue: 12_900,
        new_subscriptions_net_revenue: 12_900,
        active_subscriptions: 2,
        monthly_recurring_revenue: 1_900, // 9.00 + 120.00 / 12
        annual_recurring_revenue: 22_800,
        checkouts: 3,
        succeeded_checkouts: 2,
        checkouts_conversion: 2 / 3,
      },
      {
        ...QUIET,
        orders: 2,
        revenue: 1_800,
        net_revenue: 1_800,
        average_order_value: 900,
        net_average_order_value: 900,
        new_subscriptions: 1,
        new_subscriptions_revenue: 900,
        new_subscriptions_net_revenue: 900,
        renewed_subscriptions: 1,
        renewed_subscriptions_revenue: 900,
        renewed_subscriptions_net_revenue: 900,
        canceled_subscriptions: 1, // S2, still active until its period ends
        active_subscriptions: 3,
        monthly_recurring_revenue: 2_800,
        annual_recurring_revenue: 33_600,
        checkouts: 1,
      },
      {
        ...QUIET,
        canceled_subscriptions: 1,
        churned_subscriptions: 1, // S1 ended; S3 is past due, not ended
        active_subscriptions: 1, // S2 alone
        monthly_recurring_revenue: 1_000,
        annual_recurring_revenue: 12_000,
      },
    ]);
    expect(reference(res.body.totals)).toEqual({
      ...QUIET,
      orders: 5,
      revenue: 16_200,
      net_revenue: 16_200,
      average_order_value: 3_340, // 167.00 / 5
      net_average_order_value: 3_240,
      one_time_products: 1,
      one_time_products_revenue: 2_000,
      one_time_products_net_revenue: 1_500,
      new_subscriptions: 3,
      new_subscriptions_revenue: 13_800,
      new_subscriptions_net_revenue: 13_800,
      renewed_subscriptions: 1,
      renewed_subscriptions_revenue: 900,
      renewed_subscriptions_net_revenue: 900,
      canceled_subscriptions: 2,
      churned_subscriptions: 1,
      // The specification's: active or trialing now (S2).
      active_subscriptions: 1,
      // At the range's end.
      monthly_recurring_revenue: 1_000,
      annual_recurring_revenue: 12_000,
      checkouts: 4,
      succeeded_checkouts: 2,
      checkouts_conversion: 0.5,
    });
    expect(res.body.metrics.monthly_recurring_revenue).toEqual({
      slug: "monthly_recurring_revenue",
      display_name: "Monthly Recurring Revenue",
      type: "currency",
    });
    expect(res.body.metrics.checkouts_conversion).toMatchObject({ type: "percentage" });
    // The specification's era SDK reads the range's revenue so far, period by period.
    expect(res.body.periods.map((p: { cumulative_revenue: number }) => p.cumulative_revenue)).toEqual([
      14_400, 16_200, 16_200,
    ]);
    expect(res.body.totals.cumulative_revenue).toBe(16_200);
    expect(res.body.metrics.cumulative_revenue).toEqual({
      slug: "cumulative_revenue",
      display_name: "Cumulative Revenue",
      type: "currency",
    });
    expect(Object.keys(res.body.metrics).sort()).toEqual(
      Object.keys({
        ...QUIET,
        active_subscriptions: 0,
        monthly_recurring_revenue: 0,
        annual_recurring_revenue: 0,
        cumulative_revenue: 0,
      }).sort(),
    );
  });

  it("starts a range with the subscriptions active before it, and reads hours and years", async () => {
    const february = await get({ start_date: "2025-02-01", end_date: "2025-02-28", interval: "month" });
    expect(february.body.periods[0]).toMatchObject({
      active_subscriptions: 3,
      monthly_recurring_revenue: 2_800,
    });
    const days = await get({ start_date: "2025-03-14", end_date: "2025-03-16", interval: "day" });
    // S3's unpaid period ended on Mar 15: it stops counting that day.
    expect(days.body.periods.map((p: { active_subscriptions: number }) => p.active_subscriptions)).toEqual([
      2, 1, 1,
    ]);

    const hours = await get({ start_date: "2025-01-02", end_date: "2025-01-02", interval: "hour" });
    expect(hours.status).toBe(200);
    expect(hours.body.periods).toHaveLength(24);
    expect(hours.body.periods[10]).toMatchObject({
      timestamp: "2025-01-02T10:00:00.000Z",
      orders: 1,
      new_subscriptions: 1,
      active_subscriptions: 1,
    });
    expect(hours.body.periods[9]).toMatchObject({
      checkouts: 1,
      succeeded_checkouts: 1,
      checkouts_conversion: 1,
    });
    const tooLong = await get({ start_date: "2025-01-01", end_date: "2025-01-09", interval: "hour" });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail[0]).toMatchObject({ loc: ["query", "end_date"] });

    const years = await get({ start_date: "2024-06-01", end_date: "2025-12-31", interval: "year" });
    expect(
      years.body.periods.map((p: { timestamp: string; orders: number }) => [p.timestamp, p.orders]),
    ).toEqual([
      ["2024-01-01T00:00:00.000Z", 0],
      ["2025-01-01T00:00:00.000Z", 5],
    ]);
  });
});

describe("GET /v1/metrics/limits", () => {
  it("says the earliest date and the longest range of each interval", async () => {
    const res = await call(limits, { token });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      min_date: organizationCreated.toISOString().slice(0, 10),
      intervals: {
        hour: { min_days: 0, max_days: 7 },
        day: { min_days: 0, max_days: 400 },
        week: { min_days: 0, max_days: 3650 },
        month: { min_days: 0, max_days: 3650 },
        year: { min_days: 0, max_days: 3650 },
      },
    });
    expect((await call(limits, {})).status).toBe(401);
  });
});
