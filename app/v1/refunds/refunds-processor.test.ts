// Refunds and the payment processor: the refund of an order bought through the real hosted
// checkout finds the checkout's charge and gives back exactly the amount asked; a refund the
// processor refuses fails and releases what it held; a refund whose answer a crash lost is settled
// by reconciliation (succeeded when the processor made it, failed and released when it never
// arrived); and 20 refunds of one order at once never exceed its total (PostgreSQL only: PGlite
// has one connection, so nothing runs in parallel there).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createPaidOrder } from "@/lib/factories/refunds";
import { readMigrations } from "@/lib/db/migrate";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { scanRenewals } from "@/lib/subscriptions/renewals";
import { RECONCILE_AFTER_MS, reconcilePayments } from "@/lib/payments/reconcile";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/emit";
import { call } from "@/test/http";
import { registerProcessorDouble, type ProcessorDouble } from "@/test/processor-double";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getRoute } from "./[id]/route";
import { POST as createRoute } from "./route";
import { paymentOutcomeHandlers } from "@/lib/composition/payment-outcomes";

let db: Db;
let organizationId: string;
let token: string;
let priceId: string;
let monthlyPriceId: string;

const handlers: JobHandlers = { ...jobHandlers, [DELIVER_WEBHOOKS_JOB]: { run: async () => {} } };
async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, handlers, { now, limit: 50 })).claimed > 0);
}

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  token = (await createToken(db, organizationId)).token;
  const keys = await createBenefit(db, organizationId, {
    type: "license_keys",
    properties: { prefix: "PROC", activations: { limit: 2 } },
  });
  priceId = (
    await createProduct(db, organizationId, { price: { price_amount: 10_000 }, benefitIds: [keys.id] })
  ).price.id;
  monthlyPriceId = (
    await createProduct(db, organizationId, {
      price: { recurring_interval: "month", price_amount: 2_000 },
      benefitIds: [keys.id],
    })
  ).price.id;
});

