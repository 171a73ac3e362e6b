// Webhook delivery by running workers against a real local receiver: the app restarted while the
// receiver is down loses nothing, and once it is back every waiting retry goes out within seconds;
// the sweep finds an endpoint whose job was lost; a worker killed during the call leads to a
// resend with the same webhook-id (PostgreSQL: a child process); and under 50 concurrent
// event-writing transactions every event arrives with a `sequence` in commit order (PostgreSQL).
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, listen, type Db, type Unlisten } from "@/lib/db/client";
import { createOrganization } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { DEFAULT_LEASE_MS, JOBS_CHANNEL, runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import {
  createDeliverWebhooksJob,
  DELIVER_WEBHOOKS_JOB,
  NO_OUTCOME_ERROR,
  sweepWebhooksJob,
  SWEEP_WEBHOOKS_JOB,
} from "@/lib/webhooks/deliver";
import { emitWebhookEvent } from "@/lib/webhooks/emit";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, "../..");

let db: Db;
let receiver: Receiver;
let organizationId: string;
let workers: Worker[] = [];
let listeners: Unlisten[] = [];
const savedAllowPrivate = process.env.WEBHOOKS_ALLOW_PRIVATE;

// The lowest jitter: the first retry 4.5 s after a failure.
const handlers: JobHandlers = {
  [DELIVER_WEBHOOKS_JOB]: createDeliverWebhooksJob({ random: () => 0, timeoutMs: 5000 }),
  [SWEEP_WEBHOOKS_JOB]: sweepWebhooksJob,
};

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  db = await getDb();
  receiver = await startReceiver();
});

afterAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = savedAllowPrivate;
  await receiver.stop();
});

beforeEach(async () => {
  organizationId = (await createOrganization(db)).id;
  receiver.received.length = 0;
  receiver.script.length = 0;
  await db.job.deleteMany();
});

afterEach(async () => {
  await Promise.all(listeners.map((unlisten) => unlisten()));
  await Promise.all(workers.map((worker) => worker.stop()));
  workers = [];
  listeners = [];
});

/** A worker as the app runs one: polling, and woken by the queue's NOTIFY. */
async function startAppWorker(pollMs = 200) {
  const worker = startWorker(getDb, handlers, { pollMs, concurrency: onPostgres ? 4 : 1 });
  workers.push(worker);
  listeners.push(await listen(JOBS_CHANNEL, () => worker.kick()));
  return worker;
}

async function stopWorker(worker: Worker) {
  workers = workers.filter((w) => w !== worker);
  await Promise.all(listeners.splice(0).map((unlisten) => unlisten()));
  await worker.stop();
}

const emit = (n: number) =>
  db.$transaction((tx) => emitWebhookEvent(tx, { organizationId, type: "order.paid", data: () => ({ n }) }));

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  await vi.waitFor(async () => expect(await check(), what).toBe(true), { timeout: timeoutMs, interval: 20 });
}

/** The event ids in the order they first reached the receiver. */
const firstArrivals = () => [...new Set(receiver.received.map((r) => r.headers["webhook-id"]!))];

describe("running workers", () => {
  it("the app restarted while the receiver is down delivers every event within seconds of its return", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    await receiver.stop();
    const first = await startAppWorker();
    const eventIds: string[] = [];
    for (let n = 0; n < 10; n++) eventIds.push((await emit(n))!);
    // Each failed on its own (connection refused) and waits for its own retry.
    const attempted = () =>
      db.webhookDelivery.count({ where: { endpoint_id: endpoint.id, attempts: { gt: 0 } } });
    await waitFor(async () => (await attempted()) === 10, 20_000, "a failed attempt of each of the 10");
    await stopWorker(first);
    // Their retries are minutes away after a second failure: as after an outage of a few minutes.
    await db.webhookDelivery.updateMany({
      where: { endpoint_id: endpoint.id },
      data: { next_attempt_at: new Date(Date.now() + 30 * 60_000) },
    });
    // The app is down: events are still written (by other instances, or queued before).
    for (let n = 10; n < 20; n++) eventIds.push((await emit(n))!);
    await receiver.start();

    const back = Date.now();
    await startAppWorker();
    const succeeded = () =>
      db.webhookDelivery.count({ where: { endpoint_id: endpoint.id, status: "succeeded" } });
    // The new events go at once; their success makes the 10 waiting retries due.
    await waitFor(async () => (await succeeded()) === 20, 20_000, "all 20 deliveries succeeded");
    const tookMs = Date.now() - back;
    console.log(`receiver back: 20 of 20 events delivered in ${tookMs} ms (retries were 30 min away)`);
    expect(tookMs).toBeLessThan(60_000);
    expect(new Set(firstArrivals())).toEqual(new Set(eventIds));
    const failed = await db.webhookDeliveryAttempt.findMany({ where: { succeeded: false } });
    expect(new Set(failed.map((a) => a.error))).toEqual(new Set(["Connection failed: ECONNREFUSED"]));
  }, 60_000);

  it("the sweep queues the job of an endpoint with a due delivery and none queued", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    const eventId = await emit(1);
    // The delivery job is lost (a crash before the queue change existed, an operator's cleanup).
    await db.job.deleteMany();
    const now = new Date();
    expect((await runDueJobs(db, handlers, { now })).claimed).toBe(0);
    await db.$executeRaw`INSERT INTO jobs (id, name, payload, dedupe_key, status, run_at)
      VALUES (gen_random_uuid(), ${SWEEP_WEBHOOKS_JOB}, '{}'::jsonb, ${`recurring:${SWEEP_WEBHOOKS_JOB}`}, 'pending', ${now})`;
    await runDueJobs(db, handlers, { now });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([eventId]);
    expect((await db.webhookDelivery.findFirstOrThrow({ where: { endpoint_id: endpoint.id } })).status).toBe(
      "succeeded",
    );
    // Nothing more to sweep.
    await db.job.updateMany({ where: { name: SWEEP_WEBHOOKS_JOB }, data: { run_at: now } });
    await runDueJobs(db, handlers, { now });
    expect(await db.job.count({ where: { name: DELIVER_WEBHOOKS_JOB, status: "pending" } })).toBe(0);
  });
});

