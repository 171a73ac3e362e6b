// The merchant's backend checking keys with a token: POST /v1/license-keys/validate, activate and
// deactivate follow the public routes' rules for keys of the token's organization only, need
// license_keys:write, and are limited per key as well as per token.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { signIn } from "@/lib/auth/sessions";
import { SESSION_COOKIE } from "@/lib/api/session-cookies";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createMerchantUser,
  createOrganization,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { ISO, LICENSE_KEY_FIELDS as KEY_FIELDS } from "@/test/shapes";
import { GET as getValidate, POST as validate } from "./validate/route";
import { POST as activate } from "./activate/route";
import { POST as deactivate } from "./deactivate/route";
import { POST as publicValidate } from "../customer-portal/license-keys/validate/route";

const ACTIVATION_FIELDS = ["created_at", "id", "label", "license_key_id", "meta", "modified_at"].sort();

let db: Db;
const t = { token: "", writeOnly: "", readOnly: "", other: "" };
const ids = { org: "", other: "", benefit: "", customer: "", foreignBenefit: "", foreignCustomer: "" };
const savedKeyLimit = process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE;

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  t.token = (await createToken(db, org.id)).token;
  t.writeOnly = (await createToken(db, org.id, { scopes: ["license_keys:write"] })).token;
  t.readOnly = (await createToken(db, org.id, { scopes: ["license_keys:read"] })).token;
  t.other = (await createToken(db, other.id)).token;
  ids.benefit = (await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "APP" } })).id;
  ids.customer = (await createCustomer(db, org.id, { email: "carol@example.com", name: "Carol" })).id;
  ids.foreignBenefit = (await createBenefit(db, other.id, { type: "license_keys" })).id;
  ids.foreignCustomer = (await createCustomer(db, other.id)).id;
});

afterEach(() => {
  if (savedKeyLimit === undefined) delete process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE;
  else process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = savedKeyLimit;
});

/** A fresh key of the token's organization, so each test owns its counters and activations. */
function newKey(key: Partial<Prisma.LicenseKeyUncheckedCreateInput> = {}) {
  return createLicenseKey(db, ids.org, { benefitId: ids.benefit, customerId: ids.customer, key });
}

function foreignKey(key: Partial<Prisma.LicenseKeyUncheckedCreateInput> = {}) {
  return createLicenseKey(db, ids.other, {
    benefitId: ids.foreignBenefit,
    customerId: ids.foreignCustomer,
    key,
  });
}

const keyRow = (id: string) => db.licenseKey.findUniqueOrThrow({ where: { id } });
const currentActivations = (licenseKeyId: string) =>
  db.licenseKeyActivation.count({ where: { license_key_id: licenseKeyId, deleted_at: null } });
const notFound = (detail: string) => ({ error: "ResourceNotFound", detail });

