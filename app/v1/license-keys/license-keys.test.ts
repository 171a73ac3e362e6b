import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrganization,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as list } from "./route";
import { GET as getOne, PATCH as update } from "./[id]/route";
import { GET as getActivation } from "./[id]/activations/[activation_id]/route";
import { ISO, LICENSE_KEY_FIELDS } from "@/test/shapes";

// The merchant's routes add the order that issued the key; an activation's nested key does not.
const KEY_FIELDS = [...LICENSE_KEY_FIELDS, "order_id", "subscription_id"].sort();

const CUSTOMER_FIELDS = [
  "avatar_url",
  "billing_address",
  "billing_name",
  "created_at",
  "deleted_at",
  "email",
  "email_verified",
  "first_user_event_at",
  "id",
  "locale",
  "metadata",
  "modified_at",
  "name",
  "organization_id",
  "tax_id",
  "type",
].sort();

let token: string;
let readOnly: string;
let writeOnly: string;
let otherToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["license_keys:read"] })).token;
  writeOnly = (await createToken(db, org.id, { scopes: ["license_keys:write"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  const benefitA = await createBenefit(db, org.id, {
    type: "license_keys",
    properties: {
      prefix: "APP",
      activations: { limit: 3 },
      limit_usage: 10,
      expires: { ttl: 30, timeframe: "day" },
    },
  });
  const benefitB = await createBenefit(db, org.id, { type: "license_keys", properties: {} });
  const carol = await createCustomer(db, org.id, { email: "carol@example.com", name: "Carol" });
  const dave = await createCustomer(db, org.id, { email: "dave@example.com", name: null });
  const t = (day: number) => new Date(Date.UTC(2025, 2, day));
  ids.k1 = (
    await createLicenseKey(db, org.id, {
      benefitId: benefitA.id,
      customerId: carol.id,
      key: { created_at: t(1), usage: 5, last_validated_at: t(10) },
    })
  ).id;
  ids.k2 = (
    await createLicenseKey(db, org.id, {
      benefitId: benefitA.id,
      customerId: dave.id,
      key: { created_at: t(2), usage: 1, status: "revoked" },
    })
  ).id;
  ids.k3 = (
    await createLicenseKey(db, org.id, {
      benefitId: benefitB.id,
      customerId: carol.id,
      key: { created_at: t(3), usage: 9, last_validated_at: t(5), status: "disabled" },
    })
  ).id;
  ids.a1 = (
    await createActivation(db, ids.k1, { label: "Laptop", meta: { os: "linux" }, created_at: t(4) })
  ).id;
  ids.a2 = (await createActivation(db, ids.k1, { label: "Desktop", created_at: t(5) })).id;
  ids.gone = (await createActivation(db, ids.k1, { label: "Old", deleted_at: t(6) })).id;
  ids.a3 = (await createActivation(db, ids.k3, { label: "Other key" })).id;
  Object.assign(ids, {
    benefitA: benefitA.id,
    benefitB: benefitB.id,
    carol: carol.id,
    dave: dave.id,
    org: org.id,
    other: other.id,
  });
  const stranger = await createCustomer(db, other.id);
  const foreignBenefit = await createBenefit(db, other.id, { type: "license_keys" });
  ids.foreign = (
    await createLicenseKey(db, other.id, { benefitId: foreignBenefit.id, customerId: stranger.id })
  ).id;
  ids.foreignActivation = (await createActivation(db, ids.foreign)).id;
});

const idsOf = (body: { items: { id: string }[] }) => body.items.map((k) => k.id);

describe("GET /v1/license-keys", () => {
  it("lists keys oldest first with every field", async () => {
    const res = await call(list, { token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 3, max_page: 1 });
    expect(idsOf(res.body)).toEqual([ids.k1, ids.k2, ids.k3]);
    const key = res.body.items[0];
    expect(Object.keys(key).sort()).toEqual(KEY_FIELDS);
    expect(key.key).toMatch(/^APP-[0-9A-F-]{36}$/);
    expect(key.display_key).toBe(`****-${key.key.slice(-6)}`);
    expect(key).toMatchObject({
      status: "granted",
      limit_activations: 3,
      limit_usage: 10,
      usage: 5,
      validations: 0,
      last_validated_at: "2025-03-10T00:00:00.000Z",
      expires_at: "2025-03-31T00:00:00.000Z",
      created_at: "2025-03-01T00:00:00.000Z",
      customer_id: ids.carol,
      user_id: ids.carol,
      user: { id: ids.carol, email: "carol@example.com", public_name: "Carol" },
      organization_id: ids.org,
      benefit_id: ids.benefitA,
    });
    expect(key.customer.email).toBe("carol@example.com");
    expect(res.body.items[2]).toMatchObject({ limit_activations: null, limit_usage: null, expires_at: null });
    expect(res.body.items[1].user.public_name).toBe("dave");
  });

  it("filters by benefit, customer and status (repeatable), never across organizations", async () => {
    const q = async (query: Record<string, string | string[]>, t = token) =>
      idsOf((await call(list, { token: t, query })).body);
    expect(await q({ benefit_id: ids.benefitA! })).toEqual([ids.k1, ids.k2]);
    expect(await q({ customer_id: ids.carol! })).toEqual([ids.k1, ids.k3]);
    expect(await q({ status: ["revoked", "disabled"] })).toEqual([ids.k2, ids.k3]);
    expect(await q({ status: "granted", customer_id: ids.carol! })).toEqual([ids.k1]);
    expect(await q({ organization_id: ids.other! })).toEqual([]);
    expect(await q({}, otherToken)).toEqual([ids.foreign]);
  });

  it("sorts by each criterion, nulls last, ties by id", async () => {
    const by = async (sorting: string | string[]) =>
      idsOf((await call(list, { token, query: { sorting } })).body);
    expect(await by("-created_at")).toEqual([ids.k3, ids.k2, ids.k1]);
    expect(await by("usage")).toEqual([ids.k2, ids.k1, ids.k3]);
    expect(await by("-usage")).toEqual([ids.k3, ids.k1, ids.k2]);
    expect(await by("last_validated_at")).toEqual([ids.k3, ids.k1, ids.k2]);
    expect(await by(["expires_at", "created_at"])).toEqual([ids.k1, ids.k2, ids.k3]);
    const bad = await call(list, { token, query: { sorting: ["usage", "price"] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatchObject([{ type: "enum", loc: ["query", "sorting", 1], input: "price" }]);
  });

  it("accepts license_keys:write for reading and refuses other scopes", async () => {
    expect((await call(list, { token: writeOnly })).status).toBe(200);
    const db = await getDb();
    const ordersOnly = await createToken(db, ids.org!, { scopes: ["orders:read"] });
    const res = await call(list, { token: ordersOnly.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("insufficient_scope");
  });
});

describe("GET /v1/license-keys (more filters, sorts, pages and credentials)", () => {
  const q = async (query: Record<string, string | number | string[]>, t = token) =>
    idsOf((await call(list, { token: t, query })).body);

  it("writes datetimes with milliseconds and Z, and nests a full customer", async () => {
    const res = await call(list, { token });
    for (const key of res.body.items) {
      expect(key.created_at).toMatch(ISO);
      for (const field of ["modified_at", "expires_at", "last_validated_at"]) {
        if (key[field] !== null) expect(key[field]).toMatch(ISO);
      }
      expect(Object.keys(key.customer).sort()).toEqual(CUSTOMER_FIELDS);
      expect(Object.keys(key.user).sort()).toEqual(["email", "id", "public_name"]);
      expect(key.customer.created_at).toMatch(ISO);
    }
  });

  it("ORs repeated values of one filter and ANDs different filters", async () => {
    expect(await q({ benefit_id: [ids.benefitA!, ids.benefitB!] })).toEqual([ids.k1, ids.k2, ids.k3]);
    expect(await q({ benefit_id: [ids.benefitB!, crypto.randomUUID()] })).toEqual([ids.k3]);
    expect(await q({ customer_id: [ids.carol!, ids.dave!] })).toEqual([ids.k1, ids.k2, ids.k3]);
    expect(await q({ customer_id: ids.dave! })).toEqual([ids.k2]);
    expect(await q({ status: "granted" })).toEqual([ids.k1]);
    expect(await q({ status: "disabled" })).toEqual([ids.k3]);
    expect(await q({ benefit_id: ids.benefitA!, customer_id: ids.carol! })).toEqual([ids.k1]);
    expect(await q({ benefit_id: ids.benefitB!, status: "revoked" })).toEqual([]);
    expect(await q({ organization_id: ids.org! })).toEqual([ids.k1, ids.k2, ids.k3]);
    expect(await q({ organization_id: [ids.org!, ids.other!] })).toEqual([ids.k1, ids.k2, ids.k3]);
    expect((await call(list, { token, query: { organization_id: ids.other! } })).body).toEqual({
      items: [],
      pagination: { total_count: 0, max_page: 0 },
    });
  });

  it("sorts by each criterion in both directions and by several in order", async () => {
    expect(await q({ sorting: "created_at" })).toEqual([ids.k1, ids.k2, ids.k3]);
    expect(await q({ sorting: "expires_at" })).toEqual([ids.k1, ids.k2, ids.k3]);
    expect(await q({ sorting: "-expires_at" })).toEqual([ids.k2, ids.k1, ids.k3]);
    expect(await q({ sorting: "-last_validated_at" })).toEqual([ids.k1, ids.k3, ids.k2]);
    expect(await q({ sorting: ["-usage", "created_at"] })).toEqual([ids.k3, ids.k1, ids.k2]);
    expect(await q({ sorting: ["last_validated_at", "-created_at"] })).toEqual([ids.k3, ids.k1, ids.k2]);
  });

  it("rejects bad query parameters, each at its place", async () => {
    const res = await call(list, {
      token,
      query: { page: 0, limit: 0, benefit_id: "b", status: ["granted", "lost"], sorting: "-name" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("RequestValidationError");
    expect(res.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["greater_than", ["query", "page"]],
      ["greater_than", ["query", "limit"]],
      ["uuid_parsing", ["query", "benefit_id", 0]],
      ["enum", ["query", "status", 1]],
      ["enum", ["query", "sorting", 0]],
    ]);
    const customer = await call(list, { token, query: { customer_id: "c" } });
    expect(customer.body.detail).toEqual([
      {
        type: "uuid_parsing",
        loc: ["query", "customer_id", 0],
        msg: "Input should be a valid UUID",
        input: "c",
      },
    ]);
  });

  it("answers an empty page past the end", async () => {
    const res = await call(list, { token, query: { page: 3, limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], pagination: { total_count: 3, max_page: 2 } });
  });

  it("needs a valid, unexpired, unrevoked token", async () => {
    const none = await call(list, {});
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    const unknown = await call(list, { token: "oat_unknown" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      error: "invalid_token",
      error_description: "The access token is invalid.",
    });
    const db = await getDb();
    const expired = await createToken(db, ids.org!, { expiresAt: new Date(Date.now() - 1000) });
    const expiredRes = await call(list, { token: expired.token });
    expect(expiredRes.status).toBe(401);
    expect(expiredRes.body).toEqual({
      error: "invalid_token",
      error_description: "The access token has expired.",
    });
    const revoked = await createToken(db, ids.org!);
    await db.organizationAccessToken.update({
      where: { id: revoked.accessToken.id },
      data: { revoked_at: new Date() },
    });
    const revokedRes = await call(list, { token: revoked.token });
    expect(revokedRes.status).toBe(401);
    expect(revokedRes.body.error).toBe("invalid_token");
    const ordersOnly = await createToken(db, ids.org!, { scopes: ["orders:read"] });
    for (const [handler, params] of [
      [list, {}],
      [getOne, { id: ids.k1! }],
      [getActivation, { id: ids.k1!, activation_id: ids.a1! }],
    ] as const) {
      const res = await call(handler, { token: ordersOnly.token, params });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: "insufficient_scope",
        error_description: "The access token does not have the required scope: license_keys:read.",
      });
    }
    expect((await call(getOne, { token: writeOnly, params: { id: ids.k1! } })).status).toBe(200);
    expect(
      (await call(getActivation, { token: readOnly, params: { id: ids.k1!, activation_id: ids.a1! } }))
        .status,
    ).toBe(200);
  });
});

describe("GET /v1/license-keys with many keys created at the same instant", () => {
  let bulkToken: string;
  const bulkIds: string[] = [];

  beforeAll(async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    bulkToken = (await createToken(db, org.id, { scopes: ["license_keys:read"] })).token;
    const customer = await createCustomer(db, org.id);
    const benefit = await createBenefit(db, org.id, { type: "license_keys" });
    const at = new Date(Date.UTC(2025, 5, 1));
    for (let i = 0; i < 105; i++) {
      const key = await createLicenseKey(db, org.id, {
        benefitId: benefit.id,
        customerId: customer.id,
        key: { created_at: at, usage: i % 3 },
      });
      bulkIds.push(key.id);
    }
  });

  it("breaks ties by id so pages neither overlap nor skip", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 11; page++) {
      const res = await call(list, { token: bulkToken, query: { page, limit: 10 } });
      expect(res.body.pagination).toEqual({ total_count: 105, max_page: 11 });
      seen.push(...idsOf(res.body));
    }
    expect(seen).toEqual([...bulkIds].sort());
    const desc: string[] = [];
    for (let page = 1; page <= 3; page++) {
      desc.push(
        ...idsOf(
          (await call(list, { token: bulkToken, query: { page, limit: 40, sorting: "-created_at" } })).body,
        ),
      );
    }
    expect(desc).toEqual([...bulkIds].sort().reverse());
  });

  it("clamps limit to 100", async () => {
    const res = await call(list, { token: bulkToken, query: { limit: 1000 } });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(100);
    expect(res.body.pagination).toEqual({ total_count: 105, max_page: 2 });
    const second = await call(list, { token: bulkToken, query: { limit: 1000, page: 2 } });
    expect(second.body.items).toHaveLength(5);
  });

  it("stays out of other organizations' lists", async () => {
    expect((await call(list, { token, query: { limit: 100 } })).body.pagination.total_count).toBe(3);
    expect((await call(getOne, { token, params: { id: bulkIds[0]! } })).status).toBe(404);
  });
});

describe("GET /v1/license-keys/{id}", () => {
  it("returns the key with its current activations only", async () => {
    const res = await call(getOne, { token, params: { id: ids.k1! } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...KEY_FIELDS, "activations"].sort());
    expect(res.body.activations.map((a: { id: string }) => a.id)).toEqual([ids.a1, ids.a2]);
    expect(res.body.activations[0]).toEqual({
      id: ids.a1,
      license_key_id: ids.k1,
      label: "Laptop",
      meta: { os: "linux" },
      created_at: "2025-03-04T00:00:00.000Z",
      modified_at: null,
    });
  });

  it("is 404 across organizations and 422 for a malformed id", async () => {
    expect((await call(getOne, { token, params: { id: ids.foreign! } })).body).toEqual({
      error: "ResourceNotFound",
      detail: "Not found",
    });
    expect((await call(getOne, { token: otherToken, params: { id: ids.k1! } })).status).toBe(404);
    expect((await call(getOne, { token, params: { id: "xyz" } })).body.detail[0].type).toBe("uuid_parsing");
  });
});

describe("PATCH /v1/license-keys/{id}", () => {
  it("changes only the fields sent", async () => {
    const db = await getDb();
    const before = await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k2! } });
    const res = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k2! },
      body: { status: "granted", ignored: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.k2,
      status: "granted",
      usage: 1,
      limit_activations: 3,
      limit_usage: 10,
    });
    expect(res.body.modified_at).toMatch(/Z$/);
    const after = await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k2! } });
    expect({ ...after, status: before.status, modified_at: before.modified_at }).toEqual(before);
    expect(after.status).toBe("granted");
  });

  it("sets and clears limits, usage and expiry", async () => {
    const res = await call(update, {
      method: "PATCH",
      token: writeOnly,
      params: { id: ids.k2! },
      body: { usage: 7, limit_activations: 50, limit_usage: null, expires_at: "2030-01-01T00:00:00Z" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      usage: 7,
      limit_activations: 50,
      limit_usage: null,
      expires_at: "2030-01-01T00:00:00.000Z",
    });
    const cleared = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k2! },
      body: { expires_at: null, limit_activations: null },
    });
    expect(cleared.body).toMatchObject({ expires_at: null, limit_activations: null, usage: 7 });
    const db = await getDb();
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k2! } })).toMatchObject({
      usage: 7,
      limit_usage: null,
      expires_at: null,
      limit_activations: null,
    });
  });

  it("rejects invalid values, all at once, and changes nothing", async () => {
    const db = await getDb();
    const before = await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k1! } });
    const res = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k1! },
      body: { status: "lost", usage: -1, limit_activations: 51, limit_usage: 0, expires_at: "soon" },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["enum", ["body", "status"]],
      ["greater_than_equal", ["body", "usage"]],
      ["less_than_equal", ["body", "limit_activations"]],
      ["greater_than", ["body", "limit_usage"]],
      ["value_error", ["body", "expires_at"]],
    ]);
    const zero = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k1! },
      body: { limit_activations: 0 },
    });
    expect(zero.body.detail[0]).toMatchObject({
      type: "greater_than_equal",
      loc: ["body", "limit_activations"],
    });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k1! } })).toEqual(before);
  });

  it("will not lower limits below what is in use", async () => {
    const fewer = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k1! },
      body: { limit_activations: 1 },
    });
    expect(fewer.status).toBe(422);
    expect(fewer.body.detail).toMatchObject([
      { type: "value_error", loc: ["body", "limit_activations"], input: 1 },
    ]);
    const usage = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k1! },
      body: { limit_usage: 4 },
    });
    expect(usage.body.detail).toMatchObject([
      { type: "value_error", loc: ["body", "limit_usage"], input: 4 },
    ]);
    const ok = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k1! },
      body: { limit_activations: 2 },
    });
    expect(ok.status).toBe(200);
  });

  it("rejects malformed JSON, an empty body, a read-only token and another organization's key", async () => {
    const malformed = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.k1! },
      rawBody: "{status:",
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ type: "json_invalid", loc: ["body"] });
    const empty = await call(update, { method: "PATCH", token, params: { id: ids.k1! } });
    expect(empty.body.detail).toEqual([
      { type: "missing", loc: ["body"], msg: "Field required", input: null },
    ]);
    const denied = await call(update, {
      method: "PATCH",
      token: readOnly,
      params: { id: ids.k1! },
      body: { status: "revoked" },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("insufficient_scope");
    const foreign = await call(update, {
      method: "PATCH",
      token,
      params: { id: ids.foreign! },
      body: { status: "revoked" },
    });
    expect(foreign.status).toBe(404);
    const db = await getDb();
    expect((await db.licenseKey.findUniqueOrThrow({ where: { id: ids.foreign! } })).status).toBe("granted");
    expect((await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k1! } })).status).toBe("granted");
  });
});

