// The webhook endpoints API through the real handlers: create (generated and supplied secrets, the
// secret shown once and stored sealed), every validation rule with its exact 422, list, read,
// update (enabling again resumes the queue), delete, secret rotation, scopes and tenancy.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createMerchantUser, createOrganization, createToken } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { echoedInput } from "@/lib/core/errors";
import { emitWebhookEvent } from "@/lib/webhooks/emit";
import { MAX_ENDPOINTS_PER_ORGANIZATION } from "@/lib/webhooks/endpoints";
import { openPreviousSecret, openSecret } from "@/lib/webhooks/secrets";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as list, POST as create } from "./endpoints/route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./endpoints/[id]/route";
import { POST as rotate } from "./endpoints/[id]/rotate-secret/route";
import { PATCH as resetSecret } from "./endpoints/[id]/secret/route";

export const ENDPOINT_FIELDS = [
  "api_version",
  "created_at",
  "disabled_at",
  "disabled_reason",
  "enabled",
  "events",
  "failing_since",
  "format",
  "id",
  "modified_at",
  "organization_id",
  "previous_secret_expires_at",
  "url",
  "uses_standard_webhook_signature",
];

let db: Db;
let token: string;
let readOnly: string;
let customersOnly: string;
let otherToken: string;
const ids = {} as { org: string; other: string; foreign: string };

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["webhooks:read"] })).token;
  customersOnly = (await createToken(db, org.id, { scopes: ["customers:write"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  ids.foreign = (await createWebhookEndpoint(db, other.id)).endpoint.id;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString("base64")}`;

async function expectInvalid(body: unknown, detail: unknown[]) {
  const before = await db.webhookEndpoint.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.webhookEndpoint.count()).toBe(before);
}

describe("POST /v1/webhooks/endpoints", () => {
  it("creates an endpoint with a generated secret, shown once and stored sealed", async () => {
    const res = await post({
      url: "https://hooks.example.com/a?x=1",
      events: ["order.paid", "order.created"],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...ENDPOINT_FIELDS, "secret"].sort());
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      organization_id: ids.org,
      url: "https://hooks.example.com/a?x=1",
      format: "raw",
      events: ["order.paid", "order.created"],
      enabled: true,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      previous_secret_expires_at: null,
      api_version: "2026-10",
      uses_standard_webhook_signature: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.secret_sealed).not.toContain(res.body.secret.slice(6));
    expect(openSecret(row.id, row.secret_sealed)).toBe(res.body.secret);

    // Never shown again.
    const { secret: _secret, ...shown } = res.body;
    const read = await call(getOne, { token, params: { id: res.body.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(shown);
    const listed = await call(list, { token });
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);
  });

  it("takes a supplied secret of 24 to 64 bytes, and defaults (no events, disabled) as asked", async () => {
    for (const bytes of [24, 64]) {
      const secret = secretOf(bytes);
      const res = await post({
        url: "http://hooks.example.com/b",
        events: [],
        secret,
        enabled: false,
        format: "raw",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        secret,
        events: [],
        enabled: false,
        disabled_at: expect.stringMatching(ISO),
      });
      const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(openSecret(row.id, row.secret_sealed)).toBe(secret);
    }
  });

  it("refuses a malformed secret at body.secret", async () => {
    const msg = "Secret should be whsec_ followed by the base64 of 24 to 64 bytes";
    for (const secret of [secretOf(23), secretOf(65), secretOf(32).slice(6), "whsec_not base64!", "whsec_"]) {
      await expectInvalid({ url: "https://hooks.example.com", events: [], secret }, [
        { type: "value_error", loc: ["body", "secret"], msg, input: secret },
      ]);
    }
  });

  it("refuses URLs that are not http(s), carry credentials, are malformed or too long", async () => {
    const cases: [unknown, string, string][] = [
      ["ftp://hooks.example.com/x", "value_error", "URL scheme should be 'http' or 'https'"],
      ["javascript:alert(1)", "value_error", "URL scheme should be 'http' or 'https'"],
      [
        "https://user:pass@hooks.example.com/",
        "value_error",
        "URL should not contain a user name or password",
      ],
      ["https://user@hooks.example.com/", "value_error", "URL should not contain a user name or password"],
      ["not a url", "value_error", "Input should be a valid URL"],
      [
        `https://hooks.example.com/${"x".repeat(2030)}`,
        "string_too_long",
        "String should have at most 2048 characters",
      ],
      [42, "string_type", "Input should be a valid string"],
    ];
    for (const [url, type, msg] of cases)
      await expectInvalid({ url, events: [] }, [
        { type, loc: ["body", "url"], msg, input: echoedInput(url) },
      ]);
  });

  it("refuses unknown, test-only and repeated event types, and a missing url or events", async () => {
    const res = await post({ url: "https://hooks.example.com", events: ["order.paid", "webhook.test"] });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ type: "enum", loc: ["body", "events", 1], input: "webhook.test" }),
    ]);
    await expectInvalid({ url: "https://hooks.example.com", events: ["order.paid", "order.paid"] }, [
      {
        type: "value_error",
        loc: ["body", "events"],
        msg: "Events should be distinct",
        input: ["order.paid", "order.paid"],
      },
    ]);
    await expectInvalid({}, [
      { type: "missing", loc: ["body", "url"], msg: "Field required", input: null },
      { type: "missing", loc: ["body", "events"], msg: "Field required", input: null },
    ]);
    const format = await post({ url: "https://hooks.example.com", events: [], format: "json" });
    expect(format.status).toBe(422);
    expect(format.body.detail[0]).toMatchObject({ loc: ["body", "format"], input: "json" });
  });

  it("creates in the caller's organization; another organization's id is 422", async () => {
    const res = await post({ url: "https://hooks.example.com", events: [], organization_id: ids.other });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "organization_id"],
        msg: "Organization not found.",
        input: ids.other,
      },
    ]);
  });

  it("a merchant in two organizations must name one", async () => {
    const second = await createOrganization(db);
    await createMerchantUser(db, {
      email: "two-orgs@example.com",
      password: "pw-two-orgs",
      organizationIds: [ids.org, second.id],
    });
    const signedIn = await call(signIn, { body: { email: "two-orgs@example.com", password: "pw-two-orgs" } });
    const cookies = Object.fromEntries(
      signedIn.headers.getSetCookie().map((line) => line.split(";")[0]!.split("=") as [string, string]),
    );
    const headers = {
      cookie: `dsb_session=${cookies.dsb_session}; dsb_csrf=${cookies.dsb_csrf}`,
      "x-csrf-token": decodeURIComponent(cookies.dsb_csrf!),
    };
    const missing = await call(create, { headers, body: { url: "https://hooks.example.com", events: [] } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ type: "missing", loc: ["body", "organization_id"] });
    const named = await call(create, {
      headers,
      body: { url: "https://hooks.example.com", events: [], organization_id: second.id },
    });
    expect(named.status).toBe(201);
    expect(named.body.organization_id).toBe(second.id);
  });

  it(`allows at most ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints per organization`, async () => {
    const org = await createOrganization(db);
    const own = (await createToken(db, org.id)).token;
    for (let i = 0; i < MAX_ENDPOINTS_PER_ORGANIZATION - 1; i++) await createWebhookEndpoint(db, org.id);
    expect((await post({ url: "https://hooks.example.com", events: [] }, own)).status).toBe(201);
    const refused = await post({ url: "https://hooks.example.com", events: [] }, own);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "NotPermitted",
      detail: `An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints.`,
    });
  });

  it("needs webhooks:write", async () => {
    expect((await post({ url: "https://hooks.example.com", events: [] }, readOnly)).status).toBe(403);
    expect((await post({ url: "https://hooks.example.com", events: [] }, customersOnly)).status).toBe(403);
    expect((await post({ url: "https://hooks.example.com", events: [] }, "oat_nope")).status).toBe(401);
  });
});

