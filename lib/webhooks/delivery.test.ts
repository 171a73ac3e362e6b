// Webhook delivery against a real local HTTP receiver (node:http on 127.0.0.1), through the real
// job handler and queue: Standard Webhooks signatures checked with the `standardwebhooks` package,
// retries on the schedule with a moved clock, disabling after 3 days of failures, tenancy,
// redirects, timeouts, the response excerpt, and the address guard without WEBHOOKS_ALLOW_PRIVATE.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { createDeliverWebhooksJob, DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/deliver";
import { emitWebhookEvent, webhookEventBody } from "@/lib/webhooks/emit";
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

const emit = (now: Date, data: unknown = { id: "cus_1" }, org = organizationId) =>
  db.$transaction((tx) =>
    emitWebhookEvent(tx, { organizationId: org, type: "customer.created", data: () => data, now }),
  );

const run = (now: Date) => runDueJobs(db, handlers, { now });

const deliveriesOf = (endpointId: string) =>
  db.webhookDelivery.findMany({
    where: { endpoint_id: endpointId },
    orderBy: { sequence: "asc" },
    include: { attempt_log: { orderBy: { created_at: "asc" } } },
  });

describe("a delivery", () => {
  it("is signed per Standard Webhooks and verifies with the standardwebhooks package", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    const now = new Date();
    const eventId = await emit(now, { id: "cus_1", email: "ada@example.com" });
    expect(await run(now)).toMatchObject({ claimed: 1, succeeded: 1 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.path).toBe("/webhooks");
    expect(request!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": expect.stringMatching(/^digital-sales-backend-webhooks\//),
      "webhook-id": eventId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    });
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(request!.body, request!.headers);
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: eventId! } });
    // The event's time and its place in the organization's commit order (the ordering hint).
    expect(verified).toEqual({
      type: "customer.created",
      timestamp: now.toISOString(),
      sequence: Number(event.sequence),
      livemode: false,
      data: { id: "cus_1", email: "ada@example.com" },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(request!.body, request!.headers),
    ).toThrow(/No matching signature/);

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({
      status: "succeeded",
      attempts: 1,
      next_attempt_at: null,
      last_attempt_at: now,
      succeeded_at: expect.any(Date),
    });
    expect(delivery!.attempt_log).toEqual([
      expect.objectContaining({
        http_status: 200,
        succeeded: true,
        error: null,
        response_excerpt: "ok",
        duration_ms: expect.any(Number),
      }),
    ]);
    // Stored encrypted; opened, it is the exact body sent.
    expect(event.payload).toMatch(/^v1\./);
    expect(webhookEventBody(event)).toBe(request!.body);
  });

  it("fails 3 times, then the 4th attempt arrives with the same webhook-id, on the schedule", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    receiver.script.push({ status: 500, body: "boom" }, { status: 503 }, { status: 404 });
    const T0 = new Date();
    const eventId = await emit(T0);

    // Attempt times on a moved clock: T0, then 5 s, 5 min and 30 min after each failure.
    const times = [T0];
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) times.push(new Date(times.at(-1)!.getTime() + delay));
    for (const [index, at] of times.entries()) {
      // Just before it is due, nothing is sent.
      if (index > 0) {
        await run(new Date(at.getTime() - 1));
        expect(receiver.received).toHaveLength(index);
      }
      await run(at);
      expect(receiver.received).toHaveLength(index + 1);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery!.attempts).toBe(index + 1);
      expect(delivery!.next_attempt_at).toEqual(
        index < 3 ? new Date(at.getTime() + RETRY_DELAYS_MS[index]!) : null,
      );
    }
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([eventId]));
    // Each attempt is signed at its own time; the body is the same.
    expect(receiver.received.map((r) => Number(r.headers["webhook-timestamp"]))).toEqual(
      times.map((at) => Math.floor(at.getTime() / 1000)),
    );
    const last = receiver.received[3]!;
    expect(new Webhook(secret).sign(eventId!, times[3]!, last.body)).toBe(last.headers["webhook-signature"]);

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.status).toBe("succeeded");
    expect(
      delivery!.attempt_log.map((a) => [
        a.created_at.getTime(),
        a.http_status,
        a.succeeded,
        a.error,
        a.response_excerpt,
      ]),
    ).toEqual([
      [times[0]!.getTime(), 500, false, "HTTP 500", "boom"],
      [times[1]!.getTime(), 503, false, "HTTP 503", ""],
      [times[2]!.getTime(), 404, false, "HTTP 404", ""],
      [times[3]!.getTime(), 200, true, null, "ok"],
    ]);
    // The failure streak started at the first failure and ended with the success.
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      enabled: true,
      failing_since: null,
    });
  });

  it("an endpoint failing for 3 days is disabled with the reason, and its deliveries stop", async () => {
    // One delivery at a time, so that the second's last attempt comes after the disabling.
    const oneLane: JobHandlers = {
      [DELIVER_WEBHOOKS_JOB]: createDeliverWebhooksJob({
        random: () => 0.5,
        timeoutMs: 5000,
        concurrency: 1,
      }),
    };
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    for (let i = 0; i < 20; i++) receiver.script.push({ status: 500, body: "down" });
    const T0 = new Date("2030-01-01T00:00:00.000Z");
    await emit(T0, { n: 1 });
    await emit(T0, { n: 2 });
    let at = T0;
    await runDueJobs(db, oneLane, { now: at });
    for (const delay of RETRY_DELAYS_MS) {
      at = new Date(at.getTime() + delay);
      await runDueJobs(db, oneLane, { now: at });
    }
    // Each delivery on its own schedule: 10 attempts of the first over 75 h 35 min, the last of
    // which, past 72 h, disabled the endpoint before the second's 10th (sent a few milliseconds
    // after the first at each run, the second is one run behind at times).
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ enabled: false, failing_since: T0, disabled_at: expect.any(Date) });
    expect(row.disabled_reason).toBe(
      "Disabled after failing continuously since 2030-01-01T00:00:00.000Z. Last error: HTTP 500",
    );
    const [first, second] = await deliveriesOf(endpoint.id);
    expect([first!.status, first!.attempts, first!.next_attempt_at]).toEqual(["failed", 10, null]);
    // The second waits, with its last retries unsent, for the endpoint to be enabled again.
    expect(second!.status).toBe("pending");
    expect(second!.attempts).toBeGreaterThanOrEqual(8);
    expect(second!.attempts).toBeLessThan(10);
    expect(receiver.received).toHaveLength(10 + second!.attempts);
    await run(new Date(at.getTime() + 86_400_000));
    expect(receiver.received).toHaveLength(10 + second!.attempts);
  });

  it("another organization's endpoint never receives this one's events", async () => {
    const other = await createOrganization(db);
    const mine = await createWebhookEndpoint(db, organizationId, { url: receiver.url("/mine") });
    const theirs = await createWebhookEndpoint(db, other.id, { url: receiver.url("/theirs") });
    const now = new Date();
    for (let n = 0; n < 5; n++) await emit(now, { n });
    await run(now);
    expect(receiver.received.map((r) => r.path)).toEqual(Array(5).fill("/mine"));
    expect(await db.webhookDelivery.count({ where: { endpoint_id: theirs.endpoint.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpoint_id: mine.endpoint.id } })).toBe(5);
  });

  it("only endpoints listening for the type get it, and a disabled one gets nothing", async () => {
    await createWebhookEndpoint(db, organizationId, { url: receiver.url("/orders"), events: ["order.paid"] });
    await createWebhookEndpoint(db, organizationId, { url: receiver.url("/off"), enabled: false });
    const now = new Date();
    expect(await emit(now)).toBeNull();
    await run(now);
    expect(receiver.received).toEqual([]);
  });
});

