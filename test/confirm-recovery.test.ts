// Purchases whose answer was lost (issue 28, items 7 and 8), through the real confirm route and the
// built-in test processor, whose ledger is in the database (docs/payments-reliability.md):
// - reconciliation run by another copy of the app's modules (as the job worker's bundle is: it
//   used to have its own empty ledger, answer `not_found`, and ask the buyer to pay again) finds
//   each charge: charged once, one order, the buyer never asked to pay again, no restart;
// - a confirm retried with the same Idempotency-Key after its first run died right after the charge
//   is answered 200 with the session at once (once the dead run's claim lease ran out), and one
//   whose payment reconciliation had completed meanwhile too (it was 409s, then 403 "not open").
// A dead request is simulated by the after-charge pause point (it never goes on) with the heartbeat
// timer faked (a dead process renews nothing); its lease running out is set on the row, not waited.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createBenefit, createCheckout, createOrganization, createProduct } from "@/lib/factories";
import { ensureRecurringJobs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { RECONCILE_AFTER_MS, RECONCILE_PAYMENTS_JOB, reconcilePayments } from "@/lib/payments/reconcile";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { registerProcessorDouble } from "@/test/processor-double";
import { spawnWorker, waitForOutput } from "@/test/worker-child";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { paymentOutcomeHandlers } from "@/lib/composition/payment-outcomes";

let db: Db;
let organizationId: string;
let priceId: string;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Recovery Software" })).id;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    properties: { prefix: "REC", activations: { limit: 2 } },
  });
  priceId = (
    await createProduct(db, organizationId, { price: { price_amount: 4900 }, benefitIds: [license.id] })
  ).price.id;
});

afterEach(() => {
  delete process.env.JOB_PAUSE_AT;
  vi.useRealTimers();
});

const afterGrace = () => new Date(Date.now() + RECONCILE_AFTER_MS + 1000);

function confirmBody(token: string = TEST_TOKENS.succeeds) {
  buyers += 1;
  return {
    customer_email: `recovery${buyers}@example.com`,
    customer_name: "Recovery Buyer",
    customer_billing_address: { country: "US" },
    confirmation_token_id: token,
  };
}

function pay(clientSecret: string, body: object, idempotencyKey?: string) {
  return call(confirm, {
    params: { client_secret: clientSecret },
    body,
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
  });
}

const attemptsOf = (checkoutId: string) => db.paymentAttempt.findMany({ where: { checkout_id: checkoutId } });
const sessionRow = (checkoutId: string) =>
  db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } });
const ordersOf = (checkoutId: string) => db.order.count({ where: { checkout_id: checkoutId } });

/** The test processor's own books for the session's attempts (its charges). */
async function ledgerOf(checkoutId: string) {
  const keys = (await attemptsOf(checkoutId)).map((a) => a.idempotency_key);
  return db.testProcessorOperation.findMany({ where: { idempotency_key: { in: keys } } });
}

async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

/**
 * Starts a confirm that stops for good right after the processor took the money (the process died
 * there): it never records the outcome nor answers. Resolves once the charge is in the ledger.
 */
async function confirmThatDiesAfterCharge(
  checkoutId: string,
  clientSecret: string,
  body: object,
  key?: string,
) {
  process.env.JOB_PAUSE_AT = "after-charge";
  const log = vi.spyOn(console, "log");
  const pausedBefore = pausesIn(log);
  void pay(clientSecret, body, key);
  // Both the charge in the ledger and the confirm at its pause point: the caller may unset
  // JOB_PAUSE_AT as soon as this resolves without the confirm going on (it read it already).
  await vi.waitFor(
    async () => {
      expect((await ledgerOf(checkoutId)).length).toBeGreaterThan(0);
      expect(pausesIn(log)).toBeGreaterThan(pausedBefore);
    },
    { timeout: 10_000, interval: 10 },
  );
}

/** How many confirms have stopped at the `after-charge` pause point (lib/jobs/pause.ts). */
function pausesIn(log: { mock: { calls: unknown[][] } }) {
  return log.mock.calls.filter(([line]) => line === "paused:after-charge").length;
}

