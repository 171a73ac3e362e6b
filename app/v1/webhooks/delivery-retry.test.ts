// "Retry now" (POST /v1/webhooks/deliveries/{id}/retry) and the in-flight state through the real
// handlers, with a real receiver on 127.0.0.1: a delivery waiting for its retry, or failed for
// good, is sent at once; a delivered one, one in flight, one of a disabled endpoint are refused;
// another organization's is not found. An attempt under way shows as in flight, and only once its
// lease has passed without an outcome does it read "the worker stopped".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { createDeliverWebhooksJob, DELIVER_WEBHOOKS_JOB, NO_OUTCOME_ERROR } from "@/lib/webhooks/deliver";
import { emitWebhookEvent } from "@/lib/webhooks/emit";
import { call } from "@/test/http";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { GET as listDeliveries } from "./deliveries/route";
import { POST as retry } from "./deliveries/[id]/retry/route";

let db: Db;
let receiver: Receiver;
let org: string;
let token: string;
let readOnly: string;
let otherToken: string;
const savedAllowPrivate = process.env.WEBHOOKS_ALLOW_PRIVATE;
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
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["webhooks:read"] })).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
  receiver.received.length = 0;
  receiver.script.length = 0;
  await db.job.deleteMany();
});

const emit = (now = new Date()) =>
  db.$transaction((tx) =>
    emitWebhookEvent(tx, { organizationId: org, type: "order.paid", data: () => ({ id: "ord_1" }), now }),
  );

const deliveryOf = (eventId: string) => db.webhookDelivery.findFirstOrThrow({ where: { event_id: eventId } });
const listed = async () => (await call(listDeliveries, { token })).body.items[0];

describe("POST /v1/webhooks/deliveries/{id}/retry", () => {
  it("sends a delivery waiting for its retry at once", async () => {
    await createWebhookEndpoint(db, org, { url: receiver.url() });
    // Failing (a slow run may have tried it twice by its 5 s retry).
    receiver.script.push({ status: 503 }, { status: 503 });
    const eventId = (await emit())!;
    await runDueJobs(db, handlers);
    receiver.script.length = 0;
    // Its next retry two hours away, as after its fourth failure.
    const waiting = await deliveryOf(eventId);
    const tried = waiting.attempts;
    const later = new Date(Date.now() + 2 * 3_600_000);
    await db.webhookDelivery.update({ where: { id: waiting.id }, data: { next_attempt_at: later } });
    await db.job.updateMany({ where: { status: "pending" }, data: { run_at: later } });

    const before = Date.now();
    const res = await call(retry, { token, params: { id: waiting.id } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: waiting.id,
      status: "pending",
      in_flight: false,
      attempts_count: tried,
      event: { id: eventId },
    });
    expect(Date.parse(res.body.next_attempt_at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(res.body.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    // Its job, waiting for the later retry, runs now.
    expect((await runDueJobs(db, handlers)).succeeded).toBe(1);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual(Array(tried + 1).fill(eventId));
    expect(await deliveryOf(eventId)).toMatchObject({ status: "succeeded", attempts: tried + 1 });
  });

  it("gives a delivery that failed for good one more attempt", async () => {
    await createWebhookEndpoint(db, org, { url: receiver.url() });
    const eventId = (await emit())!;
    const delivery = await deliveryOf(eventId);
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "failed", attempts: 10, next_attempt_at: null },
    });
    await db.job.deleteMany();
    const res = await call(retry, { token, params: { id: delivery.id } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "pending", attempts_count: 10 });
    await runDueJobs(db, handlers);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryOf(eventId)).toMatchObject({ status: "succeeded", attempts: 11 });
  });

  it("is 409 when delivered or the endpoint is disabled, 404 for another organization's, 403 read-only", async () => {
    const { endpoint } = await createWebhookEndpoint(db, org, { url: receiver.url() });
    const eventId = (await emit())!;
    await runDueJobs(db, handlers);
    const delivered = await deliveryOf(eventId);
    expect(delivered.status).toBe("succeeded");
    const conflict = await call(retry, { token, params: { id: delivered.id } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      error: "ConflictError",
      detail: "This delivery succeeded: redeliver the event to send it again.",
    });

    await db.webhookDelivery.update({ where: { id: delivered.id }, data: { status: "failed" } });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    const disabled = await call(retry, { token, params: { id: delivered.id } });
    expect(disabled.status).toBe(409);
    expect(disabled.body.detail).toBe("This endpoint is disabled: enable it to retry its deliveries.");
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true } });

    const unchanged = await deliveryOf(eventId);
    expect((await call(retry, { token: otherToken, params: { id: delivered.id } })).status).toBe(404);
    expect((await call(retry, { token: readOnly, params: { id: delivered.id } })).status).toBe(403);
    const unknown = await call(retry, { token, params: { id: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
    expect((await call(retry, { token, params: { id: "nope" } })).status).toBe(422);
    expect(await deliveryOf(eventId)).toEqual(unchanged);
    expect(await db.job.count({ where: { status: "pending" } })).toBe(0);
  });
});

describe("a delivery in flight", () => {
  it("is shown in flight while its attempt is under way, then with the attempt's outcome", async () => {
    await createWebhookEndpoint(db, org, { url: receiver.url() });
    receiver.script.push({ status: 200, body: "slow", delayMs: 1500 });
    const eventId = (await emit())!;
    const running = runDueJobs(db, handlers);
    await receiver.waitFor(1);

    const during = await listed();
    expect(during).toMatchObject({ status: "pending", in_flight: true, attempts_count: 1 });
    expect(during.attempts).toEqual([
      expect.objectContaining({ in_flight: true, error: null, duration_ms: null, http_status: null }),
    ]);
    // Not sent twice: Retry now waits for the outcome.
    const refused = await call(retry, { token, params: { id: during.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("An attempt of this delivery is in flight: wait for its outcome.");

    await running;
    const after = await listed();
    expect(after).toMatchObject({ status: "succeeded", in_flight: false });
    expect(after.attempts).toEqual([
      expect.objectContaining({ in_flight: false, error: null, http_status: 200, response_excerpt: "slow" }),
    ]);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([eventId]);
  });

  it("reads as stopped only once its lease has passed without an outcome", async () => {
    await createWebhookEndpoint(db, org, { url: receiver.url() });
    const eventId = (await emit())!;
    const delivery = await deliveryOf(eventId);
    const startedAt = new Date(Date.now() - 60_000);
    // An attempt recorded, its call never answered (the worker was killed), its lease passed.
    await db.webhookDeliveryAttempt.create({
      data: {
        id: crypto.randomUUID(),
        created_at: startedAt,
        delivery_id: delivery.id,
        error: NO_OUTCOME_ERROR,
      },
    });
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { attempts: 1, last_attempt_at: startedAt, in_flight_until: new Date(Date.now() - 1000) },
    });
    const shown = await listed();
    expect(shown).toMatchObject({ status: "pending", in_flight: false });
    expect(shown.attempts).toEqual([expect.objectContaining({ in_flight: false, error: NO_OUTCOME_ERROR })]);
  });
});
