// The benefits API through the real handlers: create and read both types with every field, each
// validation rule at its exact loc, the list's filters and sorting, tenancy 404, scopes 403, PATCH
// (the type never changes) and DELETE (409 while in use). Keys and edits: benefits-keys.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./[id]/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

const BENEFIT_FIELDS = [
  "created_at",
  "deletable",
  "description",
  "id",
  "is_deleted",
  "metadata",
  "modified_at",
  "organization_id",
  "properties",
  "selectable",
  "type",
  "visibility",
  "visibility_configurable",
];

/** What every benefit here says of the reference's visibility and deletion. */
const ALWAYS = { is_deleted: false, visibility: "public", visibility_configurable: false };

let db: Db;
let org: string;
let other: string;
let token: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  other = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const patch = (id: string, body: unknown, t: string = token) =>
  call(update, { token: t, method: "PATCH", params: { id }, body });
const del = (id: string, t: string = token) => call(remove, { token: t, method: "DELETE", params: { id } });
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null): Problem => ({
  type,
  loc,
  msg,
  input,
});
const keysBody = (properties: Record<string, unknown>) => ({
  type: "license_keys",
  description: "Desktop license",
  properties,
});

/** Refused with exactly these problems, and nothing written. */
async function expectInvalid(body: unknown, detail: Problem[]) {
  const before = await db.benefit.count();
  const res = await post(body);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(res.status).toBe(422);
  expect(await db.benefit.count()).toBe(before);
}