describe("POST /v1/license-keys/validate", () => {
  it("validates a key of the token's organization, organization_id left out", async () => {
    const key = await newKey({ limit_usage: 10, usage: 2, limit_activations: 2 });
    const activation = await createActivation(db, key.id, { label: "Laptop", meta: { os: "linux" } });
    const before = Date.now();
    const res = await call(validate, {
      token: t.writeOnly,
      body: { key: key.key, activation_id: activation.id, increment_usage: 3 },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...KEY_FIELDS, "activation", "livemode"].sort());
    expect(res.body.livemode).toBe(false);
    expect(res.body).toMatchObject({
      id: key.id,
      key: key.key,
      organization_id: ids.org,
      customer_id: ids.customer,
      status: "granted",
      usage: 5,
      limit_usage: 10,
      validations: 1,
    });
    expect(Date.parse(res.body.last_validated_at)).toBeGreaterThanOrEqual(before);
    expect(res.body.last_validated_at).toMatch(ISO);
    expect(Object.keys(res.body.activation).sort()).toEqual(ACTIVATION_FIELDS);
    expect(res.body.activation).toMatchObject({ id: activation.id, label: "Laptop", meta: { os: "linux" } });
    expect(await keyRow(key.id)).toMatchObject({ usage: 5, validations: 1 });
  });

  it("answers exactly as the public route does", async () => {
    const key = await newKey({ usage: 1 });
    const body = { key: key.key, organization_id: ids.org };
    const viaPublic = await call(publicValidate, { body });
    const viaToken = await call(validate, { token: t.token, body });
    expect(viaToken.status).toBe(200);
    const counters = ["validations", "last_validated_at", "modified_at"];
    const without = (answer: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(answer).filter(([field]) => !counters.includes(field)));
    expect(without(viaToken.body)).toEqual(without(viaPublic.body));
    expect(viaToken.body.validations).toBe(2);
  });

  it("is 404 like an unknown key for another organization, named or owning the key", async () => {
    const key = await newKey();
    const foreign = await foreignKey();
    const cases = [
      { key: key.key, organization_id: ids.other },
      { key: key.key, organization_id: randomUUID() },
      { key: foreign.key },
      { key: foreign.key, organization_id: ids.other },
      { key: foreign.key, organization_id: ids.org },
      { key: "APP-NOT-A-REAL-KEY" },
    ];
    for (const body of cases) {
      const res = await call(validate, { token: t.token, body });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body).toEqual(notFound("License key not found."));
    }
    expect(await keyRow(key.id)).toMatchObject({ validations: 0 });
    expect(await keyRow(foreign.id)).toMatchObject({ validations: 0 });
    // The other organization's own token does validate its key.
    expect((await call(validate, { token: t.other, body: { key: foreign.key } })).status).toBe(200);
  });

  it("keeps the public rules: status, expiry, usage limit, matching ids and conditions", async () => {
    const revoked = await newKey({ status: "revoked" });
    const expired = await newKey({ expires_at: new Date(Date.now() - 60_000) });
    const limited = await newKey({ limit_usage: 3, usage: 2, limit_activations: 2 });
    const strict = await createActivation(db, limited.id, { conditions: { machine: "abc" } });
    const cases = [
      [{ key: revoked.key }, 404, notFound("License key is no longer active.")],
      [{ key: expired.key }, 404, notFound("License key has expired.")],
      [
        { key: limited.key, increment_usage: 2 },
        400,
        { error: "BadRequest", detail: "License key only has 1 more usages." },
      ],
      [
        { key: limited.key, benefit_id: randomUUID() },
        404,
        notFound("License key does not match the given benefit."),
      ],
      [
        { key: limited.key, customer_id: randomUUID() },
        404,
        notFound("License key does not match the given customer."),
      ],
      [
        { key: limited.key, activation_id: strict.id, conditions: { machine: "xyz" } },
        404,
        notFound("License key does not match the activation's conditions."),
      ],
    ] as const;
    for (const [body, status, answer] of cases) {
      const res = await call(validate, { token: t.token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toEqual(answer);
    }
    for (const key of [revoked, expired, limited]) {
      expect(await keyRow(key.id)).toMatchObject({ validations: 0, usage: key.usage });
    }
  });

  it("rejects invalid bodies with 422; only the key is required", async () => {
    const missing = await call(validate, { token: t.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { type: "missing", loc: ["body", "key"], msg: "Field required", input: null },
    ]);
    const bad = await call(validate, { token: t.token, body: { key: "x", organization_id: "nope" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatchObject([{ type: "uuid_parsing", loc: ["body", "organization_id"] }]);
    const key = await newKey();
    const withNull = await call(validate, { token: t.token, body: { key: key.key, organization_id: null } });
    expect(withNull.status).toBe(200);
  });

  it("needs license_keys:write and a token; other methods are 405", async () => {
    const key = await newKey();
    const readOnly = await call(validate, { token: t.readOnly, body: { key: key.key } });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: license_keys:write.",
    });
    const anonymous = await call(validate, { body: { key: key.key, organization_id: ids.org } });
    expect(anonymous.status).toBe(401);
    expect(await keyRow(key.id)).toMatchObject({ validations: 0 });
    const get = await call(getValidate, { token: t.token });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("limits each key, apart from the key's public budget and from other keys", async () => {
    process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = "2";
    const key = await newKey();
    const other = await newKey();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(validate, { token: t.token, body: { key: key.key } })).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Another token of the organization shares the key's budget: it is the key that is limited.
    const tired = await call(validate, { token: t.writeOnly, body: { key: key.key } });
    expect(tired.status).toBe(429);
    expect(tired.body.error).toBe("RateLimitExceeded");
    expect((await call(validate, { token: t.token, body: { key: other.key } })).status).toBe(200);
    const publicCall = await call(publicValidate, { body: { key: key.key, organization_id: ids.org } });
    expect(publicCall.status).toBe(200);
    expect(await keyRow(key.id)).toMatchObject({ validations: 3 });
  });
});

describe("POST /v1/license-keys/activate", () => {
  it("activates a key of the token's organization, and gives the same device its activation back", async () => {
    const key = await newKey({ limit_activations: 1 });
    const body = { key: key.key, label: "Build server", conditions: { host: "ci-1" }, meta: { v: 1 } };
    const res = await call(activate, { token: t.token, body });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...ACTIVATION_FIELDS, "license_key", "livemode"].sort());
    expect(res.body.livemode).toBe(false);
    expect(res.body).toMatchObject({ license_key_id: key.id, label: "Build server", meta: { v: 1 } });
    expect(res.body.license_key).toMatchObject({ id: key.id, key: key.key, organization_id: ids.org });
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ conditions: { host: "ci-1" }, meta: { v: 1 }, deleted_at: null });

    const again = await call(activate, { token: t.token, body: { ...body, meta: { v: 2 } } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const full = await call(activate, { token: t.token, body: { ...body, label: "Other server" } });
    expect(full.status).toBe(403);
    expect(full.body).toEqual({
      error: "NotPermitted",
      detail: "License key activation limit already reached",
    });
    expect(await currentActivations(key.id)).toBe(1);
  });

  it("is 403 for a key without an activation limit", async () => {
    const key = await newKey({ limit_activations: null });
    const res = await call(activate, { token: t.token, body: { key: key.key, label: "Laptop" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "NotPermitted", detail: "License key does not require activation" });
  });

  it("is 404 like an unknown key for another organization's key or a foreign organization_id", async () => {
    const key = await newKey({ limit_activations: 3 });
    const foreign = await foreignKey({ limit_activations: 3 });
    for (const body of [
      { key: key.key, organization_id: ids.other },
      { key: foreign.key },
      { key: foreign.key, organization_id: ids.other },
    ]) {
      const res = await call(activate, { token: t.token, body: { ...body, label: "Laptop" } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("License key not found."));
    }
    expect(await currentActivations(key.id)).toBe(0);
    expect(await currentActivations(foreign.id)).toBe(0);
  });

  it("needs license_keys:write", async () => {
    const key = await newKey({ limit_activations: 3 });
    const res = await call(activate, { token: t.readOnly, body: { key: key.key, label: "Laptop" } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("insufficient_scope");
    expect(await currentActivations(key.id)).toBe(0);
  });
});

describe("POST /v1/license-keys/deactivate", () => {
  it("answers 204 and frees the slot at once", async () => {
    const key = await newKey({ limit_activations: 1 });
    const first = await call(activate, { token: t.token, body: { key: key.key, label: "Old laptop" } });
    const res = await call(deactivate, {
      token: t.token,
      body: { key: key.key, activation_id: first.body.id },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await currentActivations(key.id)).toBe(0);
    const next = await call(activate, { token: t.token, body: { key: key.key, label: "New laptop" } });
    expect(next.status).toBe(200);
  });

  it("is 404 like an unknown activation for another organization, and leaves it in place", async () => {
    const key = await newKey({ limit_activations: 2 });
    const mine = await createActivation(db, key.id);
    const foreign = await foreignKey({ limit_activations: 2 });
    const theirs = await createActivation(db, foreign.id);
    for (const body of [
      { key: key.key, organization_id: ids.other, activation_id: mine.id },
      { key: foreign.key, activation_id: theirs.id },
      { key: foreign.key, organization_id: ids.other, activation_id: theirs.id },
      { key: key.key, activation_id: randomUUID() },
    ]) {
      const res = await call(deactivate, { token: t.token, body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("License key activation not found."));
    }
    expect(await currentActivations(key.id)).toBe(1);
    expect(await currentActivations(foreign.id)).toBe(1);
  });

  it("needs license_keys:write", async () => {
    const key = await newKey({ limit_activations: 2 });
    const activation = await createActivation(db, key.id);
    const res = await call(deactivate, {
      token: t.readOnly,
      body: { key: key.key, activation_id: activation.id },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: license_keys:write.",
    });
    expect(await currentActivations(key.id)).toBe(1);
  });
});

describe("a signed-in merchant of several organizations", () => {
  it("must name the organization, and may name any of theirs", async () => {
    await createMerchantUser(db, {
      email: "two-orgs@example.com",
      password: "a long enough password",
      organizationIds: [ids.org, ids.other],
    });
    const signedIn = await signIn(db, {
      email: "two-orgs@example.com",
      password: "a long enough password",
      address: "127.0.0.1",
    });
    const headers = {
      cookie: `${SESSION_COOKIE}=${signedIn.token}`,
      "x-csrf-token": signedIn.view.csrf_token,
    };
    const key = await newKey();
    const foreign = await foreignKey();
    const unnamed = await call(validate, { headers, body: { key: key.key } });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.detail).toEqual([
      { type: "missing", loc: ["body", "organization_id"], msg: "Field required", input: null },
    ]);
    for (const [licenseKey, organizationId] of [
      [key, ids.org],
      [foreign, ids.other],
    ] as const) {
      const res = await call(validate, {
        headers,
        body: { key: licenseKey.key, organization_id: organizationId },
      });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(licenseKey.id);
    }
    const crossed = await call(validate, { headers, body: { key: key.key, organization_id: ids.other } });
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual(notFound("License key not found."));
  });
});
