import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrganization,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as getValidate, POST as validate } from "./validate/route";
import { POST as activate } from "./activate/route";
import { POST as deactivate } from "./deactivate/route";
import { ISO, LICENSE_KEY_FIELDS as KEY_FIELDS } from "@/test/shapes";

const ACTIVATION_FIELDS = ["created_at", "id", "label", "license_key_id", "meta", "modified_at"].sort();

const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "APP" } });
  const otherBenefit = await createBenefit(db, org.id, { type: "license_keys", properties: {} });
  const customer = await createCustomer(db, org.id, { email: "carol@example.com", name: "Carol" });
  const otherCustomer = await createCustomer(db, org.id);
  const foreignBenefit = await createBenefit(db, other.id, { type: "license_keys" });
  const foreignCustomer = await createCustomer(db, other.id);
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    benefit: benefit.id,
    otherBenefit: otherBenefit.id,
    customer: customer.id,
    otherCustomer: otherCustomer.id,
    foreignBenefit: foreignBenefit.id,
    foreignCustomer: foreignCustomer.id,
  });
});

/** A fresh key of the test organization, so each test owns its counters and activations. */
async function newKey(key: Partial<Prisma.LicenseKeyUncheckedCreateInput> = {}) {
  const db = await getDb();
  return createLicenseKey(db, ids.org!, { benefitId: ids.benefit!, customerId: ids.customer!, key });
}

async function keyRow(id: string) {
  return (await getDb()).licenseKey.findUniqueOrThrow({ where: { id } });
}

async function currentActivations(licenseKeyId: string) {
  return (await getDb()).licenseKeyActivation.count({
    where: { license_key_id: licenseKeyId, deleted_at: null },
  });
}

const notFound = (detail: string) => ({ error: "ResourceNotFound", detail });
const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 86_400_000);