describe("POST /v1/benefits/", () => {
  it("creates a license_keys benefit with every field, stores it and reads it back the same", async () => {
    const res = await post({
      type: "license_keys",
      description: "  Acme Studio license  ",
      properties: {
        prefix: "ACME_studio-2",
        expires: { ttl: 2, timeframe: "year" },
        activations: { limit: 3, enable_customer_admin: true },
        limit_usage: 1000,
        unknown_key: "ignored",
      },
      metadata: { sku: "studio", seats: 3, beta: false },
      organization_id: org,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(BENEFIT_FIELDS);
    const expected = {
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      type: "license_keys",
      description: "Acme Studio license",
      selectable: true,
      deletable: true,
      ...ALWAYS,
      organization_id: org,
      metadata: { sku: "studio", seats: 3, beta: false },
      properties: {
        prefix: "ACME_studio-2",
        expires: { ttl: 2, timeframe: "year" },
        activations: { limit: 3, enable_customer_admin: true },
        limit_usage: 1000,
      },
    };
    expect(res.body).toEqual(expected);
    const row = await db.benefit.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      organization_id: org,
      type: "license_keys",
      description: "Acme Studio license",
      properties: expected.properties,
      metadata: expected.metadata,
    });
    const read = await call(getOne, { token, params: { id: res.body.id } });
    expect(read).toMatchObject({ status: 200, body: res.body });
  });

  it("fills the unset license_keys properties with null and enable_customer_admin with false", async () => {
    const bare = await post(keysBody({}));
    expect(bare.status).toBe(201);
    expect(bare.body.properties).toEqual({
      prefix: null,
      expires: null,
      activations: null,
      limit_usage: null,
    });
    expect(bare.body.metadata).toEqual({});
    const nulls = await post(
      keysBody({ prefix: null, expires: null, activations: { limit: 1 }, limit_usage: null }),
    );
    expect(nulls.body.properties).toEqual({
      prefix: null,
      expires: null,
      activations: { limit: 1, enable_customer_admin: false },
      limit_usage: null,
    });
    const emptyPrefix = await post(keysBody({ prefix: "" }));
    expect(emptyPrefix.body.properties).toEqual(bare.body.properties);
    const noProperties = await post({ type: "license_keys", description: "No properties" });
    expect(noProperties.body.properties).toEqual(bare.body.properties);
  });

  it("creates a custom benefit with its note (or none)", async () => {
    const res = await post({
      type: "custom",
      description: "Priority support",
      properties: { note: "Write to support@acme.test with your order number." },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      type: "custom",
      description: "Priority support",
      selectable: true,
      deletable: true,
      ...ALWAYS,
      organization_id: org,
      metadata: {},
      properties: { note: "Write to support@acme.test with your order number." },
      // The era SDK reads it on a custom benefit: a sale is taxed whatever its benefits.
      is_tax_applicable: true,
    });
    // A license_keys property on a custom benefit is not one of its properties: dropped.
    const bare = await post({ type: "custom", description: "Sticker pack", properties: { prefix: "X" } });
    expect(bare.body.properties).toEqual({ note: null });
    const stored = await db.benefit.findUniqueOrThrow({ where: { id: bare.body.id } });
    expect(stored.properties).toEqual({ note: null });
  });

  it("refuses a missing or unknown type and description, and descriptions out of bounds", async () => {
    await expectInvalid({}, [
      problem("missing", ["body", "type"], "Field required"),
      problem("missing", ["body", "description"], "Field required"),
    ]);
    await expectInvalid({ type: "discord", description: "Community" }, [
      problem(
        "enum",
        ["body", "type"],
        "Input should be 'custom', 'license_keys', 'downloadables'",
        "discord",
      ),
    ]);
    await expectInvalid({ type: "custom", description: " ab " }, [
      problem("string_too_short", ["body", "description"], "String should have at least 3 characters", "ab"),
    ]);
    await expectInvalid({ type: "custom", description: "x".repeat(43) }, [
      problem(
        "string_too_long",
        ["body", "description"],
        "String should have at most 42 characters",
        "x".repeat(43),
      ),
    ]);
    await expectInvalid({ type: "custom", description: 42 }, [
      problem("string_type", ["body", "description"], "Input should be a valid string", 42),
    ]);
  });

  it("refuses each license_keys property out of bounds at its own loc", async () => {
    const at = (...path: (string | number)[]) => ["body", "properties", ...path];
    await expectInvalid(keysBody({ prefix: "A".repeat(33) }), [
      problem("string_too_long", at("prefix"), "String should have at most 32 characters", "A".repeat(33)),
    ]);
    const charset =
      "Prefix should start with a letter or a digit and contain only letters, digits, '_' and '-'";
    for (const prefix of ["my app", "-ACME", "ACMÉ", "ACME/1"]) {
      await expectInvalid(keysBody({ prefix }), [problem("value_error", at("prefix"), charset, prefix)]);
    }
    await expectInvalid(keysBody({ expires: { ttl: 0, timeframe: "day" } }), [
      problem("greater_than_equal", at("expires", "ttl"), "Input should be greater than or equal to 1", 0),
    ]);
    await expectInvalid(keysBody({ expires: { ttl: 1000, timeframe: "year" } }), [
      problem("less_than_equal", at("expires", "ttl"), "Input should be less than or equal to 999", 1000),
    ]);
    await expectInvalid(keysBody({ expires: { ttl: 1.5, timeframe: "week" } }), [
      problem("int_type", at("expires", "ttl"), "Input should be a valid integer", 1.5),
      problem("enum", at("expires", "timeframe"), "Input should be 'year', 'month', 'day'", "week"),
    ]);
    await expectInvalid(keysBody({ expires: { ttl: 1 } }), [
      problem("missing", at("expires", "timeframe"), "Field required"),
    ]);
    await expectInvalid(keysBody({ activations: { limit: 0 } }), [
      problem(
        "greater_than_equal",
        at("activations", "limit"),
        "Input should be greater than or equal to 1",
        0,
      ),
    ]);
    await expectInvalid(keysBody({ activations: { limit: 51, enable_customer_admin: "yes" } }), [
      problem("less_than_equal", at("activations", "limit"), "Input should be less than or equal to 50", 51),
      problem(
        "bool_type",
        at("activations", "enable_customer_admin"),
        "Input should be a valid boolean",
        "yes",
      ),
    ]);
    await expectInvalid(keysBody({ activations: {} }), [
      problem("missing", at("activations", "limit"), "Field required"),
    ]);
    await expectInvalid(keysBody({ limit_usage: 0 }), [
      problem("greater_than_equal", at("limit_usage"), "Input should be greater than or equal to 1", 0),
    ]);
    await expectInvalid(keysBody({ limit_usage: 2_147_483_648 }), [
      problem(
        "less_than_equal",
        at("limit_usage"),
        "Input should be less than or equal to 2147483647",
        2_147_483_648,
      ),
    ]);
    await expectInvalid(keysBody({ expires: "1y" }), [
      problem("model_attributes_type", at("expires"), "Input should be a valid object", "1y"),
    ]);
  });

  it("refuses a note too long, properties that are not an object, and bad metadata", async () => {
    const note = "n".repeat(2001);
    await expectInvalid({ type: "custom", description: "Support", properties: { note } }, [
      problem(
        "string_too_long",
        ["body", "properties", "note"],
        "String should have at most 2000 characters",
        `${"n".repeat(199)}…`,
      ),
    ]);
    await expectInvalid({ type: "custom", description: "Support", properties: { note: 7 } }, [
      problem("string_type", ["body", "properties", "note"], "Input should be a valid string", 7),
    ]);
    await expectInvalid({ type: "custom", description: "Support", properties: ["note"] }, [
      problem("model_attributes_type", ["body", "properties"], "Input should be a valid object", ["note"]),
    ]);
    const wide = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    await expectInvalid({ type: "custom", description: "Support", properties: wide }, [
      problem(
        "too_long",
        ["body", "properties"],
        "Should have at most 50 keys",
        JSON.stringify(wide).slice(0, 199) + "…",
      ),
    ]);
    await expectInvalid(
      { type: "custom", description: "Support", metadata: { ["k".repeat(41)]: "v", ok: [] } },
      [
        problem(
          "string_too_long",
          ["body", "metadata", "k".repeat(41)],
          "Key should have at most 40 characters",
          "k".repeat(41),
        ),
        problem(
          "value_error",
          ["body", "metadata", "ok"],
          "Value should be a string of 1 to 500 characters, an integer or a boolean",
          [],
        ),
      ],
    );
  });

  it("creates in the caller's organization only", async () => {
    await expectInvalid({ type: "custom", description: "Elsewhere", organization_id: other }, [
      problem("value_error", ["body", "organization_id"], "Organization not found.", other),
    ]);
  });
});

