// Deliveries through the real handlers: the list with its filters and every attempt (an attempt
// under way shown in flight, one whose lease passed as stopped), the test event (queued to one
// endpoint, delivered to a real receiver), redelivery (same webhook-id, to each endpoint) and
// "Retry now", with scopes and tenancy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { createDeliverWebhooksJob, DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/deliver";
import { TEST_EVENT_MESSAGE } from "@/lib/webhooks/deliveries";
import { emitWebhookEvent, webhookEventBody } from "@/lib/webhooks/emit";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { GET as listDeliveries } from "./deliveries/route";
import { POST as sendTest } from "./endpoints/[id]/test/route";
import { POST as redeliver } from "./events/[id]/redeliver/route";

const DELIVERY_FIELDS = [
  "attempts",
  "attempts_count",
  "created_at",
  "endpoint_id",
  "event",
  "id",
  "in_flight",
  "last_attempt_at",
  "modified_at",
  "next_attempt_at",
  "status",
  "succeeded",
  "succeeded_at",
];

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
  org = (await createOrganization(db)).id;
  const other = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["webhooks:read"] })).token;
  otherToken = (await createToken(db, other)).token;
});

afterAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = savedAllowPrivate;
  await receiver.stop();
});

const emit = (
  organizationId: string,
  type: "order.paid" | "customer.created",
  data: unknown,
  now = new Date(),
) => db.$transaction((tx) => emitWebhookEvent(tx, { organizationId, type, data: () => data, now }));

describe("GET /v1/webhooks/deliveries", () => {
  it("lists deliveries newest first with their event and every attempt, oldest attempt first", async () => {
    const organization = (await createOrganization(db)).id;
    const own = (await createToken(db, organization, { scopes: ["webhooks:read"] })).token;
    const { endpoint } = await createWebhookEndpoint(db, organization, { url: receiver.url("/list") });
    receiver.script.push({ status: 500, body: "nope" });
    const T0 = new Date();
    const first = await emit(organization, "order.paid", { id: "ord_1" }, T0);
    await runDueJobs(db, handlers, { now: T0 });
    await runDueJobs(db, handlers, { now: new Date(T0.getTime() + 5000) });
    const second = await emit(
      organization,
      "customer.created",
      { id: "cus_1" },
      new Date(T0.getTime() + 6000),
    );

    const res = await call(listDeliveries, { token: own });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    const [pending, delivered] = res.body.items;
    expect(Object.keys(delivered).sort()).toEqual(DELIVERY_FIELDS);
    expect(pending).toMatchObject({
      endpoint_id: endpoint.id,
      status: "pending",
      succeeded: false,
      attempts_count: 0,
      attempts: [],
      event: { id: second, type: "customer.created" },
    });
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: first! } });
    expect(delivered).toEqual({
      id: expect.any(String),
      created_at: T0.toISOString(),
      modified_at: expect.stringMatching(ISO),
      endpoint_id: endpoint.id,
      status: "succeeded",
      succeeded: true,
      in_flight: false,
      attempts_count: 2,
      next_attempt_at: null,
      last_attempt_at: new Date(T0.getTime() + 5000).toISOString(),
      succeeded_at: expect.stringMatching(ISO),
      event: {
        id: first,
        created_at: T0.toISOString(),
        type: "order.paid",
        payload: webhookEventBody(event),
      },
      attempts: [
        {
          id: expect.any(String),
          created_at: T0.toISOString(),
          in_flight: false,
          duration_ms: expect.any(Number),
          http_status: 500,
          succeeded: false,
          error: "HTTP 500",
          response_excerpt: "nope",
        },
        {
          id: expect.any(String),
          created_at: new Date(T0.getTime() + 5000).toISOString(),
          in_flight: false,
          duration_ms: expect.any(Number),
          http_status: 200,
          succeeded: true,
          error: null,
          response_excerpt: "ok",
        },
      ],
    });
    expect(JSON.parse(delivered.event.payload)).toEqual({
      type: "order.paid",
      timestamp: T0.toISOString(),
      sequence: Number(event.sequence),
      livemode: false,
      data: { id: "ord_1" },
    });

    const ids = async (query: Record<string, string | string[]>) =>
      (await call(listDeliveries, { token: own, query })).body.items.map(
        (d: { event: { id: string } }) => d.event.id,
      );
    expect(await ids({ succeeded: "true" })).toEqual([first]);
    expect(await ids({ succeeded: "false" })).toEqual([second]);
    expect(await ids({ event_type: "customer.created" })).toEqual([second]);
    expect(await ids({ event_type: ["customer.created", "order.paid"] })).toEqual([second, first]);
    expect(await ids({ sorting: "created_at" })).toEqual([first, second]);
    expect(await ids({ endpoint_id: endpoint.id, organization_id: organization })).toEqual([second, first]);
    expect(await ids({ endpoint_id: "00000000-0000-4000-8000-000000000000" })).toEqual([]);
    // Another organization sees none of them, even when it names them.
    const foreign = await call(listDeliveries, { token: otherToken, query: { endpoint_id: endpoint.id } });
    expect(foreign.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    // Its pending delivery is no other test's business.
    await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  });

  it("refuses bad filters with 422 and a token without webhooks scopes with 403", async () => {
    const bad = await call(listDeliveries, {
      token,
      query: { succeeded: "maybe", event_type: "order.lost" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((p: { loc: unknown[] }) => p.loc)).toEqual([
      ["query", "event_type", 0],
      ["query", "succeeded"],
    ]);
    const noScope = (await createToken(db, org, { scopes: ["orders:read"] })).token;
    expect((await call(listDeliveries, { token: noScope })).status).toBe(403);
  });
});