describe.skipIf(!onPostgres)("a worker killed during the call (PostgreSQL)", () => {
  it("leaves the attempt without outcome, and the event is sent again with the same webhook-id", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    // The first request is never answered: the worker is killed while it waits.
    receiver.script.push({ status: 200, delayMs: 60_000 });
    const eventId = await emit(1);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "test/fixtures/worker-process.ts")],
      {
        cwd: root,
        env: { ...process.env, WORKER_LOOP: "1", JOB_POLL_MS: "50", WEBHOOKS_ALLOW_PRIVATE: "true" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
    try {
      await receiver.waitFor(1, 60_000);
    } finally {
      child.kill("SIGKILL");
    }
    expect(await exited).toBe("SIGKILL");
    const [attempt] = await db.webhookDeliveryAttempt.findMany({
      where: { delivery: { endpoint_id: endpoint.id } },
    });
    expect(attempt).toMatchObject({ error: NO_OUTCOME_ERROR, http_status: null, duration_ms: null });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpoint_id: endpoint.id } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });

    // The child queued the app's recurring jobs: only the webhook job matters here.
    await db.job.deleteMany({ where: { name: { not: DELIVER_WEBHOOKS_JOB } } });
    // Once the dead worker's lease and the retry delay have passed, another worker sends it again.
    const later = new Date(
      Math.max(
        delivery.next_attempt_at!.getTime(),
        delivery.in_flight_until!.getTime(),
        Date.now() + DEFAULT_LEASE_MS + 1000,
      ),
    );
    await runDueJobs(db, handlers, { now: later });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);
    expect((await db.webhookDelivery.findFirstOrThrow({ where: { endpoint_id: endpoint.id } })).status).toBe(
      "succeeded",
    );
  }, 120_000);
});

describe.skipIf(!onPostgres)("order under concurrency (PostgreSQL)", () => {
  it("50 concurrent transactions writing events: each endpoint gets all, their sequence in commit order", async () => {
    const a = (await createWebhookEndpoint(db, organizationId, { url: receiver.url("/a") })).endpoint;
    const b = (await createWebhookEndpoint(db, organizationId, { url: receiver.url("/b") })).endpoint;
    // Delivering while the transactions commit: any gap a later commit could fill would show.
    await startAppWorker(20);
    const committed: string[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        db
          .$transaction(
            async (tx) => {
              // Work before and after the event, of random length, as a purchase would do (simulated
              // work that makes the commits interleave, not a wait of the test).
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
              const id = await emitWebhookEvent(tx, {
                organizationId,
                type: "order.paid",
                data: () => ({ n }),
              });
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
              return id!;
            },
            { maxWait: 30_000, timeout: 30_000 },
          )
          .then((id) => committed.push(id)),
      ),
    );
    const succeeded = (endpointId: string) =>
      db.webhookDelivery.count({ where: { endpoint_id: endpointId, status: "succeeded" } });
    await waitFor(
      async () => (await succeeded(a.id)) === 50 && (await succeeded(b.id)) === 50,
      30_000,
      "50 deliveries to each endpoint",
    );
    const deliveries = await db.webhookDelivery.findMany({
      where: { endpoint_id: a.id },
      include: { event: true },
    });
    // Commit order: the transactions take their delivery sequence numbers under the organization's
    // lock, held until commit.
    const commitOrder = deliveries.sort((x, y) => (x.sequence < y.sequence ? -1 : 1)).map((d) => d.event_id);
    for (const endpointPath of ["/a", "/b"]) {
      const arrivals = receiver.received.filter((r) => r.path === endpointPath);
      // Every event at least once (an attempt that timed out on a loaded machine is repeated).
      expect(new Set(arrivals.map((r) => r.headers["webhook-id"]))).toEqual(new Set(committed));
      // Arrival order is not promised (several in flight at once): the body's `sequence` is, and it
      // follows the commit order. A receiver sorting by it gets the events as they committed.
      const sequenceOf = new Map(
        arrivals.map((r) => [
          r.headers["webhook-id"]!,
          (JSON.parse(r.body) as { sequence: number }).sequence,
        ]),
      );
      const bySequence = [...sequenceOf.keys()].sort((x, y) => sequenceOf.get(x)! - sequenceOf.get(y)!);
      expect(bySequence).toEqual(commitOrder);
    }
  }, 60_000);
});