describe("GET /v1/benefits/", () => {
  let listToken: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const own = (await createOrganization(db)).id;
    listToken = (await createToken(db, own, { scopes: ["benefits:read"] })).token;
    const t = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
    ids.keys = (
      await createBenefit(db, own, {
        type: "license_keys",
        description: "Studio keys",
        created_at: t(1),
        properties: { prefix: "ST", activations: { limit: 2 } },
      })
    ).id;
    ids.support = (await createBenefit(db, own, { description: "Priority support", created_at: t(2) })).id;
    ids.stickers = (await createBenefit(db, own, { description: "100% stickers_", created_at: t(3) })).id;
    await createBenefit(db, other, { description: "Studio keys elsewhere" });
  });
  const listed = async (query: Record<string, string | string[]> = {}) => {
    const res = await call(list, { token: listToken, query });
    expect(res.status).toBe(200);
    return res.body as { items: { id: string }[]; pagination: unknown };
  };
  const idsOf = async (query: Record<string, string | string[]> = {}) =>
    (await listed(query)).items.map((item) => item.id);

  it("lists the organization's benefits in their resource shape, by description by default", async () => {
    const body = await listed();
    expect(body.pagination).toEqual({ total_count: 3, max_page: 1 });
    expect(body.items.map((i) => i.id)).toEqual([ids.stickers, ids.support, ids.keys]);
    expect(body.items[2]).toEqual({
      id: ids.keys,
      created_at: "2025-01-01T12:01:00.000Z",
      modified_at: null,
      type: "license_keys",
      description: "Studio keys",
      selectable: true,
      deletable: true,
      ...ALWAYS,
      organization_id: expect.any(String),
      metadata: {},
      properties: {
        prefix: "ST",
        expires: null,
        activations: { limit: 2, enable_customer_admin: false },
        limit_usage: null,
      },
    });
  });

  it("filters by type and by a part of the description (any case, wildcards taken literally)", async () => {
    expect(await idsOf({ type: "license_keys" })).toEqual([ids.keys]);
    expect(await idsOf({ type: ["custom", "license_keys"] })).toHaveLength(3);
    expect(await idsOf({ query: "SUPPORT" })).toEqual([ids.support]);
    expect(await idsOf({ query: "100%" })).toEqual([ids.stickers]);
    expect(await idsOf({ query: "s_" })).toEqual([ids.stickers]);
    expect(await idsOf({ query: "keys", type: "custom" })).toEqual([]);
    expect(await idsOf({ organization_id: other })).toEqual([]);
  });

  it("sorts by created_at, description and type, either way", async () => {
    expect(await idsOf({ sorting: "-created_at" })).toEqual([ids.stickers, ids.support, ids.keys]);
    expect(await idsOf({ sorting: "-description" })).toEqual([ids.keys, ids.support, ids.stickers]);
    expect(await idsOf({ sorting: ["-type", "created_at"] })).toEqual([ids.keys, ids.support, ids.stickers]);
    const res = await call(list, { token: listToken, query: { sorting: "name", type: "discord" } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem(
        "enum",
        ["query", "type", 0],
        "Input should be 'custom', 'license_keys', 'downloadables'",
        "discord",
      ),
      problem(
        "enum",
        ["query", "sorting", 0],
        "Input should be 'created_at', '-created_at', 'description', '-description', 'type', '-type'",
        "name",
      ),
    ]);
  });
});

