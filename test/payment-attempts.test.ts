// Payments outside transactions (issue 9, item 3), through the real confirm route with processor
// doubles: a slow processor holds no lock (a second confirm is 409 at once), a payment whose answer
// is lost is completed once by reconciliation, a retry with a new token while an attempt is
// pending charges nothing, 3-D Secure and delayed settlement go through the same outcome path, and
// the refund of a failed checkout is performed by a job after commit.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createDiscount,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { failCheckout, PROCESS_CHECKOUT_JOB } from "@/lib/orders/processing";
import { recordPaymentOutcome } from "@/lib/payments/outcomes";
import { RECONCILE_AFTER_MS, RECONCILE_PAYMENTS_JOB, reconcilePayments } from "@/lib/payments/reconcile";
import { REFUND_PAYMENT_JOB } from "@/lib/payments/refunds";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { registerProcessorDouble, settle, type ProcessorDouble } from "@/test/processor-double";
import { PATCH as update } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { expireCheckouts } from "@/lib/checkout/expiry";
import { paymentOutcomeHandlers } from "@/lib/composition/payment-outcomes";

let db: Db;
let organizationId: string;
let product: Awaited<ReturnType<typeof createProduct>>;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Attempts Software" })).id;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    properties: { prefix: "PAY", activations: { limit: 2 } },
  });
  product = await createProduct(db, organizationId, {
    price: { price_amount: 4900 },
    benefitIds: [license.id],
  });
});

function openSession(double: ProcessorDouble, discountId: string | null = null) {
  return createCheckout(db, organizationId, product.price.id, {
    payment_processor: double.name,
    discount_id: discountId,
  });
}

function pay(clientSecret: string, token: string = TEST_TOKENS.succeeds) {
  buyers += 1;
  return call(confirm, {
    params: { client_secret: clientSecret },
    body: {
      customer_email: `attempt${buyers}@example.com`,
      customer_name: "Attempt Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: token,
    },
  });
}

const attemptsOf = (checkoutId: string) =>
  db.paymentAttempt.findMany({ where: { checkout_id: checkoutId }, orderBy: { created_at: "asc" } });
const sessionRow = (checkoutId: string) =>
  db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } });
const ordersOf = (checkoutId: string) => db.order.count({ where: { checkout_id: checkoutId } });
const afterGrace = () => new Date(Date.now() + RECONCILE_AFTER_MS + 1000);

/** Runs every due job; `now` after the grace period runs what reconciliation queued. */
async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

const inProgress = {
  status: 409,
  body: { error: "ConflictError", detail: "A payment for this checkout is already in progress." },
};

describe("a slow processor", () => {
  it("holds no lock: a second confirm is 409 at once, and only one payment is made", async () => {
    const double = registerProcessorDouble("succeed");
    double.delayMs = 2000;
    const session = await openSession(double);
    const first = pay(session.client_secret);
    await vi.waitFor(async () => expect((await attemptsOf(session.id)).length).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 10,
    });

    const started = Date.now();
    const second = await pay(session.client_secret);
    const elapsed = Date.now() - started;
    console.log(`second confirm during a 2 s processor call answered in ${elapsed} ms`);
    expect(second).toMatchObject(inProgress);
    expect(elapsed).toBeLessThan(1000);
    // A retry with another card while the first is being charged charges nothing either.
    expect(await pay(session.client_secret, "tok_other_card")).toMatchObject(inProgress);

    const confirmed = await first;
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "confirmed" });
    expect(confirmed.body.customer_session_token).toMatch(/^cst_/);
    expect(double.calls).toBe(1);
    expect(double.charges).toHaveLength(1);
    const [attempt] = await attemptsOf(session.id);
    expect(attempt).toMatchObject({
      kind: "charge",
      status: "succeeded",
      amount: 4900,
      currency: "usd",
      processor: double.name,
      idempotency_key: `pa_${attempt!.id}`,
      processor_payment_id: `py_pa_${attempt!.id}`,
    });
    expect((await sessionRow(session.id)).payment_id).toBe(attempt!.processor_payment_id);
  });
});