describe("GET /v1/license-keys/{id}/activations/{activation_id}", () => {
  it("returns the activation with its key", async () => {
    const res = await call(getActivation, { token, params: { id: ids.k1!, activation_id: ids.a1! } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "created_at",
      "id",
      "label",
      "license_key",
      "license_key_id",
      "meta",
      "modified_at",
    ]);
    expect(Object.keys(res.body.license_key).sort()).toEqual(LICENSE_KEY_FIELDS);
    expect(res.body).toMatchObject({
      id: ids.a1,
      label: "Laptop",
      meta: { os: "linux" },
      license_key: { id: ids.k1 },
    });
  });

  it("is 404 for another key's activation, a deactivated one, and another organization's", async () => {
    for (const params of [
      { id: ids.k1!, activation_id: ids.a3! },
      { id: ids.k1!, activation_id: ids.gone! },
      { id: ids.foreign!, activation_id: ids.foreignActivation! },
      { id: ids.k1!, activation_id: crypto.randomUUID() },
    ]) {
      const res = await call(getActivation, { token, params });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
    const bad = await call(getActivation, { token, params: { id: ids.k1!, activation_id: "1" } });
    expect(bad.body.detail).toMatchObject([{ type: "uuid_parsing", loc: ["path", "activation_id"] }]);
  });
});

describe("PATCH /v1/license-keys/{id}, field by field", () => {
  const patch = (id: string, body: unknown) => call(update, { method: "PATCH", token, params: { id }, body });

  it("changes exactly the one field sent, each in turn", async () => {
    const db = await getDb();
    const key = await createLicenseKey(db, ids.org!, { benefitId: ids.benefitA!, customerId: ids.dave! });
    const cases: [string, unknown, unknown][] = [
      ["status", "disabled", "disabled"],
      ["usage", 4, 4],
      ["limit_activations", 7, 7],
      ["limit_usage", 20, 20],
      ["expires_at", "2031-06-15T08:30:00.123Z", new Date("2031-06-15T08:30:00.123Z")],
      ["limit_usage", null, null],
      ["limit_activations", null, null],
      ["expires_at", null, null],
    ];
    for (const [field, value, stored] of cases) {
      const before = await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } });
      const res = await patch(key.id, { [field]: value });
      expect(res.status).toBe(200);
      expect(res.body[field]).toEqual(value);
      expect(Object.keys(res.body).sort()).toEqual([...KEY_FIELDS, "activations"].sort());
      expect(res.body.modified_at).toMatch(ISO);
      const after = await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } });
      expect((after as Record<string, unknown>)[field]).toEqual(stored);
      expect({ ...after, [field]: null, modified_at: null }).toEqual({
        ...before,
        [field]: null,
        modified_at: null,
      });
    }
  });

  it("accepts an empty object and changes nothing but modified_at", async () => {
    const db = await getDb();
    const before = await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k3! } });
    const res = await patch(ids.k3!, {});
    expect(res.status).toBe(200);
    const after = await db.licenseKey.findUniqueOrThrow({ where: { id: ids.k3! } });
    expect({ ...after, modified_at: null }).toEqual({ ...before, modified_at: null });
  });

  it("will not let usage pass the usage limit", async () => {
    const db = await getDb();
    const key = await createLicenseKey(db, ids.org!, {
      benefitId: ids.benefitA!,
      customerId: ids.carol!,
      key: { usage: 2, limit_usage: 5 },
    });
    const over = await patch(key.id, { usage: 6 });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      error: "RequestValidationError",
      detail: [{ type: "value_error", loc: ["body", "usage"], msg: expect.any(String), input: 6 }],
    });
    const both = await patch(key.id, { usage: 9, limit_usage: 8 });
    expect(both.body.detail).toMatchObject([{ type: "value_error", loc: ["body", "usage"], input: 9 }]);
    expect((await patch(key.id, { usage: 5 })).body.usage).toBe(5);
    expect((await patch(key.id, { usage: 9, limit_usage: 9 })).body).toMatchObject({
      usage: 9,
      limit_usage: 9,
    });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({
      usage: 9,
      limit_usage: 9,
    });
  });

  it("rejects limit_activations 0 and 51, and wrong types, one by one", async () => {
    for (const [body, type, loc] of [
      [{ limit_activations: 0 }, "greater_than_equal", ["body", "limit_activations"]],
      [{ limit_activations: 51 }, "less_than_equal", ["body", "limit_activations"]],
      [{ limit_activations: 2.5 }, "int_type", ["body", "limit_activations"]],
      [{ usage: "3" }, "int_type", ["body", "usage"]],
      [{ limit_usage: 0 }, "greater_than", ["body", "limit_usage"]],
      [{ status: "active" }, "enum", ["body", "status"]],
    ] as const) {
      const res = await patch(ids.k1!, body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      expect(res.body.detail[0]).toMatchObject({ type, loc });
    }
  });

  it("is 404 for an unknown key and 422 for a malformed id or a non-object body", async () => {
    const unknown = await patch(crypto.randomUUID(), { status: "revoked" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    const malformed = await patch("nope", { status: "revoked" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"] });
    expect((await patch(ids.k1!, [1, 2])).status).toBe(422);
    const broken = await call(update, { method: "PATCH", token, params: { id: ids.k1! }, rawBody: "" });
    expect(broken.status).toBe(422);
  });
});

describe("activations once deactivated", () => {
  it("disappear from the key and answer 404", async () => {
    const db = await getDb();
    const activation = await createActivation(db, ids.k1!, { label: "Soon gone" });
    const params = { id: ids.k1!, activation_id: activation.id };
    const found = await call(getActivation, { token, params });
    expect(found.status).toBe(200);
    expect(found.body.created_at).toMatch(ISO);
    expect(found.body.license_key.created_at).toMatch(ISO);
    expect(Object.keys(found.body.license_key.customer).sort()).toEqual(CUSTOMER_FIELDS);
    await db.licenseKeyActivation.update({ where: { id: activation.id }, data: { deleted_at: new Date() } });
    expect((await call(getActivation, { token, params })).status).toBe(404);
    const key = await call(getOne, { token, params: { id: ids.k1! } });
    expect(key.body.activations.map((a: { id: string }) => a.id)).not.toContain(activation.id);
    expect(
      (await call(getActivation, { token: otherToken, params: { id: ids.k1!, activation_id: ids.a1! } }))
        .status,
    ).toBe(404);
  });
});