describe("PATCH /v1/benefits/{id}", () => {
  it("changes only the fields sent; properties and metadata replace the whole object", async () => {
    const benefit = await createBenefit(db, org, {
      type: "license_keys",
      description: "Studio keys",
      properties: { prefix: "ST", activations: { limit: 2 }, limit_usage: 10 },
      metadata: { a: 1 },
    });
    const renamed = await patch(benefit.id, { type: "license_keys", description: "Studio keys v2" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: benefit.id,
      created_at: benefit.created_at.toISOString(),
      modified_at: expect.stringMatching(ISO),
      type: "license_keys",
      description: "Studio keys v2",
      selectable: true,
      deletable: true,
      ...ALWAYS,
      organization_id: org,
      metadata: { a: 1 },
      properties: {
        prefix: "ST",
        expires: null,
        activations: { limit: 2, enable_customer_admin: false },
        limit_usage: 10,
      },
    });
    const replaced = await patch(benefit.id, {
      properties: { expires: { ttl: 30, timeframe: "day" } },
      metadata: { b: "two" },
    });
    expect(replaced.body).toMatchObject({
      description: "Studio keys v2",
      metadata: { b: "two" },
      properties: {
        prefix: null,
        expires: { ttl: 30, timeframe: "day" },
        activations: null,
        limit_usage: null,
      },
    });
    const row = await db.benefit.findUniqueOrThrow({ where: { id: benefit.id } });
    expect(row.properties).toEqual(replaced.body.properties);
    expect(row.metadata).toEqual({ b: "two" });
  });

  it("never changes the type, checks properties against the stored type, and nothing is written", async () => {
    const benefit = await createBenefit(db, org, { description: "Support", properties: { note: "Hi" } });
    const res = await patch(benefit.id, {
      type: "license_keys",
      description: "xy",
      properties: { note: "n".repeat(2001) },
      apply_to_existing_keys: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem("string_too_short", ["body", "description"], "String should have at least 3 characters", "xy"),
    ]);
    const later = await patch(benefit.id, {
      type: "license_keys",
      properties: { note: "n".repeat(2001) },
      apply_to_existing_keys: true,
    });
    expect(later.body).toEqual({
      error: "RequestValidationError",
      detail: [
        problem(
          "value_error",
          ["body", "type"],
          "The type of a benefit cannot change (it is 'custom').",
          "license_keys",
        ),
        problem(
          "string_too_long",
          ["body", "properties", "note"],
          "String should have at most 2000 characters",
          `${"n".repeat(199)}…`,
        ),
        problem(
          "value_error",
          ["body", "apply_to_existing_keys"],
          "Only license_keys benefits issue keys.",
          true,
        ),
      ],
    });
    const row = await db.benefit.findUniqueOrThrow({ where: { id: benefit.id } });
    expect(row).toMatchObject({
      type: "custom",
      description: "Support",
      properties: { note: "Hi" },
      modified_at: null,
    });
    const same = await patch(benefit.id, { type: "custom", properties: { note: null } });
    expect(same.body.properties).toEqual({ note: null });
  });
});