describe("what counts as a failure", () => {
  it("a redirect is not followed: the 3xx is a failed attempt", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    receiver.script.push({ status: 302, headers: { location: receiver.url("/elsewhere") } });
    const now = new Date();
    await emit(now);
    await run(now);
    // The attempt is recorded once the worker has its answer: anything the client followed would
    // have been requested by then.
    expect(receiver.received.map((r) => r.path)).toEqual(["/webhooks"]);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempt_log[0]).toMatchObject({
      http_status: 302,
      succeeded: false,
      error: "Redirect not followed (HTTP 302)",
    });
    expect(delivery!.status).toBe("pending");
  });

  it("an endpoint slower than the timeout is a failed attempt", async () => {
    const quick: JobHandlers = {
      [DELIVER_WEBHOOKS_JOB]: createDeliverWebhooksJob({ random: () => 0.5, timeoutMs: 200 }),
    };
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    receiver.script.push({ status: 200, delayMs: 5000 });
    const now = new Date();
    await emit(now);
    const started = Date.now();
    await runDueJobs(db, quick, { now });
    // Well before the answer would have come.
    expect(Date.now() - started).toBeLessThan(4000);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempt_log[0]).toMatchObject({
      http_status: null,
      succeeded: false,
      error: "Timed out after 200 ms",
      response_excerpt: null,
    });
    expect(delivery!.attempt_log[0]!.duration_ms).toBeGreaterThanOrEqual(190);
  });

  it("keeps the first kilobyte of the answer, never half a character", async () => {
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: receiver.url() });
    // 3 bytes per character: 1024 bytes end in the middle of one.
    receiver.script.push({ status: 500, body: "€".repeat(100_000) });
    const now = new Date();
    await emit(now);
    await run(now);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempt_log[0]!.response_excerpt).toBe("€".repeat(341));
  });

  it("a receiver that is down is a failed attempt naming the error", async () => {
    const down = await startReceiver();
    await down.stop();
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url: down.url() });
    const now = new Date();
    await emit(now);
    await run(now);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempt_log[0]).toMatchObject({
      http_status: null,
      succeeded: false,
      error: "Connection failed: ECONNREFUSED",
    });
  });
});