describe("a crash between the charge and the recording of its outcome", () => {
  it("is completed by reconciliation with exactly one charge and one order", async () => {
    const double = registerProcessorDouble("charge-then-lose-answer");
    const discount = await createDiscount(db, organizationId, { basis_points: 1000, max_redemptions: 1 });
    const session = await openSession(double, discount.id);

    const lost = await pay(session.client_secret);
    expect(lost.status).toBe(409);
    expect(lost.body.error).toBe("ConflictError");
    expect(double.charges).toHaveLength(1);
    const [attempt] = await attemptsOf(session.id);
    expect(attempt).toMatchObject({ status: "pending", amount: 4410, processor_payment_id: null });
    expect(await sessionRow(session.id)).toMatchObject({
      status: "open",
      payment_id: null,
      customer_id: null,
    });
    // The redemption stays reserved for the pending payment: nobody else can take the last one.
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(1);

    // The buyer retries with another card: refused while the first attempt is unresolved.
    double.mode = "succeed";
    expect(await pay(session.client_secret, "tok_second_card")).toMatchObject(inProgress);
    expect(double.calls).toBe(1);

    // Too early: the call could still be in flight.
    expect(await reconcilePayments(db, paymentOutcomeHandlers, new Date())).toBe(0);
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(1);
    expect((await attemptsOf(session.id))[0]).toMatchObject({
      status: "succeeded",
      processor_payment_id: `py_${attempt!.idempotency_key}`,
    });
    expect(await sessionRow(session.id)).toMatchObject({
      status: "confirmed",
      payment_id: `py_${attempt!.idempotency_key}`,
      total_amount: 4410,
      discount_id: discount.id,
    });
    await drainJobs(afterGrace());
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded" });
    expect(await ordersOf(session.id)).toBe(1);
    expect(await db.discountRedemption.count({ where: { discount_id: discount.id } })).toBe(1);

    // Nothing more on later runs: one charge, one order.
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(0);
    await drainJobs(afterGrace());
    expect(double.charges).toHaveLength(1);
    expect(await ordersOf(session.id)).toBe(1);
    expect(jobHandlers[RECONCILE_PAYMENTS_JOB]!.repeatEveryMs).toBe(60_000);
  });

  it("a confirm that stops for good right after the charge is completed by reconciliation", async () => {
    const double = registerProcessorDouble("succeed");
    const session = await openSession(double);
    // The request stops at the pause point between the charge and the outcome transaction and
    // never goes on, as if its process had died there.
    process.env.JOB_PAUSE_AT = "after-charge";
    try {
      void pay(session.client_secret);
      await vi.waitFor(() => expect(double.charges.length).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 10,
      });
    } finally {
      delete process.env.JOB_PAUSE_AT;
    }
    expect((await attemptsOf(session.id))[0]).toMatchObject({ status: "pending" });
    expect(await pay(session.client_secret, "tok_new_card")).toMatchObject(inProgress);

    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(1);
    await drainJobs(afterGrace());
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded" });
    expect(await ordersOf(session.id)).toBe(1);
    expect(double.calls).toBe(1);
    expect(double.charges).toHaveLength(1);
  });

  it("fails an attempt the processor never received, reopens the session and releases the reservation", async () => {
    const double = registerProcessorDouble("lose-before-charge");
    const discount = await createDiscount(db, organizationId, { basis_points: 1000, max_redemptions: 1 });
    const session = await openSession(double, discount.id);
    expect((await pay(session.client_secret)).status).toBe(409);
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(1);

    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(1);
    expect((await attemptsOf(session.id))[0]).toMatchObject({ status: "failed", failure_code: "not_found" });
    expect(await sessionRow(session.id)).toMatchObject({ status: "open", customer_id: null });
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(0);
    expect(await db.discountRedemption.count({ where: { checkout_id: session.id } })).toBe(0);

    // The buyer pays again: a new attempt, a new key, one charge.
    double.mode = "succeed";
    expect((await pay(session.client_secret)).status).toBe(200);
    await drainJobs();
    expect(double.charges).toHaveLength(1);
    expect(await ordersOf(session.id)).toBe(1);
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(1);
  });
});

