import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { GET as metrics, POST as metricsPost } from "./route";

let token: string;
let otherToken: string;
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);
/** The specification's figures of a period or of the totals (the reference's are tested below). */
const SPEC_KEYS = [
  "timestamp",
  "orders",
  "revenue",
  "one_time_orders",
  "one_time_revenue",
  "recurring_orders",
  "recurring_revenue",
] as const;
function specOf(figures: Record<string, unknown>, keys: readonly string[] = SPEC_KEYS) {
  return Object.fromEntries(keys.filter((key) => key in figures).map((key) => [key, figures[key]]));
}
const specTotals = (totals: Record<string, unknown>) =>
  specOf(totals, [...SPEC_KEYS, "active_subscriptions"]);

const ZERO = {
  orders: 0,
  revenue: 0,
  one_time_orders: 0,
  one_time_revenue: 0,
  recurring_orders: 0,
  recurring_revenue: 0,
};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  token = (await createToken(db, org.id, { scopes: ["metrics:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  const customer = await createCustomer(db, org.id);
  const { price: oneTime } = await createProduct(db, org.id, { price: { price_amount: 2000 } });
  const { price: monthly } = await createProduct(db, org.id, {
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const order = (priceId: string, createdAt: string, extra: Record<string, unknown> = {}) =>
    createOrder(db, org.id, {
      customerId: customer.id,
      priceId,
      order: { created_at: at(createdAt), ...extra },
      withBenefits: false,
    });
  await order(oneTime.id, "2024-12-31T23:59:59.999Z", { amount: 700 }); // before the January ranges
  await order(oneTime.id, "2025-01-01T00:00:00.000Z");
  const firstSub = await order(monthly.id, "2025-01-01T23:59:59.999Z");
  // Revenue is the amount (tax excluded) less what was refunded.
  await order(oneTime.id, "2025-01-03T12:00:00.000Z", {
    tax_amount: 400,
    refunded_amount: 500,
    status: "partially_refunded",
  });
  const secondSub = await order(monthly.id, "2025-01-06T08:00:00.000Z"); // a Monday
  await order(oneTime.id, "2025-02-01T00:00:00.000Z", { amount: 1500 }); // a Saturday
  const lateSub = await order(monthly.id, "2025-02-10T10:00:00.000Z");
  // Three subscriptions: one active, one trialing, one canceled.
  await db.subscription.update({ where: { id: secondSub.subscription_id! }, data: { status: "trialing" } });
  await db.subscription.update({ where: { id: lateSub.subscription_id! }, data: { status: "canceled" } });
  ids.firstSub = firstSub.subscription_id!;

  // Another organization's order and subscription, inside every range.
  const stranger = await createCustomer(db, other.id);
  const { price: otherMonthly } = await createProduct(db, other.id, {
    price: { type: "recurring", recurring_interval: "month", price_amount: 5000 },
  });
  await createOrder(db, other.id, {
    customerId: stranger.id,
    priceId: otherMonthly.id,
    order: { created_at: at("2025-01-01T10:00:00.000Z") },
    withBenefits: false,
  });
});

const get = (query: Record<string, string | string[]>, as = token) => call(metrics, { token: as, query });

describe("GET /v1/metrics/", () => {
  it("buckets orders by UTC day, every day present, with totals", async () => {
    const res = await get({ start_date: "2025-01-01", end_date: "2025-01-07" });
    expect(res.status).toBe(200);
    expect(res.body.periods.map((period: Record<string, unknown>) => specOf(period))).toEqual([
      {
        timestamp: "2025-01-01T00:00:00.000Z",
        orders: 2,
        revenue: 2900,
        one_time_orders: 1,
        one_time_revenue: 2000,
        recurring_orders: 1,
        recurring_revenue: 900,
      },
      { timestamp: "2025-01-02T00:00:00.000Z", ...ZERO },
      {
        timestamp: "2025-01-03T00:00:00.000Z",
        ...ZERO,
        orders: 1,
        revenue: 1500,
        one_time_orders: 1,
        one_time_revenue: 1500,
      },
      { timestamp: "2025-01-04T00:00:00.000Z", ...ZERO },
      { timestamp: "2025-01-05T00:00:00.000Z", ...ZERO },
      {
        timestamp: "2025-01-06T00:00:00.000Z",
        ...ZERO,
        orders: 1,
        revenue: 900,
        recurring_orders: 1,
        recurring_revenue: 900,
      },
      { timestamp: "2025-01-07T00:00:00.000Z", ...ZERO },
    ]);
    expect(specTotals(res.body.totals)).toEqual({
      orders: 4,
      revenue: 5300,
      one_time_orders: 2,
      one_time_revenue: 3500,
      recurring_orders: 2,
      recurring_revenue: 1800,
      active_subscriptions: 2,
    });
    // The default interval is day, and a single day is one period.
    const one = await get({ start_date: "2025-01-03", end_date: "2025-01-03" });
    expect(one.body.periods.map((period: Record<string, unknown>) => specOf(period))).toEqual([
      {
        timestamp: "2025-01-03T00:00:00.000Z",
        ...ZERO,
        orders: 1,
        revenue: 1500,
        one_time_orders: 1,
        one_time_revenue: 1500,
      },
    ]);
  });

  it("answers every period, zeros included, when nothing was sold", async () => {
    const res = await get({ start_date: "2030-02-27", end_date: "2030-03-02" });
    expect(res.status).toBe(200);
    expect(res.body.periods.map((period: Record<string, unknown>) => specOf(period))).toEqual(
      ["2030-02-27", "2030-02-28", "2030-03-01", "2030-03-02"].map((d) => ({
        timestamp: `${d}T00:00:00.000Z`,
        ...ZERO,
      })),
    );
    expect(specTotals(res.body.totals)).toEqual({ ...ZERO, active_subscriptions: 2 });
  });

  it("buckets by ISO week (periods start on Monday), counting only orders inside the dates", async () => {
    const res = await get({ start_date: "2025-01-01", end_date: "2025-02-05", interval: "week" });
    expect(res.status).toBe(200);
    expect(res.body.periods.map((p: { timestamp: string }) => p.timestamp)).toEqual([
      "2024-12-30T00:00:00.000Z",
      "2025-01-06T00:00:00.000Z",
      "2025-01-13T00:00:00.000Z",
      "2025-01-20T00:00:00.000Z",
      "2025-01-27T00:00:00.000Z",
      "2025-02-03T00:00:00.000Z",
    ]);
    // The order of 2024-12-31 is in the first week but before start_date: not counted.
    expect(res.body.periods.map((p: { orders: number; revenue: number }) => [p.orders, p.revenue])).toEqual([
      [3, 4400],
      [1, 900],
      [0, 0],
      [0, 0],
      [1, 1500],
      [0, 0],
    ]);
    expect(res.body.totals).toMatchObject({ orders: 5, revenue: 6800, recurring_orders: 2 });
  });

  it("buckets by calendar month", async () => {
    const res = await get({ start_date: "2024-12-15", end_date: "2025-02-10", interval: "month" });
    expect(res.status).toBe(200);
    expect(res.body.periods.map((period: Record<string, unknown>) => specOf(period))).toEqual([
      {
        timestamp: "2024-12-01T00:00:00.000Z",
        ...ZERO,
        orders: 1,
        revenue: 700,
        one_time_orders: 1,
        one_time_revenue: 700,
      },
      {
        timestamp: "2025-01-01T00:00:00.000Z",
        orders: 4,
        revenue: 5300,
        one_time_orders: 2,
        one_time_revenue: 3500,
        recurring_orders: 2,
        recurring_revenue: 1800,
      },
      {
        timestamp: "2025-02-01T00:00:00.000Z",
        orders: 2,
        revenue: 2400,
        one_time_orders: 1,
        one_time_revenue: 1500,
        recurring_orders: 1,
        recurring_revenue: 900,
      },
    ]);
    expect(res.body.totals).toMatchObject({ orders: 7, revenue: 8400 });
    // end_date is the last day included: the order of 2025-02-10 falls out a day earlier.
    const earlier = await get({ start_date: "2024-12-15", end_date: "2025-02-09", interval: "month" });
    expect(earlier.body.periods[2]).toMatchObject({ orders: 1, recurring_orders: 0 });
  });

  it("sees only the token's organization, and the organization filter only narrows", async () => {
    const other = await get({ start_date: "2025-01-01", end_date: "2025-01-01" }, otherToken);
    expect({
      periods: other.body.periods.map((period: Record<string, unknown>) => specOf(period)),
      totals: specTotals(other.body.totals),
    }).toEqual({
      periods: [
        {
          timestamp: "2025-01-01T00:00:00.000Z",
          orders: 1,
          revenue: 5000,
          one_time_orders: 0,
          one_time_revenue: 0,
          recurring_orders: 1,
          recurring_revenue: 5000,
        },
      ],
      totals: {
        orders: 1,
        revenue: 5000,
        one_time_orders: 0,
        one_time_revenue: 0,
        recurring_orders: 1,
        recurring_revenue: 5000,
        active_subscriptions: 1,
      },
    });
    const narrowed = await get({
      start_date: "2025-01-01",
      end_date: "2025-01-01",
      organization_id: ids.other!,
    });
    expect(specTotals(narrowed.body.totals)).toEqual({ ...ZERO, active_subscriptions: 0 });
    expect(narrowed.body.periods).toHaveLength(1);
    const both = await get({
      start_date: "2025-01-01",
      end_date: "2025-01-01",
      organization_id: [ids.org!, ids.other!],
    });
    expect(both.body.totals).toMatchObject({ orders: 2, revenue: 2900, active_subscriptions: 2 });
  });

  it("is 422 for missing, malformed or inverted dates, too long a range, or an unknown interval", async () => {
    const problems = async (query: Record<string, string>) => {
      const res = await get(query);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe("RequestValidationError");
      return res.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc]);
    };
    expect(await problems({})).toEqual([
      ["missing", ["query", "start_date"]],
      ["missing", ["query", "end_date"]],
    ]);
    expect(
      await problems({
        start_date: "2025-13-01",
        end_date: "2025-02-30",
        interval: "minute",
        organization_id: "x",
      }),
    ).toEqual([
      ["uuid_parsing", ["query", "organization_id", 0]],
      ["value_error", ["query", "start_date"]],
      ["value_error", ["query", "end_date"]],
      ["enum", ["query", "interval"]],
    ]);
    expect(await problems({ start_date: "2025-01-01T00:00:00Z", end_date: "1/2/2025" })).toEqual([
      ["value_error", ["query", "start_date"]],
      ["value_error", ["query", "end_date"]],
    ]);
    const inverted = await get({ start_date: "2025-01-02", end_date: "2025-01-01" });
    expect(inverted.status).toBe(422);
    expect(inverted.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["query", "end_date"],
        msg: "end_date should be on or after start_date",
        input: "2025-01-01",
      },
    ]);
    // interval=day: at most 400 days between the dates.
    expect(await problems({ start_date: "2024-01-01", end_date: "2025-02-05" })).toEqual([
      ["value_error", ["query", "end_date"]],
    ]);
    const longest = await get({ start_date: "2024-01-01", end_date: "2025-02-04" });
    expect(longest.status).toBe(200);
    expect(longest.body.periods).toHaveLength(401);
    // Other intervals: at most 10 years.
    expect(await problems({ start_date: "2015-01-01", end_date: "2025-01-02", interval: "month" })).toEqual([
      ["value_error", ["query", "end_date"]],
    ]);
    const decade = await get({ start_date: "2015-01-01", end_date: "2025-01-01", interval: "month" });
    expect(decade.status).toBe(200);
    expect(decade.body.periods).toHaveLength(121);
    expect(decade.body.totals.orders).toBe(3); // through 2025-01-01
    const weeks = await get({ start_date: "2015-01-01", end_date: "2025-01-01", interval: "week" });
    expect(weeks.status).toBe(200);
    expect(weeks.body.periods[0].timestamp).toBe("2014-12-29T00:00:00.000Z");
  });

  it("needs a token with metrics:read", async () => {
    const none = await call(metrics, { query: { start_date: "2025-01-01", end_date: "2025-01-01" } });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    const db = await getDb();
    const ordersOnly = await createToken(db, ids.org!, { scopes: ["orders:read"] });
    const denied = await get({ start_date: "2025-01-01", end_date: "2025-01-01" }, ordersOnly.token);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: metrics:read.",
    });
    const post = await call(metricsPost, { method: "POST", token, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});