describe("GET /v1/webhooks/endpoints", () => {
  it("lists the caller's endpoints only, newest first, paginated", async () => {
    const org = await createOrganization(db);
    const own = (await createToken(db, org.id, { scopes: ["webhooks:read"] })).token;
    const made = [];
    for (const minute of [1, 2, 3])
      made.push(
        (await createWebhookEndpoint(db, org.id, { created_at: new Date(Date.UTC(2030, 0, 1, 0, minute)) }))
          .endpoint,
      );
    const page = await call(list, { token: own, query: { limit: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total_count: 3, max_page: 2 });
    expect(page.body.items.map((e: { id: string }) => e.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(Object.keys(page.body.items[0]).sort()).toEqual(ENDPOINT_FIELDS);
    // organization_id narrows, never widens.
    const foreign = await call(list, { token: own, query: { organization_id: ids.other } });
    expect(foreign.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    expect((await call(list, { token: customersOnly })).status).toBe(403);
  });
});

describe("GET, PATCH, DELETE /v1/webhooks/endpoints/{id}", () => {
  it("another organization's endpoint is 404 for every method, and unchanged", async () => {
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: ids.foreign } });
    const params = { id: ids.foreign };
    expect((await call(getOne, { token, params })).status).toBe(404);
    expect((await call(update, { token, params, method: "PATCH", body: { enabled: false } })).status).toBe(
      404,
    );
    expect((await call(remove, { token, params, method: "DELETE" })).status).toBe(404);
    expect((await call(rotate, { token, params, body: {} })).status).toBe(404);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: ids.foreign } })).toEqual(before);
    expect((await call(getOne, { token: otherToken, params })).status).toBe(200);
  });

  it("PATCH changes only the fields sent", async () => {
    const { endpoint } = await createWebhookEndpoint(db, ids.org, { events: ["order.paid"] });
    const res = await call(update, {
      token,
      params: { id: endpoint.id },
      method: "PATCH",
      body: { url: "https://new.example.com/hook", events: ["license_key.created"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: "https://new.example.com/hook",
      events: ["license_key.created"],
      enabled: true,
      modified_at: expect.stringMatching(ISO),
    });
    expect(res.body.secret).toBeUndefined();
    const bad = await call(update, {
      token,
      params: { id: endpoint.id },
      method: "PATCH",
      body: { url: null },
    });
    expect(bad.status).toBe(422);
    expect(
      (await call(update, { token: readOnly, params: { id: endpoint.id }, method: "PATCH", body: {} }))
        .status,
    ).toBe(403);
  });

  it("disabling records when; enabling an endpoint disabled for failing clears why and resumes its queue", async () => {
    const { endpoint } = await createWebhookEndpoint(db, ids.org, { events: ["customer.created"] });
    const T0 = new Date("2030-01-01T00:00:00.000Z");
    await db.$transaction((tx) =>
      emitWebhookEvent(tx, { organizationId: ids.org, type: "customer.created", data: () => ({}), now: T0 }),
    );
    const retryAt = new Date("2030-01-02T00:00:00.000Z");
    await db.webhookDelivery.updateMany({
      where: { endpoint_id: endpoint.id },
      data: { attempts: 8, next_attempt_at: retryAt },
    });
    await db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        enabled: false,
        failing_since: T0,
        disabled_at: T0,
        disabled_reason: "Disabled after failing…",
      },
    });
    await db.job.deleteMany({ where: { dedupe_key: `webhooks.deliver:${endpoint.id}` } });

    const enabled = await call(update, {
      token,
      params: { id: endpoint.id },
      method: "PATCH",
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({
      enabled: true,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
    });
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpoint_id: endpoint.id } });
    // Due now (the request's real clock), not at its old retry time; its attempts are kept.
    expect(delivery!.next_attempt_at!.getTime()).toBeLessThan(retryAt.getTime());
    expect(delivery!.attempts).toBe(8);
    expect(
      await db.job.findFirst({ where: { dedupe_key: `webhooks.deliver:${endpoint.id}` } }),
    ).toMatchObject({
      status: "pending",
      payload: { endpoint_id: endpoint.id },
    });

    const disabled = await call(update, {
      token,
      params: { id: endpoint.id },
      method: "PATCH",
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({
      enabled: false,
      disabled_at: expect.stringMatching(ISO),
      disabled_reason: null,
    });
  });

  it("DELETE removes the endpoint with its deliveries and attempts; the event stays", async () => {
    const { endpoint } = await createWebhookEndpoint(db, ids.org, { events: ["customer.updated"] });
    const eventId = await db.$transaction((tx) =>
      emitWebhookEvent(tx, { organizationId: ids.org, type: "customer.updated", data: () => ({}) }),
    );
    expect(
      (await call(remove, { token: readOnly, params: { id: endpoint.id }, method: "DELETE" })).status,
    ).toBe(403);
    const res = await call(remove, { token, params: { id: endpoint.id }, method: "DELETE" });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await db.webhookEndpoint.findUnique({ where: { id: endpoint.id } })).toBeNull();
    expect(await db.webhookDelivery.count({ where: { endpoint_id: endpoint.id } })).toBe(0);
    expect(await db.webhookEvent.findUnique({ where: { id: eventId! } })).not.toBeNull();
    expect((await call(remove, { token, params: { id: endpoint.id }, method: "DELETE" })).status).toBe(404);
    expect((await call(getOne, { token, params: { id: endpoint.id } })).status).toBe(404);
  });

  it("a malformed id is 422", async () => {
    const res = await call(getOne, { token, params: { id: "nope" } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"] });
  });
});

