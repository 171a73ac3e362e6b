// POST /v1/license-keys/{id}/rotate: a new value for the same key. Everything but the value stays
// (grant, status, limits, usage, validations, activations, expiry), the old value stops working at
// once, and every reader of keys (the merchant's GET, the buyer's confirmation) shows the new one.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { LICENSE_KEY_FIELDS } from "@/test/shapes";
import { GET as getRotate, POST as rotate } from "./[id]/rotate/route";
import { GET as getOne } from "./[id]/route";
import { POST as validate } from "../customer-portal/license-keys/validate/route";
import { POST as activate } from "../customer-portal/license-keys/activate/route";
import { POST as createCheckout } from "../checkouts/custom/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as buyersBenefits } from "../checkouts/custom/client/[client_secret]/benefits/route";

const UUID = "[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}";
const KEY_FIELDS = [...LICENSE_KEY_FIELDS, "order_id", "subscription_id", "activations"].sort();

let db: Db;
const t = { token: "", readOnly: "", other: "" };
const ids = { org: "", other: "", benefit: "", plainBenefit: "", customer: "", foreignKey: "" };

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  t.token = (await createToken(db, org.id)).token;
  t.readOnly = (await createToken(db, org.id, { scopes: ["license_keys:read"] })).token;
  t.other = (await createToken(db, other.id)).token;
  ids.benefit = (await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "APP" } })).id;
  ids.plainBenefit = (await createBenefit(db, org.id, { type: "license_keys", properties: {} })).id;
  ids.customer = (await createCustomer(db, org.id)).id;
  const stranger = await createCustomer(db, other.id);
  const foreignBenefit = await createBenefit(db, other.id, { type: "license_keys" });
  ids.foreignKey = (
    await createLicenseKey(db, other.id, { benefitId: foreignBenefit.id, customerId: stranger.id })
  ).id;
});

function newKey(key: Partial<Prisma.LicenseKeyUncheckedCreateInput> = {}, benefitId = ids.benefit) {
  return createLicenseKey(db, ids.org, { benefitId, customerId: ids.customer, key });
}

const rotateKey = (id: string, token = t.token, headers: Record<string, string> = {}) =>
  call(rotate, { token, params: { id }, method: "POST", headers });
const keyRow = (id: string) => db.licenseKey.findUniqueOrThrow({ where: { id } });