describe("POST /v1/webhooks/endpoints/{id}/test", () => {
  it("queues a webhook.test event to this endpoint only, delivered signed through its queue", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(db, org, { url: receiver.url("/test-me") });
    await createWebhookEndpoint(db, org, { url: receiver.url("/not-me") });
    receiver.received.length = 0;
    const res = await call(sendTest, { token, params: { id: endpoint.id } });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(DELIVERY_FIELDS);
    expect(res.body).toMatchObject({
      endpoint_id: endpoint.id,
      status: "pending",
      succeeded: false,
      attempts_count: 0,
      attempts: [],
      next_attempt_at: expect.stringMatching(ISO),
      event: { type: "webhook.test" },
    });
    expect(JSON.parse(res.body.event.payload)).toEqual({
      type: "webhook.test",
      timestamp: res.body.event.created_at,
      sequence: expect.any(Number),
      livemode: false,
      data: { endpoint_id: endpoint.id, organization_id: org, message: TEST_EVENT_MESSAGE },
    });
    // Queued for the endpoint's job, which sends it.
    expect(
      await db.job.findFirst({ where: { dedupe_key: `webhooks.deliver:${endpoint.id}` } }),
    ).toMatchObject({
      status: "pending",
    });
    await runDueJobs(db, handlers);
    expect(receiver.received.map((r) => r.path)).toEqual(["/test-me"]);
    const request = receiver.received[0]!;
    expect(request.headers["webhook-id"]).toBe(res.body.event.id);
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({ type: "webhook.test" });
  });

  it("is 409 for a disabled endpoint, 404 for another organization's, 403 without webhooks:write", async () => {
    const { endpoint } = await createWebhookEndpoint(db, org, { enabled: false });
    const before = await db.webhookEvent.count();
    const disabled = await call(sendTest, { token, params: { id: endpoint.id } });
    expect(disabled.status).toBe(409);
    expect(disabled.body).toEqual({
      error: "ConflictError",
      detail: "This endpoint is disabled: enable it to send a test event.",
    });
    const enabled = (await createWebhookEndpoint(db, org)).endpoint;
    expect((await call(sendTest, { token: otherToken, params: { id: enabled.id } })).status).toBe(404);
    expect((await call(sendTest, { token: readOnly, params: { id: enabled.id } })).status).toBe(403);
    expect(await db.webhookEvent.count()).toBe(before);
  });
});

describe("POST /v1/webhooks/events/{id}/redeliver", () => {
  it("delivers the event again, with the same webhook-id, to each of its endpoints", async () => {
    const organization = (await createOrganization(db)).id;
    const own = (await createToken(db, organization)).token;
    const a = (await createWebhookEndpoint(db, organization, { url: receiver.url("/a") })).endpoint;
    const b = (await createWebhookEndpoint(db, organization, { url: receiver.url("/b") })).endpoint;
    const gone = (await createWebhookEndpoint(db, organization, { url: receiver.url("/gone") })).endpoint;
    const T0 = new Date();
    const eventId = await emit(organization, "order.paid", { id: "ord_9" }, T0);
    await runDueJobs(db, handlers, { now: T0 });
    await db.webhookEndpoint.delete({ where: { id: gone.id } });
    // Written after the event, before its redelivery.
    const later = await emit(organization, "customer.created", { id: "cus_9" }, T0);
    receiver.received.length = 0;

    const res = await call(redeliver, { token: own, params: { id: eventId! } });
    expect(res.status).toBe(202);
    expect(res.body.deliveries).toHaveLength(2);
    expect(res.body.deliveries.map((d: { endpoint_id: string }) => d.endpoint_id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    for (const delivery of res.body.deliveries)
      expect(delivery).toMatchObject({
        status: "pending",
        attempts_count: 0,
        event: { id: eventId, type: "order.paid" },
      });

    await runDueJobs(db, handlers);
    // Both due at once, several in flight: in either order.
    for (const path of ["/a", "/b"])
      expect(
        receiver.received
          .filter((r) => r.path === path)
          .map((r) => r.headers["webhook-id"])
          .sort(),
      ).toEqual([later, eventId].sort());
    expect(await db.webhookDelivery.count({ where: { event_id: eventId! } })).toBe(4);
  });

  it("is 404 for another organization's event or an unknown one, 403 without webhooks:write", async () => {
    await createWebhookEndpoint(db, org, { url: receiver.url("/x") });
    const eventId = await emit(org, "order.paid", {});
    const before = await db.webhookDelivery.count();
    expect((await call(redeliver, { token: otherToken, params: { id: eventId! } })).status).toBe(404);
    expect(
      (await call(redeliver, { token, params: { id: "00000000-0000-4000-8000-000000000000" } })).status,
    ).toBe(404);
    expect((await call(redeliver, { token: readOnly, params: { id: eventId! } })).status).toBe(403);
    expect(await db.webhookDelivery.count()).toBe(before);
  });
});