describe("POST /v1/customer-portal/license-keys/validate", () => {
  it("returns the key with its activation and counts the validation and usage", async () => {
    const key = await newKey({ limit_usage: 10, usage: 2, limit_activations: 2, expires_at: future() });
    const db = await getDb();
    const activation = await createActivation(db, key.id, { label: "Laptop", meta: { os: "linux" } });
    const before = Date.now();
    const res = await call(validate, {
      body: {
        key: key.key,
        organization_id: ids.org,
        activation_id: activation.id,
        benefit_id: ids.benefit,
        customer_id: ids.customer,
        increment_usage: 3,
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...KEY_FIELDS, "activation", "livemode"].sort());
    expect(res.body.livemode).toBe(false);
    expect(res.body).toMatchObject({
      id: key.id,
      key: key.key,
      display_key: `****-${key.key.slice(-6)}`,
      organization_id: ids.org,
      benefit_id: ids.benefit,
      customer_id: ids.customer,
      user_id: ids.customer,
      user: { id: ids.customer, email: "carol@example.com", public_name: "Carol" },
      status: "granted",
      usage: 5,
      limit_usage: 10,
      limit_activations: 2,
      validations: 1,
    });
    expect(res.body.customer.email).toBe("carol@example.com");
    expect(res.body.last_validated_at).toMatch(ISO);
    expect(Date.parse(res.body.last_validated_at)).toBeGreaterThanOrEqual(before);
    expect(Object.keys(res.body.activation).sort()).toEqual(ACTIVATION_FIELDS);
    expect(res.body.activation).toMatchObject({
      id: activation.id,
      license_key_id: key.id,
      label: "Laptop",
      meta: { os: "linux" },
      modified_at: null,
    });

    const row = await keyRow(key.id);
    expect(row).toMatchObject({ usage: 5, validations: 1 });
    expect(row.last_validated_at?.toISOString()).toBe(res.body.last_validated_at);
  });

  it("without an activation or increment only counts the validation", async () => {
    const key = await newKey({ usage: 4 });
    for (const validations of [1, 2]) {
      const res = await call(validate, { body: { key: key.key, organization_id: ids.org } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ activation: null, usage: 4, validations });
    }
    expect(await keyRow(key.id)).toMatchObject({ usage: 4, validations: 2 });
  });

  it("accepts null for the optional fields", async () => {
    const key = await newKey();
    const res = await call(validate, {
      body: {
        key: key.key,
        organization_id: ids.org,
        activation_id: null,
        benefit_id: null,
        customer_id: null,
        increment_usage: null,
        conditions: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ activation: null, usage: 0, validations: 1 });
  });

  it("is 404 for an unknown key and across organizations", async () => {
    const db = await getDb();
    const key = await newKey();
    const foreign = await createLicenseKey(db, ids.other!, {
      benefitId: ids.foreignBenefit!,
      customerId: ids.foreignCustomer!,
    });
    const cases = [
      { key: "APP-NOT-A-REAL-KEY", organization_id: ids.org },
      { key: key.key, organization_id: ids.other },
      { key: foreign.key, organization_id: ids.org },
      { key: key.key.toLowerCase(), organization_id: ids.org },
      { key: key.key, organization_id: randomUUID() },
    ];
    for (const body of cases) {
      const res = await call(validate, { body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("License key not found."));
    }
    expect(await keyRow(key.id)).toMatchObject({ validations: 0 });
    expect(await keyRow(foreign.id)).toMatchObject({ validations: 0 });
  });

  it("is 404 for a revoked, disabled or expired key, without counting", async () => {
    const revoked = await newKey({ status: "revoked" });
    const disabled = await newKey({ status: "disabled" });
    const expired = await newKey({ expires_at: past() });
    for (const [key, detail] of [
      [revoked, "License key is no longer active."],
      [disabled, "License key is no longer active."],
      [expired, "License key has expired."],
    ] as const) {
      const res = await call(validate, {
        body: { key: key.key, organization_id: ids.org, increment_usage: 1 },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound(detail));
      expect(await keyRow(key.id)).toMatchObject({ validations: 0, usage: 0, last_validated_at: null });
    }
  });

  it("is 404 when the benefit, customer or activation does not match", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 3 });
    const sibling = await newKey({ limit_activations: 3 });
    const siblingActivation = await createActivation(db, sibling.id);
    const gone = await createActivation(db, key.id, { deleted_at: past() });
    const body = { key: key.key, organization_id: ids.org };
    const cases = [
      [{ benefit_id: ids.otherBenefit }, "License key does not match the given benefit."],
      [{ customer_id: ids.otherCustomer }, "License key does not match the given customer."],
      [{ activation_id: randomUUID() }, "License key activation not found."],
      [{ activation_id: siblingActivation.id }, "License key activation not found."],
      [{ activation_id: gone.id }, "License key activation not found."],
    ] as const;
    for (const [extra, detail] of cases) {
      const res = await call(validate, { body: { ...body, ...extra } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound(detail));
    }
    expect(await keyRow(key.id)).toMatchObject({ validations: 0 });
  });

  it("requires the activation's stored conditions, in any key order", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 3 });
    const strict = await createActivation(db, key.id, { conditions: { major: 2, machine: "abc" } });
    const open = await createActivation(db, key.id);
    const body = { key: key.key, organization_id: ids.org };

    for (const conditions of [undefined, {}, { major: 2 }, { major: 3, machine: "abc" }]) {
      const res = await call(validate, { body: { ...body, activation_id: strict.id, conditions } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("License key does not match the activation's conditions."));
    }
    const ok = await call(validate, {
      body: { ...body, activation_id: strict.id, conditions: { machine: "abc", major: 2 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.activation.id).toBe(strict.id);
    // Conditions sent to an activation that stored none are not checked.
    const loose = await call(validate, { body: { ...body, activation_id: open.id, conditions: { x: 1 } } });
    expect(loose.status).toBe(200);
    expect(await keyRow(key.id)).toMatchObject({ validations: 2 });
  });

  it("is 400 when the increment would pass the usage limit", async () => {
    const key = await newKey({ limit_usage: 5, usage: 3 });
    const body = { key: key.key, organization_id: ids.org };

    const over = await call(validate, { body: { ...body, increment_usage: 3 } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ error: "BadRequest", detail: "License key only has 2 more usages." });
    expect(await keyRow(key.id)).toMatchObject({ usage: 3, validations: 0 });

    expect((await call(validate, { body: { ...body, increment_usage: 2 } })).body.usage).toBe(5);
    const full = await call(validate, { body: { ...body, increment_usage: 1 } });
    expect(full.status).toBe(400);
    expect(full.body).toEqual({ error: "BadRequest", detail: "License key only has 0 more usages." });
    // Validating without using more stays possible at the limit.
    const zero = await call(validate, { body: { ...body, increment_usage: 0 } });
    expect(zero.status).toBe(200);
    expect(zero.body).toMatchObject({ usage: 5, validations: 2 });
  });

  it("rejects invalid bodies with 422 and every problem", async () => {
    const key = await newKey();
    const missing = await call(validate, { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe("RequestValidationError");
    expect(missing.body.detail).toEqual([
      { type: "missing", loc: ["body", "key"], msg: "Field required", input: null },
      { type: "missing", loc: ["body", "organization_id"], msg: "Field required", input: null },
    ]);

    const bad = await call(validate, {
      body: {
        key: key.key,
        organization_id: "not-a-uuid",
        activation_id: "nope",
        increment_usage: -1,
        conditions: "x",
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatchObject([
      { type: "uuid_parsing", loc: ["body", "organization_id"], input: "not-a-uuid" },
      { type: "uuid_parsing", loc: ["body", "activation_id"], input: "nope" },
      {
        type: "greater_than_equal",
        loc: ["body", "increment_usage"],
        msg: "Input should be greater than or equal to 0",
        input: -1,
      },
      { type: "model_attributes_type", loc: ["body", "conditions"], input: "x" },
    ]);

    const fraction = await call(validate, {
      body: { key: key.key, organization_id: ids.org, increment_usage: 1.5 },
    });
    expect(fraction.status).toBe(422);
    expect(fraction.body.detail).toMatchObject([{ loc: ["body", "increment_usage"], input: 1.5 }]);

    const empty = await call(validate, { rawBody: "", method: "POST" });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toEqual([
      { type: "missing", loc: ["body"], msg: "Field required", input: null },
    ]);
    expect(await keyRow(key.id)).toMatchObject({ validations: 0 });
  });

  it("needs no token and answers other methods with 405", async () => {
    const key = await newKey();
    const res = await call(validate, {
      body: { key: key.key, organization_id: ids.org },
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(res.status).toBe(200);
    const get = await call(getValidate);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("never lets parallel increments pass the usage limit", async () => {
    const key = await newKey({ limit_usage: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(validate, { body: { key: key.key, organization_id: ids.org, increment_usage: 1 } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(
      results
        .filter((r) => r.status === 200)
        .map((r) => r.body.usage)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    for (const r of results.filter((r) => r.status === 400)) {
      expect(r.body).toEqual({ error: "BadRequest", detail: "License key only has 0 more usages." });
    }
    expect(await keyRow(key.id)).toMatchObject({ usage: 5, validations: 5 });
  });
});

describe("POST /v1/customer-portal/license-keys/activate", () => {
  it("creates an activation and returns it with the key nested", async () => {
    const key = await newKey({ limit_activations: 2 });
    const before = Date.now();
    const res = await call(activate, {
      body: {
        key: key.key,
        organization_id: ids.org,
        label: "Work laptop",
        meta: { os: "linux", cores: 8 },
        conditions: { machine: "abc" },
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...ACTIVATION_FIELDS, "license_key", "livemode"].sort());
    expect(res.body.livemode).toBe(false);
    expect(res.body).toMatchObject({
      license_key_id: key.id,
      label: "Work laptop",
      meta: { os: "linux", cores: 8 },
      modified_at: null,
    });
    expect(res.body.created_at).toMatch(ISO);
    expect(Date.parse(res.body.created_at)).toBeGreaterThanOrEqual(before);
    expect(Object.keys(res.body.license_key).sort()).toEqual(KEY_FIELDS);
    expect(res.body.license_key).toMatchObject({ id: key.id, key: key.key, limit_activations: 2 });

    const row = await (await getDb()).licenseKeyActivation.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      license_key_id: key.id,
      label: "Work laptop",
      meta: { os: "linux", cores: 8 },
      conditions: { machine: "abc" },
      deleted_at: null,
    });

    // The software then validates with the activation and the conditions it activated with.
    const body = { key: key.key, organization_id: ids.org, activation_id: res.body.id };
    const valid = await call(validate, { body: { ...body, conditions: { machine: "abc" } } });
    expect(valid.status).toBe(200);
    expect(valid.body.activation).toMatchObject({ id: res.body.id, label: "Work laptop" });
    expect((await call(validate, { body: { ...body, conditions: { machine: "xyz" } } })).status).toBe(404);
  });

  it("defaults meta and conditions to empty objects", async () => {
    const key = await newKey({ limit_activations: 1 });
    const res = await call(activate, {
      body: { key: key.key, organization_id: ids.org, label: "x".repeat(255) },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({});
    const row = await (await getDb()).licenseKeyActivation.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.conditions).toEqual({});
  });

  it("is 403 for a key without an activation limit", async () => {
    const key = await newKey({ limit_activations: null });
    const res = await call(activate, { body: { key: key.key, organization_id: ids.org, label: "Laptop" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "NotPermitted", detail: "License key does not require activation" });
    expect(await currentActivations(key.id)).toBe(0);
  });

  it("is 403 once the limit is reached; deactivated activations do not count", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 2 });
    await createActivation(db, key.id);
    await createActivation(db, key.id, { deleted_at: past() });
    const body = { key: key.key, organization_id: ids.org, label: "Laptop" };
    expect((await call(activate, { body })).status).toBe(200);
    // Another device: the same one would get its activation back (see "the same device" below).
    const full = await call(activate, { body: { ...body, label: "Desktop" } });
    expect(full.status).toBe(403);
    expect(full.body).toEqual({
      error: "NotPermitted",
      detail: "License key activation limit already reached",
    });
    expect(await currentActivations(key.id)).toBe(2);
  });

  it("is 404 for an unknown, revoked, disabled or expired key", async () => {
    const cases = [
      [await newKey({ limit_activations: 3, status: "revoked" }), "License key is no longer active."],
      [await newKey({ limit_activations: 3, status: "disabled" }), "License key is no longer active."],
      [await newKey({ limit_activations: 3, expires_at: past() }), "License key has expired."],
    ] as const;
    for (const [key, detail] of cases) {
      const res = await call(activate, { body: { key: key.key, organization_id: ids.org, label: "Laptop" } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound(detail));
      expect(await currentActivations(key.id)).toBe(0);
    }
    const known = await newKey({ limit_activations: 3 });
    for (const body of [
      { key: "APP-UNKNOWN", organization_id: ids.org },
      { key: known.key, organization_id: ids.other },
    ]) {
      const res = await call(activate, { body: { ...body, label: "Laptop" } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("License key not found."));
    }
    expect(await currentActivations(known.id)).toBe(0);
  });

  it("rejects invalid labels, meta and conditions with 422", async () => {
    const key = await newKey({ limit_activations: 3 });
    const body = { key: key.key, organization_id: ids.org };
    const cases = [
      [{}, { type: "missing", loc: ["body", "label"], msg: "Field required", input: null }],
      [
        { label: "" },
        {
          type: "string_too_short",
          loc: ["body", "label"],
          msg: "String should have at least 1 characters",
          input: "",
        },
      ],
      [
        { label: "x".repeat(256) },
        {
          type: "string_too_long",
          loc: ["body", "label"],
          msg: "String should have at most 255 characters",
          input: `${"x".repeat(199)}…`,
        },
      ],
      [{ label: 5 }, { type: "string_type", loc: ["body", "label"], input: 5 }],
      [
        { label: "ok", meta: [1] },
        { type: "model_attributes_type", loc: ["body", "meta"] },
      ],
      [
        { label: "ok", conditions: "abc" },
        { type: "model_attributes_type", loc: ["body", "conditions"] },
      ],
    ] as const;
    for (const [extra, problem] of cases) {
      const res = await call(activate, { body: { ...body, ...extra } });
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      expect(res.body.detail[0]).toMatchObject(problem);
    }
    expect(await currentActivations(key.id)).toBe(0);
  });

  it("holds the limit under parallel activations", async () => {
    const key = await newKey({ limit_activations: 3 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(activate, { body: { key: key.key, organization_id: ids.org, label: `Device ${i}` } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    for (const r of results.filter((r) => r.status === 403)) {
      expect(r.body.detail).toBe("License key activation limit already reached");
    }
    expect(await currentActivations(key.id)).toBe(3);
  });
});

describe("POST /v1/customer-portal/license-keys/activate: the same device keeps its slot", () => {
  const activateAs = (key: { key: string }, device: Record<string, unknown>) =>
    call(activate, { body: { key: key.key, organization_id: ids.org, ...device } });

  it("returns the current activation for the same label and conditions, its meta as it was", async () => {
    const key = await newKey({ limit_activations: 2 });
    const first = await activateAs(key, {
      label: "Laptop",
      conditions: { machine: "abc", major: 2 },
      meta: { version: "1.0" },
    });
    expect(first.status).toBe(200);
    // The conditions in another key order are the same conditions; the new meta is not kept.
    const again = await activateAs(key, {
      label: "Laptop",
      conditions: { major: 2, machine: "abc" },
      meta: { version: "2.0" },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.body.meta).toEqual({ version: "1.0" });
    expect(await currentActivations(key.id)).toBe(1);
    const rows = await (await getDb()).licenseKeyActivation.findMany({ where: { license_key_id: key.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.body.id, meta: { version: "1.0" }, modified_at: null });
  });

  it("treats absent, null and empty conditions alike", async () => {
    const key = await newKey({ limit_activations: 3 });
    const first = await activateAs(key, { label: "Desktop" });
    expect(first.status).toBe(200);
    for (const conditions of [null, {}]) {
      const res = await activateAs(key, { label: "Desktop", conditions });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(first.body.id);
    }
    expect(await currentActivations(key.id)).toBe(1);
  });

  it("recognises an activation stored earlier by the same device", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 2 });
    const stored = await createActivation(db, key.id, { label: "Build server", conditions: { ci: true } });
    const res = await activateAs(key, { label: "Build server", conditions: { ci: true } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(stored.id);
    expect(await currentActivations(key.id)).toBe(1);
  });

  it("takes a new slot for another label or other conditions", async () => {
    const key = await newKey({ limit_activations: 6 });
    const first = await activateAs(key, { label: "Laptop", conditions: { machine: "abc" } });
    const others = [
      await activateAs(key, { label: "Desktop", conditions: { machine: "abc" } }),
      await activateAs(key, { label: "Laptop", conditions: { machine: "xyz" } }),
      await activateAs(key, { label: "Laptop", conditions: { machine: "abc", major: 2 } }),
      await activateAs(key, { label: "Laptop" }),
      // Labels are compared exactly.
      await activateAs(key, { label: "laptop", conditions: { machine: "abc" } }),
    ];
    for (const res of others) {
      expect(res.status).toBe(200);
      expect(res.body.id).not.toBe(first.body.id);
    }
    expect(new Set(others.map((res) => res.body.id)).size).toBe(5);
    expect(await currentActivations(key.id)).toBe(6);
  });

  it("answers a full key with the device's activation; another device is refused", async () => {
    const key = await newKey({ limit_activations: 1 });
    const first = await activateAs(key, { label: "Laptop", conditions: { machine: "abc" } });
    expect(first.status).toBe(200);
    const again = await activateAs(key, { label: "Laptop", conditions: { machine: "abc" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await activateAs(key, { label: "Desktop", conditions: { machine: "abc" } });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      error: "NotPermitted",
      detail: "License key activation limit already reached",
    });
    expect(await currentActivations(key.id)).toBe(1);
  });

  it("does not bring back a deactivated activation: the slot was freed and a new one is taken", async () => {
    const key = await newKey({ limit_activations: 1 });
    const first = await activateAs(key, { label: "Laptop" });
    const freed = await call(deactivate, {
      body: { key: key.key, organization_id: ids.org, activation_id: first.body.id },
    });
    expect(freed.status).toBe(204);
    expect(await currentActivations(key.id)).toBe(0);
    const second = await activateAs(key, { label: "Laptop" });
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await currentActivations(key.id)).toBe(1);
    // Another device now fits only after this one is freed too.
    expect((await activateAs(key, { label: "Desktop" })).status).toBe(403);
  });

  it("is still refused for a revoked key, even for an activated device", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 2, status: "revoked" });
    await createActivation(db, key.id, { label: "Laptop" });
    const res = await activateAs(key, { label: "Laptop" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound("License key is no longer active."));
  });

  // PGlite runs one statement at a time; only PostgreSQL shows what the key's lock decides.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "gives 20 parallel activations of one device one slot, on a key with room and on a full one",
    async () => {
      for (const limit of [5, 1]) {
        const key = await newKey({ limit_activations: limit });
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            activateAs(key, { label: "Laptop", conditions: { machine: "abc" }, meta: { try: i } }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
        expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
        const rows = await (
          await getDb()
        ).licenseKeyActivation.findMany({ where: { license_key_id: key.id } });
        expect(rows).toHaveLength(1);
        expect(rows[0]!.id).toBe(results[0]!.body.id);
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "gives two devices activating 10 times each in parallel two slots",
    async () => {
      const key = await newKey({ limit_activations: 3 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => activateAs(key, { label: i % 2 ? "Laptop" : "Desktop" })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const byLabel = new Map<string, Set<string>>();
      for (const r of results)
        byLabel.set(r.body.label, (byLabel.get(r.body.label) ?? new Set()).add(r.body.id));
      expect([...byLabel.values()].map((set) => set.size)).toEqual([1, 1]);
      expect(await currentActivations(key.id)).toBe(2);
    },
  );
});

describe("POST /v1/customer-portal/license-keys/deactivate", () => {
  it("answers 204 with no body and frees the slot", async () => {
    const key = await newKey({ limit_activations: 1 });
    const ref = { key: key.key, organization_id: ids.org };
    const first = await call(activate, { body: { ...ref, label: "Old laptop" } });
    expect(first.status).toBe(200);
    expect((await call(activate, { body: { ...ref, label: "New laptop" } })).status).toBe(403);

    const before = Date.now();
    const res = await call(deactivate, { body: { ...ref, activation_id: first.body.id } });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const row = await (
      await getDb()
    ).licenseKeyActivation.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(row.deleted_at!.getTime()).toBeGreaterThanOrEqual(before);
    expect(await currentActivations(key.id)).toBe(0);

    const second = await call(activate, { body: { ...ref, label: "New laptop" } });
    expect(second.status).toBe(200);
    expect(await currentActivations(key.id)).toBe(1);
  });

  it("makes the activation unknown to validate and to a second deactivation", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 2 });
    const activation = await createActivation(db, key.id);
    const ref = { key: key.key, organization_id: ids.org, activation_id: activation.id };
    expect((await call(validate, { body: ref })).status).toBe(200);
    expect((await call(deactivate, { body: ref })).status).toBe(204);

    const res = await call(validate, { body: ref });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound("License key activation not found."));
    const again = await call(deactivate, { body: ref });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(notFound("License key activation not found."));
  });

  it("is 404 for an unknown activation, another key's, or another organization", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 2 });
    const sibling = await newKey({ limit_activations: 2 });
    const activation = await createActivation(db, key.id);
    const cases = [
      { key: key.key, organization_id: ids.org, activation_id: randomUUID() },
      { key: sibling.key, organization_id: ids.org, activation_id: activation.id },
      { key: key.key, organization_id: ids.other, activation_id: activation.id },
      { key: "APP-UNKNOWN", organization_id: ids.org, activation_id: activation.id },
    ];
    for (const body of cases) {
      const res = await call(deactivate, { body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound("License key activation not found."));
    }
    expect(await currentActivations(key.id)).toBe(1);
  });

  it("still frees a slot of a revoked key", async () => {
    const db = await getDb();
    const key = await newKey({ limit_activations: 2, status: "revoked" });
    const activation = await createActivation(db, key.id);
    const res = await call(deactivate, {
      body: { key: key.key, organization_id: ids.org, activation_id: activation.id },
    });
    expect(res.status).toBe(204);
    expect(await currentActivations(key.id)).toBe(0);
  });

  it("rejects a missing or malformed activation_id with 422", async () => {
    const key = await newKey();
    const missing = await call(deactivate, { body: { key: key.key, organization_id: ids.org } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { type: "missing", loc: ["body", "activation_id"], msg: "Field required", input: null },
    ]);
    const bad = await call(deactivate, {
      body: { key: key.key, organization_id: ids.org, activation_id: "x" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatchObject([{ type: "uuid_parsing", loc: ["body", "activation_id"] }]);
  });
});