describe("DELETE /v1/benefits/{id}", () => {
  it("removes a benefit nothing uses: 204, then 404", async () => {
    const benefit = await createBenefit(db, org);
    const res = await del(benefit.id);
    expect(res).toMatchObject({ status: 204, body: null });
    expect(await db.benefit.findUnique({ where: { id: benefit.id } })).toBeNull();
    expect((await del(benefit.id)).status).toBe(404);
    expect((await call(getOne, { token, params: { id: benefit.id } })).status).toBe(404);
  });

  it("is 409 while a product uses it, and 409 for good once it was granted (revoked or not)", async () => {
    const benefit = await createBenefit(db, org, { type: "license_keys", description: "Studio keys" });
    const { product, price } = await createProduct(db, org, { benefitIds: [benefit.id] });
    expect(await del(benefit.id)).toEqual({
      status: 409,
      headers: expect.anything(),
      body: {
        error: "ConflictError",
        detail: "Benefit 'Studio keys' is attached to 1 product; detach it before deleting it.",
      },
    });
    const customer = await createCustomer(db, org);
    await createOrder(db, org, { customerId: customer.id, priceId: price.id });
    await db.productBenefit.deleteMany({ where: { product_id: product.id } });
    await db.benefitGrant.updateMany({ where: { benefit_id: benefit.id }, data: { revoked_at: new Date() } });
    expect((await del(benefit.id)).body).toEqual({
      error: "ConflictError",
      detail: "Benefit 'Studio keys' has been granted (1 grant, 1 license key) and cannot be deleted.",
    });
    expect(await db.benefit.count({ where: { id: benefit.id } })).toBe(1);
    expect(await db.licenseKey.count({ where: { benefit_id: benefit.id } })).toBe(1);
  });

  it("counts a key issued without a grant as a use, and refuses a benefit marked not deletable", async () => {
    const benefit = await createBenefit(db, org, { type: "license_keys", description: "Manual keys" });
    const customer = await createCustomer(db, org);
    await createLicenseKey(db, org, { benefitId: benefit.id, customerId: customer.id });
    expect((await del(benefit.id)).body.detail).toBe(
      "Benefit 'Manual keys' has been granted (0 grants, 1 license key) and cannot be deleted.",
    );
    const fixed = await createBenefit(db, org, { deletable: false });
    expect(await del(fixed.id)).toMatchObject({
      status: 403,
      body: { error: "NotPermitted", detail: "This benefit cannot be deleted." },
    });
  });
});

describe("tenancy and scopes", () => {
  it("hides another organization's benefit: 404 on read, update and delete, nothing changed", async () => {
    const foreign = await createBenefit(db, other, { description: "Theirs" });
    const notFound = { error: "ResourceNotFound", detail: "Not found" };
    for (const res of [
      await call(getOne, { token, params: { id: foreign.id } }),
      await patch(foreign.id, { description: "Mine now" }),
      await del(foreign.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect(await db.benefit.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreign);
  });

  it("reads with benefits:read (or :write) and writes only with benefits:write", async () => {
    const benefit = await createBenefit(db, org);
    const readOnly = (await createToken(db, org, { scopes: ["benefits:read"] })).token;
    const writeOnly = (await createToken(db, org, { scopes: ["benefits:write"] })).token;
    const unrelated = (await createToken(db, org, { scopes: ["products:write"] })).token;
    const denied = (scope: string) => ({
      status: 403,
      body: {
        error: "insufficient_scope",
        error_description: `The access token does not have the required scope: ${scope}.`,
      },
    });
    expect(await call(list, { token: unrelated })).toMatchObject(denied("benefits:read"));
    expect(await call(getOne, { token: unrelated, params: { id: benefit.id } })).toMatchObject(
      denied("benefits:read"),
    );
    expect(await post({ type: "custom", description: "Nope" }, readOnly)).toMatchObject(
      denied("benefits:write"),
    );
    expect(await patch(benefit.id, { description: "Nope" }, readOnly)).toMatchObject(
      denied("benefits:write"),
    );
    expect(await del(benefit.id, readOnly)).toMatchObject(denied("benefits:write"));
    expect((await call(getOne, { token: writeOnly, params: { id: benefit.id } })).status).toBe(200);
    expect((await call(list, { token: readOnly })).status).toBe(200);
    expect((await patch(benefit.id, { description: "Renamed" }, writeOnly)).status).toBe(200);
    expect((await del(benefit.id, writeOnly)).status).toBe(204);
  });
});
