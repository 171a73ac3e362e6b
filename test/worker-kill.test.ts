// A job worker killed in the middle of order processing (PostgreSQL only: the embedded database
// cannot be shared between processes). A child process runs the real `checkout.process` job and
// stops at the "after-order" pause point, right after inserting the order inside the job's
// transaction; the test SIGKILLs it there. Nothing of the job may survive, and after the lease
// another worker completes the purchase exactly once. The second test kills a polling worker (as
// a server runs it) with a backlog of paid orders and measures how long until another worker
// process has completed all of them: the worker holds only the job it runs, and that job's short
// lease (renewed by a heartbeat while it lives) runs out seconds after the kill.
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createBenefit, createOrganization, createProduct, createToken } from "@/lib/factories";
import { DEFAULT_LEASE_MS, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { PROCESS_CHECKOUT_JOB } from "@/lib/orders/processing";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { root, spawnWorker, waitForOutput } from "@/test/worker-child";
import { call } from "@/test/http";
import { POST as create } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";

describe.skipIf(!process.env.TEST_DATABASE_URL)("a job worker killed mid-job", () => {
  let db: Db;
  let token: string;
  let productId: string;

  /** A paid purchase through the routes: its order-processing job is queued. */
  async function buy(email: string) {
    const created = await call(create, { token, body: { product_id: productId } });
    expect(created.status).toBe(201);
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: email,
        customer_name: "Kill Test",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("confirmed");
    return { checkoutId: created.body.id as string, customerId: confirmed.body.customer_id as string };
  }

  beforeAll(async () => {
    db = await getDb();
    const organization = await createOrganization(db, { name: "Kill Test Software" });
    token = (await createToken(db, organization.id)).token;
    const license = await createBenefit(db, organization.id, {
      type: "license_keys",
      description: "License key",
      properties: { prefix: "KILL", activations: { limit: 2 } },
    });
    productId = (
      await createProduct(db, organization.id, { price: { price_amount: 4900 }, benefitIds: [license.id] })
    ).product.id;
  });

  it("leaves no order behind, and the job completes once after its lease", async () => {
    expect(existsSync(path.join(root, "node_modules/tsx/package.json"))).toBe(true);
    const { checkoutId, customerId } = await buy("killed@example.com");
    const job = await db.job.findFirstOrThrow({ where: { name: PROCESS_CHECKOUT_JOB } });
    expect(job).toMatchObject({ status: "pending", attempts: 0, payload: { checkout_id: checkoutId } });

    // The child's connections carry their own application_name, so the test can watch them go.
    const applicationName = `worker-kill-${process.pid}`;
    const started = Date.now();
    const { child, exited } = spawnWorker(applicationName, { JOB_PAUSE_AT: "after-order" });
    const sessions = () =>
      db.$queryRaw<{ pid: number; state: string | null }[]>`
        SELECT pid, state FROM pg_stat_activity WHERE application_name = ${applicationName}`;
    try {
      await waitForOutput(child, "paused:after-order", 60_000);
      console.log(`child worker paused after the order insert in ${Date.now() - started} ms`);
      // Paused inside the job's transaction: the order exists only there.
      expect((await sessions()).map((s) => s.state)).toContain("idle in transaction");
    } finally {
      // Killed here also when the test fails above: never leave a paused worker behind.
      child.kill("SIGKILL");
    }
    expect(await exited).toBe("SIGKILL");

    // The server notices the closed socket of each killed connection, rolls its transaction back
    // and releases its row locks (the session row the job locked FOR UPDATE, the order's unique
    // checkout_id); locally that takes milliseconds. Wait for it rather than block on those locks.
    const killedAt = Date.now();
    await vi.waitFor(
      async () => expect(await sessions(), "the killed worker's connections are still open").toEqual([]),
      { timeout: 10_000, interval: 20 },
    );
    console.log(`the killed worker's connections were gone ${Date.now() - killedAt} ms after SIGKILL`);

    expect(await db.order.count({ where: { checkout_id: checkoutId } })).toBe(0);
    expect(await db.licenseKey.count({ where: { customer_id: customerId } })).toBe(0);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } })).toMatchObject({
      status: "confirmed",
    });
    const abandoned = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(abandoned).toMatchObject({ status: "running", attempts: 1, locked_by: `worker-${child.pid}` });
    expect(abandoned.locked_at!.getTime() + DEFAULT_LEASE_MS).toBeGreaterThan(Date.now());

    // While the dead worker's lease holds, nobody takes the job over.
    expect((await runDueJobs(db, jobHandlers)).claimed).toBe(0);

    // After the lease, another worker (this process) runs the job to completion, then sends the
    // receipt it queued: the killed attempt queued none (it rolled back with the order).
    const later = new Date(Date.now() + DEFAULT_LEASE_MS + 1000);
    expect(await runDueJobs(db, jobHandlers, { now: later })).toEqual({
      claimed: 2,
      succeeded: 2,
      failed: 0,
      retried: 0,
    });
    expect(await db.order.count({ where: { checkout_id: checkoutId } })).toBe(1);
    expect(await db.licenseKey.count({ where: { customer_id: customerId } })).toBe(1);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } })).toMatchObject({
      status: "succeeded",
    });
    expect(await db.email.findMany({ where: { customer_id: customerId } })).toMatchObject([
      { kind: "order_receipt", status: "sent", attempts: 1 },
    ]);
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "succeeded",
      attempts: 2,
      locked_by: `worker-${process.pid}`,
      finished_at: later,
      last_error: null,
    });
    // And it stays done: another pass finds nothing.
    expect((await runDueJobs(db, jobHandlers, { now: new Date(later.getTime() + 1000) })).claimed).toBe(0);
    // A child process's start-up takes seconds, and much longer on a loaded machine.
  }, 120_000);

  it("a killed polling worker's paid orders are all completed by another worker within 30 s", async () => {
    await db.job.deleteMany({});
    const purchases = [];
    for (let n = 0; n < 7; n++) purchases.push(await buy(`backlog${n}@example.com`));
    const checkoutIds = purchases.map((p) => p.checkoutId);
    const processing = () =>
      db.job.findMany({ where: { name: PROCESS_CHECKOUT_JOB, status: { in: ["pending", "running"] } } });
    expect(await processing()).toHaveLength(7);

    const doomed = spawnWorker(`worker-kill-loop-${process.pid}`, {
      WORKER_LOOP: "1",
      JOB_PAUSE_AT: "after-order",
      JOB_POLL_MS: "200",
    });
    // Another instance's worker, already running (its start-up is not part of the measure).
    let rescuer: ReturnType<typeof spawnWorker> | null = null;
    try {
      await waitForOutput(doomed.child, "paused:after-order", 60_000);
      // It holds the one job it is running, not a batch: the other six wait for any worker.
      const jobs = await processing();
      expect(jobs.filter((j) => j.status === "running")).toHaveLength(1);
      expect(jobs.filter((j) => j.status === "pending")).toHaveLength(6);
      // Its heartbeat renews the lease while the job runs (every third of a lease), however long
      // that is: the renewal comes before the lease would run out.
      const claimedAt = jobs.find((j) => j.status === "running")!.locked_at!.getTime();
      await vi.waitFor(
        async () => {
          const renewed = await db.job.findFirstOrThrow({
            where: { status: "running", name: PROCESS_CHECKOUT_JOB },
          });
          expect(renewed.locked_at!.getTime()).toBeGreaterThan(claimedAt);
        },
        { timeout: DEFAULT_LEASE_MS, interval: 100 },
      );

      rescuer = spawnWorker(`worker-rescue-${process.pid}`, { WORKER_LOOP: "1", JOB_POLL_MS: "1000" });
      await waitForOutput(rescuer.child, "worker:ready", 60_000);
    } catch (error) {
      doomed.child.kill("SIGKILL");
      rescuer?.child.kill("SIGKILL");
      throw error;
    }
    doomed.child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await doomed.exited).toBe("SIGKILL");
    try {
      const succeeded = () =>
        db.checkoutSession.count({ where: { id: { in: checkoutIds }, status: "succeeded" } });
      await vi.waitFor(async () => expect(await succeeded(), "paid orders completed").toBe(7), {
        timeout: 60_000,
        interval: 100,
      });
      const elapsed = Date.now() - killedAt;
      console.log(
        `kill -9 of a worker holding a job → all 7 paid orders completed by another worker: ${elapsed} ms`,
      );
      expect(elapsed).toBeLessThan(30_000);
    } finally {
      rescuer.child.kill("SIGKILL");
      await rescuer.exited;
    }
    for (const checkoutId of checkoutIds) {
      expect(await db.order.count({ where: { checkout_id: checkoutId } })).toBe(1);
    }
    expect(
      await db.licenseKey.count({ where: { customer_id: { in: purchases.map((p) => p.customerId) } } }),
    ).toBe(7);
  }, 180_000);
});
