// A job worker killed in the middle of order processing (PostgreSQL only: the embedded database
// cannot be shared between processes). A child process runs the real `checkout.process` job and
// stops at the "after-order" pause point, right after inserting the order inside the job's
// transaction; the test SIGKILLs it there. Nothing of the job may survive, and after the lease
// another worker completes the purchase exactly once.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createBenefit, createOrganization, createProduct, createToken } from "@/lib/factories";
import { DEFAULT_LEASE_MS, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/jobs/registry";
import { PROCESS_CHECKOUT_JOB } from "@/lib/orders/processing";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as create } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";

const root = path.resolve(import.meta.dirname, "..");
const fixture = path.join(root, "test/fixtures/worker-process.ts");
// Node itself with tsx's loader, not node_modules/.bin/tsx: the tsx command runs the script in a
// child process of its own, so a SIGKILL to it would orphan the real worker, transaction and all.
const workerCommand = [process.execPath, "--import", "tsx", fixture] as const;

/** Resolves with the output so far once `marker` appears on the child's stdout. */
function waitForOutput(child: ChildProcess, marker: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve(stdout);
    };
    const timer = setTimeout(
      () => done(new Error(`No "${marker}" within ${timeoutMs} ms.\nstdout: ${stdout}\nstderr: ${stderr}`)),
      timeoutMs,
    );
    const onExit = (code: number | null, signal: string | null) =>
      done(
        new Error(
          `Worker exited (${code ?? signal}) before "${marker}".\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    child.on("exit", onExit);
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.split("\n").some((line) => line.trim() === marker)) done();
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("a job worker killed mid-job", () => {
  let db: Db;
  let token: string;
  let productId: string;

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
    const created = await call(create, { token, body: { product_id: productId } });
    expect(created.status).toBe(201);
    const checkoutId: string = created.body.id;
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: "killed@example.com",
        customer_name: "Kill Test",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("confirmed");
    const customerId: string = confirmed.body.customer_id;
    const job = await db.job.findFirstOrThrow({ where: { name: PROCESS_CHECKOUT_JOB } });
    expect(job).toMatchObject({ status: "pending", attempts: 0, payload: { checkout_id: checkoutId } });

    // The child's connections carry their own application_name, so the test can watch them go.
    const applicationName = `worker-kill-${process.pid}`;
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set("application_name", applicationName);
    const started = Date.now();
    const [node, ...args] = workerCommand;
    const child = spawn(node, args, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url.toString(), JOB_PAUSE_AT: "after-order" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on("exit", (code, signal) => resolve(signal ?? code)),
    );
    const sessions = () =>
      db.$queryRaw<{ pid: number; state: string | null }[]>`
        SELECT pid, state FROM pg_stat_activity WHERE application_name = ${applicationName}`;
    try {
      await waitForOutput(child, "paused:after-order", 30_000);
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
    while ((await sessions()).length > 0) {
      if (Date.now() - killedAt > 10_000) throw new Error("The killed worker's connections are still open.");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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

    // After the lease, another worker (this process) runs the job to completion.
    const later = new Date(Date.now() + DEFAULT_LEASE_MS + 1000);
    expect(await runDueJobs(db, jobHandlers, { now: later })).toEqual({
      claimed: 1,
      succeeded: 1,
      failed: 0,
      retried: 0,
    });
    expect(await db.order.count({ where: { checkout_id: checkoutId } })).toBe(1);
    expect(await db.licenseKey.count({ where: { customer_id: customerId } })).toBe(1);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } })).toMatchObject({
      status: "succeeded",
    });
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "succeeded",
      attempts: 2,
      locked_by: `worker-${process.pid}`,
      finished_at: later,
      last_error: null,
    });
    // And it stays done: another pass finds nothing.
    expect((await runDueJobs(db, jobHandlers, { now: new Date(later.getTime() + 1000) })).claimed).toBe(0);
  });
});
