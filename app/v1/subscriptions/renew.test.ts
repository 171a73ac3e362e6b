// The test clock, POST /v1/subscriptions/{id}/renew, through the real handler: in a test
// organization it runs the next renewal now through the scheduled renewal's own path (charge,
// subscription_cycle order, next period, events, receipt; dunning on a decline); 403 in a live
// organization; 409 for an ended subscription or while the period's renewal is under way.
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
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { addInterval } from "@/lib/subscriptions/periods";
import { RETRY_RENEWAL_JOB } from "@/lib/subscriptions/dunning";
import { LIVE_TEST_CLOCK_REFUSAL } from "@/lib/subscriptions/test-clock";
import { call } from "@/test/http";
import { createWebhookEndpoint, eventReader } from "@/test/webhook-events";
import { POST as renew } from "./[id]/renew/route";

let db: Db;
let buyers = 0;
const shops: Record<"test" | "live", { id: string; token: string; priceId: string }> = {} as never;

async function shop(livemode: boolean) {
  const org = await createOrganization(db, { name: livemode ? "Live Cloud" : "Test Cloud", livemode });
  const license = await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "RNW" } });
  const monthly = await createProduct(db, org.id, {
    product: { name: "Cloud" },
    price: { recurring_interval: "month", price_amount: 1000 },
    benefitIds: [license.id],
  });
  return { id: org.id, token: (await createToken(db, org.id)).token, priceId: monthly.price.id };
}

beforeAll(async () => {
  db = await getDb();
  shops.test = await shop(false);
  shops.live = await shop(true);
});

/** An active subscription paid by the test processor with `token`'s card. */
async function subscribe(kind: "test" | "live", token: string = TEST_TOKENS.succeeds) {
  buyers += 1;
  const { id, priceId } = shops[kind];
  const customer = await createCustomer(db, id, { email: `renew${buyers}@example.com` });
  const order = await createOrder(db, id, { customerId: customer.id, priceId });
  return db.subscription.update({
    where: { id: order.subscription_id! },
    data: { payment_method_ref: `pm_test_${token}`, payment_processor: "test" },
  });
}

const renewNow = (kind: "test" | "live", id: string) =>
  call(renew, { token: shops[kind].token, params: { id } });

describe("POST /v1/subscriptions/{id}/renew", () => {
  it("renews a test organization's subscription now: charge, order, next period, events, receipt", async () => {
    const endpoint = await createWebhookEndpoint(db, shops.test.id);
    const events = eventReader(db, endpoint.id);
    const subscription = await subscribe("test");
    await events(); // what the set-up wrote
    const periodEnd = subscription.current_period_end!;

    const res = await renewNow("test", subscription.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: subscription.id,
      status: "active",
      current_period_start: periodEnd.toISOString(),
      current_period_end: addInterval(periodEnd, "month").toISOString(),
    });

    const cycle = await db.order.findMany({
      where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
    });
    expect(cycle).toHaveLength(1);
    // Made at the period's end: the clock advanced to it.
    expect(cycle[0]).toMatchObject({ status: "paid", amount: 1000, created_at: periodEnd });
    const attempts = await db.paymentAttempt.findMany({ where: { subscription_id: subscription.id } });
    expect(attempts.map((a) => [a.kind, a.status, a.amount, a.order_id])).toEqual([
      ["renewal", "succeeded", 1000, cycle[0]!.id],
    ]);
    const types = (await events()).map((e) => e.type);
    expect(types).toEqual(["order.created", "order.paid", "subscription.updated"]);
    const receipt = await db.email.findFirstOrThrow({
      where: { subscription_id: subscription.id, kind: "subscription_renewal_receipt" },
    });
    expect(receipt.subject).toBe("[Test] Your Cloud subscription was renewed");
  });

  it("starts dunning on a declined card, as the scheduled renewal does", async () => {
    const subscription = await subscribe("test", TEST_TOKENS.declined);
    const res = await renewNow("test", subscription.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("past_due");
    expect(res.body.current_period_end).toBe(subscription.current_period_end!.toISOString());
    expect(
      await db.order.count({
        where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
      }),
    ).toBe(0);
    const [attempt] = await db.paymentAttempt.findMany({ where: { subscription_id: subscription.id } });
    expect(attempt).toMatchObject({ kind: "renewal", status: "failed", failure_code: "card_declined" });
    expect(
      await db.job.count({ where: { name: RETRY_RENEWAL_JOB, dedupe_key: { contains: subscription.id } } }),
    ).toBe(1);
    expect(
      await db.email.count({
        where: { subscription_id: subscription.id, kind: "subscription_payment_failed" },
      }),
    ).toBe(1);
  });

  it("is 403 in a live organization and changes nothing", async () => {
    const subscription = await subscribe("live");
    const res = await renewNow("live", subscription.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "NotPermitted", detail: LIVE_TEST_CLOCK_REFUSAL });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toEqual(subscription);
    expect(await db.paymentAttempt.count({ where: { subscription_id: subscription.id } })).toBe(0);
  });

  it("is 409 for a canceled subscription and while the period's renewal is under way", async () => {
    const canceled = await subscribe("test");
    await db.subscription.update({
      where: { id: canceled.id },
      data: { status: "canceled", ended_at: new Date() },
    });
    const refused = await renewNow("test", canceled.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "ConflictError",
      detail: "This subscription is canceled: only an active or trialing subscription renews.",
    });

    // A renewal recorded and not yet answered by the processor (the job's first transaction).
    const busy = await subscribe("test");
    await db.paymentAttempt.create({
      data: {
        id: crypto.randomUUID(),
        organization_id: shops.test.id,
        kind: "renewal",
        amount: 1000,
        currency: "usd",
        processor: "test",
        idempotency_key: `pa_${crypto.randomUUID()}`,
        subscription_id: busy.id,
        reference: `renew:${busy.id}:${busy.current_period_end!.toISOString()}`,
      },
    });
    const inProgress = await renewNow("test", busy.id);
    expect(inProgress.status).toBe(409);
    expect(inProgress.body).toEqual({
      error: "ConflictError",
      detail: "A renewal of this period is already in progress.",
    });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: busy.id } })).toEqual(busy);
  });

  it("is 404 for another organization's subscription and 403 without subscriptions:write", async () => {
    const subscription = await subscribe("test");
    const other = await createOrganization(db);
    const stranger = await call(renew, {
      token: (await createToken(db, other.id)).token,
      params: { id: subscription.id },
    });
    expect(stranger.status).toBe(404);
    const readOnly = (await createToken(db, shops.test.id, { scopes: ["subscriptions:read"] })).token;
    expect((await call(renew, { token: readOnly, params: { id: subscription.id } })).status).toBe(403);
    expect(await db.paymentAttempt.count({ where: { subscription_id: subscription.id } })).toBe(0);
  });
});