/** Buys through the real hosted checkout with the test card; the order once processed. */
async function checkoutOrder(price: string, email: string) {
  const checkout = await createCheckout(db, organizationId, price);
  const confirmed = await call(confirm, {
    params: { client_secret: checkout.client_secret },
    body: {
      customer_email: email,
      customer_name: "Checkout Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
  await drainJobs();
  return {
    checkout,
    order: await db.order.findFirstOrThrow({ where: { checkout_id: checkout.id } }),
  };
}

/** A monthly subscription bought through the hosted checkout, renewed a month later by its card. */
async function renewedSubscription(email: string) {
  const { order: first } = await checkoutOrder(monthlyPriceId, email);
  const subscription = await db.subscription.findUniqueOrThrow({ where: { id: first.subscription_id! } });
  // A month later the renewal charges the saved card and makes the period's order.
  const renewedAt = new Date(subscription.current_period_end!.getTime() + 60_000);
  // The scan itself, not its recurring job: an earlier test's scan would not be due again yet.
  await db.$transaction((tx) => scanRenewals(tx, renewedAt));
  while ((await runDueJobs(db, handlers, { now: renewedAt, limit: 50 })).claimed > 0);
  const cycle = await db.order.findFirstOrThrow({
    where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
  });
  const renewal = await db.paymentAttempt.findFirstOrThrow({
    where: { subscription_id: subscription.id, kind: "renewal", status: "succeeded" },
  });
  return { first, subscription, cycle, renewal };
}

async function paidOrder(processor?: string) {
  const customer = await createCustomer(db, organizationId);
  return createPaidOrder(db, organizationId, {
    customerId: customer.id,
    priceId,
    order: { amount: 10_000, tax_amount: 1_900 },
    processor,
  });
}

function refund(orderId: string, amount: number) {
  return call(createRoute, {
    method: "POST",
    token,
    body: { order_id: orderId, amount, reason: "duplicate" },
  });
}

const orderRow = (id: string) => db.order.findUniqueOrThrow({ where: { id } });
const refundRow = (id: string) => db.refund.findUniqueOrThrow({ where: { id } });

/** A double whose refunds the processor refuses (the payment was disputed, the card closed). */
function refusingProcessor(): ProcessorDouble {
  const double = registerProcessorDouble("succeed");
  double.refund = async () => ({
    status: "failed",
    code: "charge_disputed",
    message: "The payment is disputed and cannot be refunded.",
  });
  return double;
}

describe("the processor's refund", () => {
  it("refunds a hosted-checkout purchase through its charge, for exactly the amount asked", async () => {
    const { checkout, order } = await checkoutOrder(priceId, "checkout-refund@example.com");
    const charge = await db.paymentAttempt.findFirstOrThrow({
      where: { checkout_id: checkout.id, kind: "charge", status: "succeeded" },
    });
    const total = order.amount + order.tax_amount;

    const part = await refund(order.id, 1_234);
    expect(part.status).toBe(201);
    const rest = await refund(order.id, total - 1_234);
    await drainJobs();
    const attempts = await db.paymentAttempt.findMany({
      where: { kind: "refund", order_id: order.id },
      orderBy: { amount: "asc" },
    });
    expect(attempts.map((a) => [a.amount, a.status, a.refunded_payment_id])).toEqual(
      [1_234, total - 1_234]
        .sort((a, b) => a - b)
        .map((amount) => [amount, "succeeded", charge.processor_payment_id]),
    );
    expect((await refundRow(rest.body.id)).status).toBe("succeeded");
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
  });

  it("refunds a renewal's order through the renewal charge that paid for it", async () => {
    const { first, subscription, cycle, renewal } = await renewedSubscription("renewal-refund@example.com");
    // The charge names the order it paid for.
    expect(renewal.order_id).toBe(cycle.id);

    const created = await refund(cycle.id, cycle.amount + cycle.tax_amount);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subscription_id: subscription.id, revoke_benefits: false });
    await drainJobs();
    const attempt = await db.paymentAttempt.findFirstOrThrow({
      where: { reference: `refund:${created.body.id}` },
    });
    expect(attempt).toMatchObject({ status: "succeeded", refunded_payment_id: renewal.processor_payment_id });
    expect(await orderRow(cycle.id)).toMatchObject({ status: "refunded" });
    // The first order is its own payment, untouched.
    expect(await orderRow(first.id)).toMatchObject({ status: "paid", refunded_amount: 0 });
  });

  it("a renewal charged before charges named their order is named by its migration, and refunded", async () => {
    const { cycle, renewal } = await renewedSubscription("renewal-before-naming@example.com");
    // As an earlier build left it: the charge does not name its order, and nothing else finds it.
    await db.paymentAttempt.update({ where: { id: renewal.id }, data: { order_id: null } });
    expect((await refund(cycle.id, 100)).status).toBe(400);
    expect(await db.refund.count({ where: { order_id: cycle.id } })).toBe(0);

    const migration = readMigrations().find(
      (m) => m.name === "20261129010000_renewal_charges_name_their_orders",
    );
    await db.$executeRawUnsafe(migration!.sql);
    expect((await db.paymentAttempt.findUniqueOrThrow({ where: { id: renewal.id } })).order_id).toBe(
      cycle.id,
    );

    const created = await refund(cycle.id, cycle.amount + cycle.tax_amount);
    expect(created.status).toBe(201);
    await drainJobs();
    const attempt = await db.paymentAttempt.findFirstOrThrow({
      where: { reference: `refund:${created.body.id}` },
    });
    expect(attempt).toMatchObject({ status: "succeeded", refunded_payment_id: renewal.processor_payment_id });
  });

  it("a refused refund fails and releases what it held: the full amount can be asked again", async () => {
    const double = refusingProcessor();
    const { order } = await paidOrder(double.name);
    const first = await refund(order.id, 11_900);
    expect(first.status).toBe(201);
    // While it is pending it holds everything.
    expect((await refund(order.id, 1)).status).toBe(400);

    await drainJobs();
    const read = await call(getRoute, { token, params: { id: first.body.id } });
    expect(read.body).toMatchObject({ status: "failed", amount: 11_900 });
    expect(await refundRow(first.body.id)).toMatchObject({
      failure_reason: "The payment is disputed and cannot be refunded.",
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: "paid",
      refunded_amount: 0,
      refunded_tax_amount: 0,
    });
    expect(await db.email.count({ where: { order_id: order.id } })).toBe(0);
    // Its benefits are untouched.
    expect(await db.benefitGrant.count({ where: { order_id: order.id, revoked_at: null } })).toBe(1);

    const again = await refund(order.id, 11_900);
    expect(again.status).toBe(201);
    await drainJobs();
    expect((await refundRow(again.body.id)).status).toBe("failed");
  });

  it("reconciliation settles a refund whose answer a crash lost: succeeded if the processor made it", async () => {
    const double = registerProcessorDouble("succeed");
    const { order, payment } = await paidOrder(double.name);
    const created = await refund(order.id, 4_000);
    const attempt = await db.paymentAttempt.findFirstOrThrow({
      where: { reference: `refund:${created.body.id}` },
    });
    // The job called the processor, then the process died before recording the answer.
    await double.refund({
      paymentId: payment.processor_payment_id!,
      amount: attempt.amount,
      idempotencyKey: attempt.idempotency_key,
    });
    await db.job.deleteMany({ where: { payload: { path: ["attempt_id"], equals: attempt.id } } });

    // Within the grace period a live call may still be answering: left alone.
    expect(await reconcilePayments(db, paymentOutcomeHandlers, new Date())).toBe(0);
    expect((await refundRow(created.body.id)).status).toBe("pending");
    expect(
      await reconcilePayments(db, paymentOutcomeHandlers, new Date(Date.now() + RECONCILE_AFTER_MS + 1000)),
    ).toBe(1);
    expect((await refundRow(created.body.id)).status).toBe("succeeded");
    expect(double.refunds).toEqual([payment.processor_payment_id]);
    // round(4000 × 1900 / 11900) = 639 of tax.
    expect(await orderRow(order.id)).toMatchObject({
      status: "partially_refunded",
      refunded_amount: 4_000 - 639,
      refunded_tax_amount: 639,
    });
    expect(await db.email.count({ where: { order_id: order.id, kind: "refund_issued" } })).toBe(1);
  });

  it("reconciliation fails a refund that never reached the processor, and releases it", async () => {
    const double = registerProcessorDouble("succeed");
    const { order } = await paidOrder(double.name);
    const created = await refund(order.id, 11_900);
    const attempt = await db.paymentAttempt.findFirstOrThrow({
      where: { reference: `refund:${created.body.id}` },
    });
    await db.job.deleteMany({ where: { payload: { path: ["attempt_id"], equals: attempt.id } } });

    await reconcilePayments(db, paymentOutcomeHandlers, new Date(Date.now() + RECONCILE_AFTER_MS + 1000));
    expect((await refundRow(created.body.id)).status).toBe("failed");
    expect(double.refunds).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded_amount: 0 });
    expect((await refund(order.id, 11_900)).status).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("20 refunds of one order at once", () => {
  it("never exceed its total: 14 of 800 fit in 11900, the other 6 are refused", async () => {
    const { order } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(order.id, 800)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(14);
    expect(statuses.filter((s) => s === 400)).toHaveLength(6);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.detail).toMatch(/^The amount exceeds what remains refundable on this order/);
    }
    await drainJobs();
    const refunds = await db.refund.findMany({ where: { order_id: order.id } });
    expect(refunds.every((r) => r.status === "succeeded")).toBe(true);
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(14 * 800);
    const after = await orderRow(order.id);
    expect(after.refunded_amount + after.refunded_tax_amount).toBe(14 * 800);
    expect(after.refunded_tax_amount).toBe(refunds.reduce((sum, r) => sum + r.tax_amount, 0));
    expect(after.status).toBe("partially_refunded");
    // What remains (700) can still be refunded, and then the order is exactly refunded.
    expect((await refund(order.id, 700)).status).toBe(201);
    await drainJobs();
    expect(await orderRow(order.id)).toMatchObject({
      status: "refunded",
      refunded_amount: 10_000,
      refunded_tax_amount: 1_900,
    });
  });
});