describe("POST /v1/license-keys/{id}/rotate", () => {
  it("gives the key a new value and keeps everything else, activations included", async () => {
    const key = await newKey({
      limit_activations: 3,
      limit_usage: 10,
      usage: 4,
      validations: 7,
      expires_at: new Date(Date.now() + 86_400_000),
    });
    const laptop = await createActivation(db, key.id, { label: "Laptop", conditions: { m: "abc" } });
    await createActivation(db, key.id, { label: "Desktop" });
    const before = await call(getOne, { token: t.token, params: { id: key.id } });
    const startedAt = Date.now();

    const res = await rotateKey(key.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(KEY_FIELDS);
    expect(res.body.key).toMatch(new RegExp(`^APP-${UUID}$`));
    expect(res.body.key).not.toBe(key.key);
    expect(res.body).toEqual({
      ...before.body,
      key: res.body.key,
      display_key: `****-${res.body.key.slice(-6)}`,
      modified_at: res.body.modified_at,
    });
    expect(Date.parse(res.body.modified_at)).toBeGreaterThanOrEqual(startedAt);
    expect((await call(getOne, { token: t.token, params: { id: key.id } })).body).toEqual(res.body);
    expect(await keyRow(key.id)).toMatchObject({ key: res.body.key, usage: 4, validations: 7 });

    // The old value is unknown at once; the new one validates with the activation it had.
    const old = await call(validate, { body: { key: key.key, organization_id: ids.org } });
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ error: "ResourceNotFound", detail: "License key not found." });
    const oldActivate = await call(activate, {
      body: { key: key.key, organization_id: ids.org, label: "Laptop", conditions: { m: "abc" } },
    });
    expect(oldActivate.status).toBe(404);
    const fresh = await call(validate, {
      body: {
        key: res.body.key,
        organization_id: ids.org,
        activation_id: laptop.id,
        conditions: { m: "abc" },
        increment_usage: 1,
      },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ id: key.id, usage: 5, validations: 8, activation: { id: laptop.id } });
    // The same device activating with the new value keeps its slot.
    const sameDevice = await call(activate, {
      body: { key: res.body.key, organization_id: ids.org, label: "Laptop", conditions: { m: "abc" } },
    });
    expect(sameDevice.status).toBe(200);
    expect(sameDevice.body.id).toBe(laptop.id);
    expect(await db.licenseKeyActivation.count({ where: { license_key_id: key.id, deleted_at: null } })).toBe(
      2,
    );
  });

  it("keeps the prefix the key was issued with, even after the benefit's changed", async () => {
    const benefit = await createBenefit(db, ids.org, { type: "license_keys", properties: { prefix: "old" } });
    const issued = await newKey({}, benefit.id);
    expect(issued.key).toMatch(new RegExp(`^OLD-${UUID}$`));
    await db.benefit.update({ where: { id: benefit.id }, data: { properties: { prefix: "NEW" } } });
    expect((await rotateKey(issued.id)).body.key).toMatch(new RegExp(`^OLD-${UUID}$`));

    const bare = await newKey({}, ids.plainBenefit);
    expect((await rotateKey(bare.id)).body.key).toMatch(new RegExp(`^${UUID}$`));
    const hyphenated = await newKey({ key: `MY-APP-${randomUUID().toUpperCase()}` });
    expect((await rotateKey(hyphenated.id)).body.key).toMatch(new RegExp(`^MY-APP-${UUID}$`));
    // A key written by hand has no issued prefix: it gets the benefit's, as a new key would.
    const byHand = await newKey({ key: "HANDMADE-0001" }, benefit.id);
    expect((await rotateKey(byHand.id)).body.key).toMatch(new RegExp(`^NEW-${UUID}$`));
  });

  it("rotates a revoked or disabled key and leaves its status", async () => {
    for (const status of ["revoked", "disabled"] as const) {
      const key = await newKey({ status });
      const res = await rotateKey(key.id);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
      expect(await keyRow(key.id)).toMatchObject({ status, key: res.body.key });
      const check = await call(validate, { body: { key: res.body.key, organization_id: ids.org } });
      expect(check.body).toEqual({ error: "ResourceNotFound", detail: "License key is no longer active." });
    }
  });

  it("is 404 for another organization's key and an unknown id, 422 for a malformed one", async () => {
    const foreign = await keyRow(ids.foreignKey);
    for (const id of [ids.foreignKey, randomUUID()]) {
      const res = await rotateKey(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
    expect(await keyRow(ids.foreignKey)).toEqual(foreign);
    const bad = await rotateKey("not-a-uuid");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatchObject([{ type: "uuid_parsing", loc: ["path", "id"] }]);
    // The owner's token rotates it.
    expect((await rotateKey(ids.foreignKey, t.other)).status).toBe(200);
  });

  it("needs license_keys:write; other methods are 405", async () => {
    const key = await newKey();
    const res = await rotateKey(key.id, t.readOnly);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: license_keys:write.",
    });
    expect((await keyRow(key.id)).key).toBe(key.key);
    const get = await call(getRotate, { token: t.token, params: { id: key.id } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("replays a retry with the same Idempotency-Key instead of rotating twice", async () => {
    const key = await newKey();
    const headers = { "Idempotency-Key": randomUUID() };
    const first = await rotateKey(key.id, t.token, headers);
    const retry = await rotateKey(key.id, t.token, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect((await keyRow(key.id)).key).toBe(first.body.key);
  });

  it("shows the new value on the buyer's confirmation page", async () => {
    const { product } = await createProduct(db, ids.org, {
      price: { price_amount: 4900 },
      benefitIds: [ids.benefit],
    });
    const created = await call(createCheckout, { token: t.token, body: { product_id: product.id } });
    expect(created.status).toBe(201);
    const params = { client_secret: created.body.client_secret as string };
    const confirmed = await call(confirm, {
      params,
      body: {
        customer_email: "buyer@example.com",
        customer_name: "Jane Buyer",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    await runDueJobs(db, jobHandlers);
    const issued = await call(buyersBenefits, { params });
    expect(issued.status).toBe(200);
    const before = issued.body.items[0].license_key;

    const rotated = await rotateKey(before.id);
    expect(rotated.status).toBe(200);
    const after = await call(buyersBenefits, { params });
    expect(after.body.items[0].license_key).toEqual({
      ...before,
      key: rotated.body.key,
      display_key: rotated.body.display_key,
    });
    expect(after.body.items[0].license_key.key).not.toBe(before.key);
  });

  // PGlite runs one statement at a time; only PostgreSQL shows what the key's lock decides.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "serializes parallel rotations: each answers its own value, the last one committed stays",
    async () => {
      const key = await newKey();
      const results = await Promise.all(Array.from({ length: 8 }, () => rotateKey(key.id)));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      const values = results.map((r) => r.body.key as string);
      expect(new Set(values).size).toBe(8);
      const stored = (await keyRow(key.id)).key;
      expect(values).toContain(stored);
      // Only the value that committed last opens the key.
      for (const value of values) {
        const res = await call(validate, { body: { key: value, organization_id: ids.org } });
        expect(res.status).toBe(value === stored ? 200 : 404);
      }
    },
  );
});