describe("POST /v1/webhooks/endpoints/{id}/rotate-secret", () => {
  it("answers a new secret once; the previous one keeps signing for 24 hours", async () => {
    const { endpoint, secret: old } = await createWebhookEndpoint(db, ids.org);
    const before = Date.now();
    const res = await call(rotate, { token, params: { id: endpoint.id }, body: {} });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...ENDPOINT_FIELDS, "secret"].sort());
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(old);
    const expires = Date.parse(res.body.previous_secret_expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 86_400_000);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(openSecret(row.id, row.secret_sealed)).toBe(res.body.secret);
    expect(openPreviousSecret(row.id, row.previous_secret_sealed!)).toBe(old);
    const read = await call(getOne, { token, params: { id: endpoint.id } });
    expect(read.body.secret).toBeUndefined();
    expect(read.body.previous_secret_expires_at).toBe(res.body.previous_secret_expires_at);

    const supplied = secretOf(40);
    const again = await call(rotate, { token, params: { id: endpoint.id }, body: { secret: supplied } });
    expect(again.body.secret).toBe(supplied);
    const after = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(openPreviousSecret(after.id, after.previous_secret_sealed!)).toBe(res.body.secret);

    const bad = await call(rotate, { token, params: { id: endpoint.id }, body: { secret: "whsec_short" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ["body", "secret"] });
    expect((await call(rotate, { token: readOnly, params: { id: endpoint.id }, body: {} })).status).toBe(403);
  });
});

