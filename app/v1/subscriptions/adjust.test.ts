// The merchant's adjustments (docs/subscriptions.md "Adjusting dates"), through PATCH
// /v1/subscriptions/{id}: the current period's end moved (a scheduled cancellation and a pending plan
// change move with it), a trial extended (its reminder rescheduled) or ended now (charged at once by
// the renewal job), a scheduled plan change dropped; and the refusals (a date past or too far, the
// wrong status, a payment under way, another organization's subscription).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { createPaymentAttempt } from "@/lib/payments/attempts";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { scanRenewals } from "@/lib/subscriptions/renewals";
import { TRIAL_REMINDER_JOB } from "@/lib/subscriptions/trial-reminder";
import { call } from "@/test/http";
import { PATCH as update } from "./[id]/route";

const DAY = 86_400_000;
let db: Db;
let organizationId: string;
let token: string;
let otherToken: string;
let monthly: { priceId: string; productId: string };
let other: { productId: string };
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Adjust Works" })).id;
  token = (await createToken(db, organizationId)).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
  const made = await createProduct(db, organizationId, {
    price: { recurring_interval: "month", price_amount: 2000 },
  });
  monthly = { priceId: made.price.id, productId: made.price.product_id };
  other = {
    productId: (
      await createProduct(db, organizationId, { price: { recurring_interval: "month", price_amount: 900 } })
    ).price.product_id,
  };
});

/** A monthly subscription ten days into its period; `trialing`: in a trial ending in ten days. */
async function subscribe(status: "active" | "trialing" = "active") {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, { email: `adjust${buyers}@example.com` });
  const order = await createOrder(db, organizationId, { customerId: customer.id, priceId: monthly.priceId });
  const now = Date.now();
  return db.subscription.update({
    where: { id: order.subscription_id! },
    data: {
      status,
      payment_method_ref: `pm_test_${TEST_TOKENS.succeeds}`,
      payment_processor: "test",
      current_period_start: new Date(now - 10 * DAY),
      current_period_end: new Date(now + 10 * DAY),
      started_at: new Date(now - 10 * DAY),
      ...(status === "trialing" && {
        trial_start: new Date(now - 10 * DAY),
        trial_end: new Date(now + 10 * DAY),
      }),
    },
  });
}

const patch = (id: string, body: object, as = token) => call(update, { token: as, params: { id }, body });

async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

describe("current_billing_period_end", () => {
  it("moves the renewal date; a scheduled cancellation and a pending plan change move with it", async () => {
    const subscription = await subscribe();
    expect(
      (await patch(subscription.id, { product_id: other.productId, proration_behavior: "next_period" }))
        .status,
    ).toBe(200);
    expect((await patch(subscription.id, { cancel_at_period_end: true })).status).toBe(200);
    const at = new Date(Date.now() + 20 * DAY);
    const res = await patch(subscription.id, { current_billing_period_end: at.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      current_period_end: at.toISOString(),
      ends_at: at.toISOString(),
      cancel_at_period_end: true,
      pending_update: { product_id: other.productId, applies_at: at.toISOString() },
    });
    const row = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row.current_period_end).toEqual(at);
    expect(row.ends_at).toEqual(at);
  });

  it("makes the new date the renewal day: the next period is a whole month from it", async () => {
    const subscription = await subscribe();
    // January 31st next year: the month after it ends on February's last day (clamped).
    const year = new Date().getUTCFullYear() + 1;
    const moved = new Date(Date.UTC(year, 0, 31, 9, 30));
    const res = await patch(subscription.id, { current_billing_period_end: moved.toISOString() });
    expect(res.status).toBe(200);
    await db.$transaction((tx) => scanRenewals(tx, moved));
    await drainJobs(moved);
    const renewed = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(renewed.current_period_start).toEqual(moved);
    const february = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    expect(renewed.current_period_end).toEqual(new Date(Date.UTC(year, 1, february, 9, 30)));
  });

  it("refuses a date past or more than five years away (422 on the field), and a trialing or ended subscription (403)", async () => {
    const subscription = await subscribe();
    const past = new Date(Date.now() - DAY).toISOString();
    const far = new Date(Date.now() + 6 * 366 * DAY).toISOString();
    for (const [value, msg] of [
      [past, "The date must be in the future."],
      [far, "The date must be within five years."],
    ] as const) {
      const res = await patch(subscription.id, { current_billing_period_end: value });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { type: "value_error", loc: ["body", "current_billing_period_end"], msg, input: value },
      ]);
    }
    expect((await patch(subscription.id, { current_billing_period_end: "tomorrow" })).status).toBe(422);
    const unchanged = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(unchanged.current_period_end).toEqual(subscription.current_period_end);

    const trialing = await subscribe("trialing");
    const inTrial = await patch(trialing.id, {
      current_billing_period_end: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    expect(inTrial.status).toBe(403);
    expect(inTrial.body.detail).toMatch(/trial_end/);

    const pastDue = await subscribe();
    await db.subscription.update({ where: { id: pastDue.id }, data: { status: "past_due" } });
    const inDunning = await patch(pastDue.id, {
      current_billing_period_end: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    expect(inDunning.status).toBe(403);
    expect(inDunning.body.detail).toBe("Only an active subscription's billing period can be moved.");

    const ended = await subscribe();
    expect((await patch(ended.id, { revoke: true })).status).toBe(200);
    const refused = await patch(ended.id, {
      current_billing_period_end: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "NotPermitted", detail: "This subscription has ended." });
  });

  it("is refused while a payment of the subscription is under way, and for another organization (404)", async () => {
    const subscription = await subscribe();
    await db.$transaction((tx) =>
      createPaymentAttempt(
        tx,
        {
          organizationId,
          kind: "charge",
          amount: 2000,
          currency: "usd",
          processor: "test",
          subscriptionId: subscription.id,
          pendingChanges: {},
        },
        new Date(),
      ),
    );
    const at = new Date(Date.now() + 20 * DAY).toISOString();
    const underWay = await patch(subscription.id, { current_billing_period_end: at });
    expect(underWay.status).toBe(403);
    expect(underWay.body.detail).toMatch(/payment of this subscription is under way/);
    expect((await patch(subscription.id, { current_billing_period_end: at }, otherToken)).status).toBe(404);
    const row = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row.current_period_end).toEqual(subscription.current_period_end);
  });

  it("is refused while the period is being renewed (its end has passed), the date unchanged", async () => {
    const subscription = await subscribe();
    const due = new Date(Date.now() - 60_000);
    await db.subscription.update({ where: { id: subscription.id }, data: { current_period_end: due } });
    const res = await patch(subscription.id, {
      current_billing_period_end: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "NotPermitted",
      detail: "The current period is being renewed: try again in a moment.",
    });
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).current_period_end,
    ).toEqual(due);
  });
});

