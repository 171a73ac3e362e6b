// No webhook waits behind another (docs/webhook-delivery.md), against a real local receiver on
// 127.0.0.1 through the real job handler and queue: a later event is not held behind a failing
// delivery (moved clock) nor behind one hanging until its timeout (real time), a failing test
// event holds nothing back, and a success makes the endpoint's waiting retries go at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { createDeliverWebhooksJob, DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/deliver";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { emitWebhookEvent } from "@/lib/webhooks/emit";
import { organizationPrincipal } from "@/lib/webhooks/resource-events";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/retry-schedule";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";

let db: Db;
let receiver: Receiver;
let organizationId: string;
const savedAllowPrivate = process.env.WEBHOOKS_ALLOW_PRIVATE;

// Jitter fixed at the middle: the schedule's exact delays.
const handlers: JobHandlers = {
  [DELIVER_WEBHOOKS_JOB]: createDeliverWebhooksJob({ random: () => 0.5, timeoutMs: 5000 }),
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

const emit = (now: Date, data: unknown = { id: "cus_1" }) =>
  db.$transaction((tx) =>
    emitWebhookEvent(tx, { organizationId, type: "customer.created", data: () => data, now }),
  );

const run = (now: Date) => runDueJobs(db, handlers, { now });

const deliveriesOf = (endpointId: string) =>
  db.webhookDelivery.findMany({
    where: { endpoint_id: endpointId },
    orderBy: { sequence: "asc" },
    include: { attempt_log: { orderBy: { created_at: "asc" } } },
  });

describe("no delivery waits behind another", () => {
  it("a failing delivery holds no later one back; a success sends the waiting retries at once", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    receiver.script.push({ status: 500 }, { status: 500 }, { status: 500 });
    const T0 = new Date();
    const first = await emit(T0, { n: 1 });
    // Three failures on the schedule: its next retry is 30 minutes after the third.
    const times = [T0, new Date(T0.getTime() + 5000), new Date(T0.getTime() + 5000 + 300_000)];
    for (const at of times) await run(at);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([first, first, first]);
    const retryAt = new Date(times[2]!.getTime() + RETRY_DELAYS_MS[2]!);
    expect((await deliveriesOf(endpoint.id))[0]!.next_attempt_at).toEqual(retryAt);

    // A new event a minute later is not held behind it: its job, waiting for that retry, runs now.
    const T1 = new Date(times[2]!.getTime() + 60_000);
    const second = await emit(T1, { n: 2 });
    const waiting = await db.job.findMany({ where: { status: "pending" } });
    expect(waiting.map((job) => [job.dedupe_key, job.run_at])).toEqual([
      [`webhooks.deliver:${endpoint.id}`, T1],
    ]);
    await run(T1);
    // It arrived at once; its success (the endpoint answers again) made the waiting retry due, and
    // the same run sent it: 29 minutes early.
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([
      first,
      first,
      first,
      second,
      first,
    ]);
    const [one, two] = await deliveriesOf(endpoint.id);
    expect([two!.status, two!.attempts, two!.last_attempt_at]).toEqual(["succeeded", 1, T1]);
    expect([one!.status, one!.attempts, one!.succeeded_at!.getTime() - T1.getTime()]).toEqual([
      "succeeded",
      4,
      expect.any(Number),
    ]);
    expect(one!.succeeded_at!.getTime() - T1.getTime()).toBeLessThan(5000);
    expect(
      (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failing_since,
    ).toBeNull();
  });

  it("a delivery hanging until its timeout (5 s) does not delay a later event by seconds", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    // The first request is answered only after the attempt's timeout (5 s): a receiver that hangs.
    receiver.script.push({ status: 200, delayMs: 30_000 });
    const T0 = new Date();
    const first = await emit(T0, { n: 1 });
    const running = run(T0);
    await receiver.waitFor(1);
    const emittedAt = Date.now();
    const second = await emit(new Date(), { n: 2 });
    await receiver.waitFor(2);
    const delayMs = receiver.received[1]!.at - emittedAt;
    console.log(`a later event behind a hanging one arrived ${delayMs} ms after it was written`);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([first, second]);
    // Picked up by an idle lane within its poll (0.5 s), on a loaded machine too; the old queue sent
    // it only after the hanging attempt timed out and its retry (5 s, then 5 min).
    expect(delayMs).toBeLessThan(3000);
    await running;
    const [one, two] = await deliveriesOf(endpoint.id);
    // Its own retry (5 s after it started) is its business alone.
    expect(one!.attempt_log[0]!.error).toBe("Timed out after 5000 ms");
    expect(two!.status).toBe("succeeded");
  }, 30_000);

  it("a test event failing never holds a real event back", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    const merchant = organizationPrincipal(organizationId);
    receiver.script.push({ status: 500, body: "not ready" });
    const T0 = new Date();
    const test = await sendTestEvent(db, merchant, endpoint.id, T0);
    await run(T0);
    const T1 = new Date(T0.getTime() + 1000);
    const real = await emit(T1, { n: 1 });
    await run(T1);
    // The real event at once, and the test event's retry right after it (the endpoint answers).
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([
      test.event.id,
      real,
      test.event.id,
    ]);
    expect(receiver.received[1]!.headers["webhook-timestamp"]).toBe(String(Math.floor(T1.getTime() / 1000)));
  });
});