describe("asynchronous outcomes", () => {
  it("3-D Secure: the session stays open with the next action; the processor's notification completes it", async () => {
    const double = registerProcessorDouble("requires-action");
    const session = await openSession(double);
    const asked = await pay(session.client_secret);
    expect(asked.status).toBe(200);
    const [attempt] = await attemptsOf(session.id);
    const paymentId = `py_${attempt!.idempotency_key}`;
    expect(asked.body).toMatchObject({
      status: "open",
      customer_session_token: null,
      payment_processor_metadata: {
        next_action: { type: "redirect_to_url", url: `https://processor.example/3ds/${paymentId}` },
      },
    });
    expect(attempt).toMatchObject({ status: "requires_action", processor_payment_id: paymentId });
    expect(await pay(session.client_secret)).toMatchObject({
      status: 409,
      body: { error: "ConflictError" },
    });
    // Nor can the buyer change what is being paid for meanwhile.
    expect(
      await call(update, {
        params: { client_secret: session.client_secret },
        body: { customer_name: "Other" },
      }),
    ).toMatchObject({ status: 409, body: { error: "ConflictError" } });

    // The buyer passes the check; the processor notifies us.
    const outcome = settle(double, attempt!.idempotency_key);
    await recordPaymentOutcome(db, paymentOutcomeHandlers, { processor: double.name, paymentId }, outcome);
    const confirmed = await sessionRow(session.id);
    expect(confirmed).toMatchObject({ status: "confirmed", payment_id: paymentId });
    expect(confirmed.payment_processor_metadata).toEqual({});
    await drainJobs();
    expect(await ordersOf(session.id)).toBe(1);
    // The same notification again changes nothing.
    await recordPaymentOutcome(db, paymentOutcomeHandlers, { processor: double.name, paymentId }, outcome);
    await drainJobs();
    expect(await ordersOf(session.id)).toBe(1);
    expect(double.charges).toHaveLength(1);
  });

  it("an abandoned 3-D Secure step fails once the session expired, and a late success is refunded", async () => {
    const double = registerProcessorDouble("requires-action");
    const session = await openSession(double);
    expect((await pay(session.client_secret)).body.status).toBe("open");
    const [attempt] = await attemptsOf(session.id);
    const later = new Date(session.expires_at.getTime() + RECONCILE_AFTER_MS + 1000);
    // Before the session expires the buyer may still finish: reconciliation waits.
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(0);
    expect(await db.$transaction((tx) => expireCheckouts(tx, later))).toBe(0);

    expect(await reconcilePayments(db, paymentOutcomeHandlers, later)).toBe(1);
    expect((await attemptsOf(session.id))[0]).toMatchObject({ status: "failed", failure_code: "abandoned" });
    expect(await db.$transaction((tx) => expireCheckouts(tx, later))).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(session.id)).toMatchObject({ status: "expired", payment_processor_metadata: {} });

    // The buyer finishes the step after all: the money goes back, no order is made.
    const paymentId = `py_${attempt!.idempotency_key}`;
    await recordPaymentOutcome(
      db,
      paymentOutcomeHandlers,
      { processor: double.name, paymentId },
      settle(double, attempt!.idempotency_key),
    );
    await drainJobs(later);
    expect(double.refunds).toEqual([paymentId]);
    expect(await ordersOf(session.id)).toBe(0);
  });

  it("a pending payment confirms the session; the order waits for the processor's notification", async () => {
    const double = registerProcessorDouble("pending");
    const session = await openSession(double);
    const confirmed = await pay(session.client_secret);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("confirmed");
    await drainJobs();
    expect(await ordersOf(session.id)).toBe(0);
    const [attempt] = await attemptsOf(session.id);
    expect(attempt!.status).toBe("pending");

    // Reconciliation leaves a payment the processor still reports pending alone.
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(0);
    settle(double, attempt!.idempotency_key);
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(1);
    await drainJobs(afterGrace());
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded" });
    expect(await ordersOf(session.id)).toBe(1);
  });
});

describe("the refund of a checkout whose processing failed for good", () => {
  it("is recorded in the failing transaction and performed once by a job after commit", async () => {
    const double = registerProcessorDouble("succeed");
    const session = await openSession(double);
    expect((await pay(session.client_secret)).status).toBe(200);
    const paymentId = (await sessionRow(session.id)).payment_id!;
    await db.job.deleteMany({ where: { name: PROCESS_CHECKOUT_JOB } });

    await db.$transaction((tx) => failCheckout(tx, session.id, "Order processing failed: test", new Date()));
    // Nothing was sent to the processor inside the transaction.
    expect(double.refunds).toEqual([]);
    const refund = await db.paymentAttempt.findFirstOrThrow({
      where: { checkout_id: session.id, kind: "refund" },
    });
    expect(refund).toMatchObject({ status: "pending", amount: 4900, refunded_payment_id: paymentId });
    expect(await db.job.count({ where: { name: REFUND_PAYMENT_JOB, status: "pending" } })).toBe(1);

    await drainJobs();
    expect(double.refunds).toEqual([paymentId]);
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "succeeded",
      processor_payment_id: `re_${refund.idempotency_key}`,
    });
    // Failing it again asks for nothing more.
    await db.$transaction((tx) => failCheckout(tx, session.id, "again", new Date()));
    await drainJobs();
    expect(double.refunds).toEqual([paymentId]);
  });
});