describe("trial_end", () => {
  it("extends a trial: the period ends with it, and the reminder is for the new end", async () => {
    const subscription = await subscribe("trialing");
    const at = new Date(Date.now() + 30 * DAY);
    const res = await patch(subscription.id, { trial_end: at.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "trialing",
      trial_end: at.toISOString(),
      current_period_end: at.toISOString(),
    });
    const reminders = await db.job.findMany({ where: { name: TRIAL_REMINDER_JOB } });
    expect(
      reminders.filter(
        (job) => (job.payload as { subscription_id: string }).subscription_id === subscription.id,
      ),
    ).toEqual([
      expect.objectContaining({
        run_at: new Date(at.getTime() - 3 * DAY),
        payload: { subscription_id: subscription.id, trial_end: at.toISOString() },
      }),
    ]);
  });

  it('"now" ends the trial: the first period is charged at once and the subscription becomes active', async () => {
    const subscription = await subscribe("trialing");
    const res = await patch(subscription.id, { trial_end: "now" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("trialing");
    expect(Date.parse(res.body.trial_end)).toBeLessThanOrEqual(Date.now());
    const now = new Date();
    await db.$transaction((tx) => scanRenewals(tx, now));
    await drainJobs(now);
    const after = await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after.status).toBe("active");
    expect(after.current_period_start).toEqual(new Date(res.body.trial_end));
    const charged = await db.order.findMany({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(charged.map((order) => order.amount)).toEqual([2000]);
  });

  it("refuses an active subscription's trial (403) and a past date (422)", async () => {
    const active = await subscribe();
    const res = await patch(active.id, { trial_end: new Date(Date.now() + 20 * DAY).toISOString() });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only a subscription in its trial can have its trial changed.");
    const trialing = await subscribe("trialing");
    const past = new Date(Date.now() - DAY).toISOString();
    const invalid = await patch(trialing.id, { trial_end: past });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({ loc: ["body", "trial_end"], input: past });
  });
});

describe("pending_update: null", () => {
  it("drops a scheduled plan change; without one it changes nothing", async () => {
    const subscription = await subscribe();
    await patch(subscription.id, { product_id: other.productId, proration_behavior: "next_period" });
    expect(await db.subscriptionPendingUpdate.count({ where: { subscription_id: subscription.id } })).toBe(1);
    const res = await patch(subscription.id, { pending_update: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pending_update: null, product_id: monthly.productId });
    expect(await db.subscriptionPendingUpdate.count({ where: { subscription_id: subscription.id } })).toBe(0);
    const again = await patch(subscription.id, { pending_update: null });
    expect(again.status).toBe(200);
    expect((await patch(subscription.id, { pending_update: "x" })).status).toBe(422);
  });
});