describe("PATCH /v1/webhooks/endpoints/{id}/secret (the current SDK's reset)", () => {
  it("answers a generated secret once, with no body; the previous one keeps signing for 24 hours", async () => {
    const { endpoint, secret: old } = await createWebhookEndpoint(db, ids.org);
    const res = await call(resetSecret, { method: "PATCH", token, params: { id: endpoint.id } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...ENDPOINT_FIELDS, "secret"].sort());
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(old);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(openSecret(row.id, row.secret_sealed)).toBe(res.body.secret);
    expect(openPreviousSecret(row.id, row.previous_secret_sealed!)).toBe(old);
    expect(
      (await call(resetSecret, { method: "PATCH", token: readOnly, params: { id: endpoint.id } })).status,
    ).toBe(403);
    const other = await call(resetSecret, { method: "PATCH", token, params: { id: randomUUID() } });
    expect(other.status).toBe(404);
  });
});

describe("a client of the current reference API (Polar-Version)", () => {
  it("reads the endpoint's secret on list, get and update; a client without the header never does", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(db, ids.org);
    const current = { "polar-version": "2026-10" };
    const one = await call(getOne, { token: readOnly, params: { id: endpoint.id }, headers: current });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ secret, api_version: "2026-10", uses_standard_webhook_signature: true });
    const listed = await call(list, { token: readOnly, headers: current });
    expect(listed.body.items.find((e: { id: string }) => e.id === endpoint.id).secret).toBe(secret);
    const updated = await call(update, {
      method: "PATCH",
      token,
      params: { id: endpoint.id },
      body: { events: ["order.paid"] },
      headers: current,
    });
    expect(updated.body.secret).toBe(secret);
    const plainClients: Record<string, string>[] = [{}, { "polar-version": "latest" }];
    for (const headers of plainClients) {
      const plain = await call(getOne, { token: readOnly, params: { id: endpoint.id }, headers });
      expect(plain.body.secret).toBeUndefined();
      expect(Object.keys(plain.body).sort()).toEqual([...ENDPOINT_FIELDS].sort());
    }
    // Another organization's endpoint stays 404, secret or not.
    const foreign = await call(getOne, { token: otherToken, params: { id: endpoint.id }, headers: current });
    expect(foreign.status).toBe(404);
  });
});