describe("private addresses without WEBHOOKS_ALLOW_PRIVATE", () => {
  beforeEach(() => {
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  });
  afterAll(() => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  });

  it.each([
    ["http://127.0.0.1:{port}/webhooks", "Address not allowed: 127.0.0.1 (loopback)"],
    [
      "http://localhost:{port}/webhooks",
      /^Address not allowed: localhost resolves to (127\.0\.0\.1|::1) \(loopback\)$/,
    ],
    ["http://[::1]:{port}/webhooks", "Address not allowed: ::1 (loopback)"],
    ["http://[::ffff:127.0.0.1]:{port}/webhooks", "Address not allowed: ::ffff:7f00:1 (loopback)"],
  ])("refuses %s before any connection, and records the attempt", async (template, error) => {
    const url = template.replace("{port}", String(receiver.port));
    const { endpoint } = await createWebhookEndpoint(db, organizationId, { url });
    const now = new Date();
    await emit(now);
    await run(now);
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempt_log).toHaveLength(1);
    expect(delivery!.attempt_log[0]).toMatchObject({
      http_status: null,
      succeeded: false,
      response_excerpt: null,
    });
    expect(delivery!.attempt_log[0]!.error).toMatch(error);
    expect(delivery!.status).toBe("pending");
  });

  it("refuses a name that resolves to a private address (checked after resolution)", async () => {
    const resolving: JobHandlers = {
      [DELIVER_WEBHOOKS_JOB]: createDeliverWebhooksJob({
        random: () => 0.5,
        lookup: async () => [
          { address: "93.184.216.34", family: 4 },
          { address: "10.1.2.3", family: 4 },
        ],
      }),
    };
    const { endpoint } = await createWebhookEndpoint(db, organizationId, {
      url: "https://hooks.example.com/webhooks",
    });
    const now = new Date();
    await emit(now);
    await runDueJobs(db, resolving, { now });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempt_log[0]!.error).toBe(
      "Address not allowed: hooks.example.com resolves to 10.1.2.3 (private)",
    );
  });
});

describe("secret rotation", () => {
  it("signs with both secrets for 24 hours, then with the new one only", async () => {
    const { endpoint, secret: oldSecret } = await createWebhookEndpoint(db, organizationId, {
      url: receiver.url(),
    });
    const { rotateWebhookSecret } = await import("@/lib/webhooks/endpoints");
    const principal = {
      kind: "access_token" as const,
      id: "t",
      organizationIds: [organizationId],
      scopes: new Set<string>(),
    };
    const rotatedAt = new Date();
    const { secret: newSecret } = await rotateWebhookSecret(db, principal, endpoint.id, {}, rotatedAt);
    const now = new Date();
    await emit(now);
    await run(now);
    const request = receiver.received[0]!;
    expect(request.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(newSecret).verify(request.body, request.headers)).toBeTruthy();
    expect(new Webhook(oldSecret).verify(request.body, request.headers)).toBeTruthy();

    const later = new Date(rotatedAt.getTime() + 24 * 3600_000);
    await emit(later);
    await run(later);
    const after = receiver.received[1]!;
    const signatures = after.headers["webhook-signature"]!.split(" ");
    expect(signatures).toEqual([
      new Webhook(newSecret).sign(after.headers["webhook-id"]!, later, after.body),
    ]);
  });
});