describe("a charge whose answer was lost (item 7)", () => {
  it("is reconciled by another bundle's worker, without a restart: charged once, one order, never asked again", async () => {
    const purchases = [];
    for (let n = 0; n < 10; n++) {
      const session = await createCheckout(db, organizationId, priceId);
      await confirmThatDiesAfterCharge(session.id, session.client_secret, confirmBody());
      purchases.push(session);
    }
    delete process.env.JOB_PAUSE_AT;
    for (const session of purchases) {
      expect(await attemptsOf(session.id)).toMatchObject([{ status: "pending", processor: "test" }]);
      expect(await sessionRow(session.id)).toMatchObject({ status: "open", payment_id: null });
    }

    // The job worker's bundle: its own copy of every module, the test processor's included (which
    // kept its ledger in module state). Only the database is shared, as between two instances.
    vi.resetModules();
    const worker = {
      reconcile: (await import("@/lib/payments/reconcile")).reconcilePayments,
      runDueJobs: (await import("@/lib/jobs/queue")).runDueJobs,
      handlers: (await import("@/lib/composition/jobs")).jobHandlers,
      outcomes: (await import("@/lib/composition/payment-outcomes")).paymentOutcomeHandlers,
    };
    expect(worker.reconcile).not.toBe(reconcilePayments);
    expect(await worker.reconcile(db, worker.outcomes, afterGrace())).toBe(purchases.length);
    while ((await worker.runDueJobs(db, worker.handlers, { now: afterGrace(), limit: 50 })).claimed > 0);

    let reconciled = 0;
    for (const session of purchases) {
      const [attempt, ...others] = await attemptsOf(session.id);
      // One attempt, succeeded: the session never reopened, so the buyer was never asked to pay again.
      expect(others).toEqual([]);
      expect(attempt).toMatchObject({ status: "succeeded" });
      expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded" });
      expect(await ordersOf(session.id)).toBe(1);
      // Charged once, as the processor's books say.
      const ledger = await ledgerOf(session.id);
      expect(ledger).toMatchObject([
        { operation: "charge", amount: 4900, currency: "usd", status: "succeeded", refunded_amount: 0 },
      ]);
      expect(attempt!.processor_payment_id).toBe(ledger[0]!.payment_id);
      expect((await sessionRow(session.id)).payment_id).toBe(ledger[0]!.payment_id);
      reconciled += 1;
    }
    console.log(
      `lost answers reconciled by another bundle: ${reconciled} of ${purchases.length} (charged once, one order)`,
    );
    // Later runs change nothing.
    expect(await worker.reconcile(db, worker.outcomes, afterGrace())).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a charge whose answer was lost, on two instances", () => {
  it("is reconciled by another instance's worker process: charged once, one order", async () => {
    const session = await createCheckout(db, organizationId, priceId);
    await confirmThatDiesAfterCharge(session.id, session.client_secret, confirmBody());
    delete process.env.JOB_PAUSE_AT;
    // Past reconciliation's grace period, on the real clock the other process reads.
    await db.paymentAttempt.updateMany({
      where: { checkout_id: session.id },
      data: { modified_at: new Date(Date.now() - RECONCILE_AFTER_MS - 1000) },
    });
    await db.job.deleteMany({ where: { name: RECONCILE_PAYMENTS_JOB } });
    await ensureRecurringJobs(db, { [RECONCILE_PAYMENTS_JOB]: jobHandlers[RECONCILE_PAYMENTS_JOB]! });

    const { child, exited } = spawnWorker(`reconcile-instance-${process.pid}`);
    try {
      await waitForOutput(child, "worker:ready", 60_000);
      await exited;
    } finally {
      child.kill("SIGKILL");
    }
    const [attempt, ...others] = await attemptsOf(session.id);
    expect(others).toEqual([]);
    expect(attempt).toMatchObject({ status: "succeeded" });
    await drainJobs();
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded" });
    expect(await ordersOf(session.id)).toBe(1);
    expect(await ledgerOf(session.id)).toMatchObject([{ operation: "charge", status: "succeeded" }]);
  }, 120_000);
});

describe("a confirm retried with the same Idempotency-Key after a crash (item 8)", () => {
  /** The dead run's claim, as 10 s without its heartbeat leave it: lease run out. */
  async function leaseRunsOut(key: string) {
    const { count } = await db.idempotencyKey.updateMany({
      where: { key, status: "in_flight" },
      data: { lease_expires_at: new Date(Date.now() - 1) },
    });
    expect(count).toBe(1);
  }

  it("is answered 200 with the session at once, charged once, when the run died after the charge", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const session = await createCheckout(db, organizationId, priceId);
    const body = confirmBody();
    const key = `retry-${session.id}`;
    await confirmThatDiesAfterCharge(session.id, session.client_secret, body, key);
    delete process.env.JOB_PAUSE_AT;

    // While the dead run's lease holds (at most 10 s after the kill), the key is in use.
    expect(await pay(session.client_secret, body, key)).toMatchObject({
      status: 409,
      body: { error: "ConflictError", detail: "A request with this idempotency key is in progress." },
    });
    await leaseRunsOut(key);

    const started = Date.now();
    const retried = await pay(session.client_secret, body, key);
    const elapsed = Date.now() - started;
    console.log(`retried confirm after a crash after the charge: ${retried.status} in ${elapsed} ms`);
    const [ledger] = await ledgerOf(session.id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: session.id, status: "confirmed" });
    expect(await sessionRow(session.id)).toMatchObject({
      status: "confirmed",
      payment_id: ledger!.payment_id,
    });
    expect(retried.body.customer_session_token).toMatch(/^cst_/);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(elapsed).toBeLessThan(5000);

    expect(await attemptsOf(session.id)).toMatchObject([{ status: "succeeded" }]);
    expect(await ledgerOf(session.id)).toHaveLength(1);
    await drainJobs();
    expect(await ordersOf(session.id)).toBe(1);
    // The same key again: the stored answer. Another request (another key): the session is not open.
    const replayed = await pay(session.client_secret, body, key);
    expect(replayed).toMatchObject({ status: 200, body: { id: session.id, status: "confirmed" } });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await pay(session.client_secret, body, `other-${session.id}`)).toMatchObject({
      status: 403,
      body: { error: "NotOpenCheckout", detail: `Checkout ${session.id} is not open: succeeded` },
    });
  });

  it("is answered 200 with the session when reconciliation completed the payment meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const session = await createCheckout(db, organizationId, priceId);
    const body = confirmBody();
    const key = `reconciled-${session.id}`;
    await confirmThatDiesAfterCharge(session.id, session.client_secret, body, key);
    delete process.env.JOB_PAUSE_AT;
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBeGreaterThanOrEqual(1);
    await drainJobs(afterGrace());
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded" });
    await leaseRunsOut(key);

    const retried = await pay(session.client_secret, body, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: session.id, status: "succeeded" });
    expect(retried.body.customer_session_token).toMatch(/^cst_/);
    expect(await ledgerOf(session.id)).toHaveLength(1);
    expect(await ordersOf(session.id)).toBe(1);
  });

  it("is answered 200 at once when the processor's answer was lost (no 409 until reconciliation)", async () => {
    const double = registerProcessorDouble("charge-then-lose-answer");
    const session = await createCheckout(db, organizationId, priceId, { payment_processor: double.name });
    const body = confirmBody();
    const key = `lost-${session.id}`;
    const lost = await pay(session.client_secret, body, key);
    expect(lost).toMatchObject({ status: 409, body: { error: "ConflictError" } });
    expect(double.charges).toHaveLength(1);

    const retried = await pay(session.client_secret, body, key);
    expect(retried).toMatchObject({ status: 200, body: { id: session.id, status: "confirmed" } });
    expect(double.calls).toBe(1);
    expect(double.charges).toHaveLength(1);
    // Another request (no key, or another key) did not make this payment: the session is not open.
    expect(await pay(session.client_secret, body)).toMatchObject({
      status: 403,
      body: { error: "NotOpenCheckout" },
    });
    await drainJobs();
    expect(await ordersOf(session.id)).toBe(1);
  });

  it("pays afresh when the dead run's call never reached the processor", async () => {
    const double = registerProcessorDouble("lose-before-charge");
    const session = await createCheckout(db, organizationId, priceId, { payment_processor: double.name });
    const body = confirmBody();
    const key = `never-${session.id}`;
    expect((await pay(session.client_secret, body, key)).status).toBe(409);
    expect(double.charges).toHaveLength(0);

    double.mode = "succeed";
    const retried = await pay(session.client_secret, body, key);
    expect(retried).toMatchObject({ status: 200, body: { status: "confirmed" } });
    expect(await attemptsOf(session.id)).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ status: "failed", failure_code: "not_found" }),
        expect.objectContaining({ status: "succeeded" }),
      ]),
    );
    expect(double.charges).toHaveLength(1);
  });
});
