// The discounts API through the real handlers: create and read with every field, each validation
// rule with its exact 422, tenancy and scopes (codes and PATCH: discounts-update.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createMerchantUser, createOrganization, createProduct, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { ISO, ONE_TIME_PRODUCT_FIELDS } from "@/test/shapes";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./[id]/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

const DISCOUNT_FIELDS = [
  "amount",
  "amounts",
  "basis_points",
  "code",
  "created_at",
  "currency",
  "duration",
  "duration_in_months",
  "ends_at",
  "id",
  "max_redemptions",
  "max_redemptions_per_customer",
  "metadata",
  "modified_at",
  "name",
  "organization_id",
  "products",
  "redemptions_count",
  "starts_at",
  "type",
];

let db: Db;
let token: string;
let readOnly: string;
let writeOnly: string;
let ordersOnly: string;
let otherToken: string;
const ids: Record<string, string> = {};
const productShapes: Record<string, unknown> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["discounts:read"] })).token;
  writeOnly = (await createToken(db, org.id, { scopes: ["discounts:write"] })).token;
  ordersOnly = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  for (const name of ["Beta", "Alpha"]) {
    const { product } = await createProduct(db, org.id, {
      product: { name, description: `${name} app`, metadata: { sku: name.toLowerCase() } },
    });
    ids[name] = product.id;
    productShapes[name] = {
      id: product.id,
      created_at: product.created_at.toISOString(),
      modified_at: null,
      name,
      description: `${name} app`,
      is_recurring: false,
      is_archived: false,
      organization_id: org.id,
      ...ONE_TIME_PRODUCT_FIELDS,
      metadata: { sku: name.toLowerCase() },
    };
  }
  ids.foreignProduct = (await createProduct(db, other.id)).product.id;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const patch = (id: string, body: unknown, t: string = token) =>
  call(update, { token: t, method: "PATCH", params: { id }, body });
const percent = (extra: Record<string, unknown> = {}) => ({
  name: "Ten percent",
  type: "percentage",
  basis_points: 1000,
  duration: "once",
  ...extra,
});

/** Refused with exactly these problems, and nothing written. */
async function expectInvalid(body: unknown, detail: Problem[]) {
  const before = await db.discount.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.discount.count()).toBe(before);
}
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null) => ({
  type,
  loc,
  msg,
  input,
});

describe("POST /v1/discounts/", () => {
  it("creates a discount with every field and reads it back the same", async () => {
    const res = await post({
      name: "Summer sale",
      type: "fixed",
      amount: 500,
      currency: "USD",
      duration: "repeating",
      duration_in_months: 3,
      code: "Summer25",
      starts_at: "2026-06-01T00:00:00Z",
      ends_at: "2026-09-01T00:00:00.000Z",
      max_redemptions: 100,
      products: [ids.Beta, ids.Alpha, ids.Alpha],
      metadata: { campaign: "summer", wave: 2, public: true },
      organization_id: ids.org,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(DISCOUNT_FIELDS);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      organization_id: ids.org,
      name: "Summer sale",
      type: "fixed",
      amount: 500,
      currency: "usd",
      amounts: { usd: 500 },
      basis_points: null,
      duration: "repeating",
      duration_in_months: 3,
      code: "Summer25",
      starts_at: "2026-06-01T00:00:00.000Z",
      ends_at: "2026-09-01T00:00:00.000Z",
      max_redemptions: 100,
      max_redemptions_per_customer: null,
      redemptions_count: 0,
      metadata: { campaign: "summer", wave: 2, public: true },
      products: [productShapes.Alpha, productShapes.Beta],
    });
    const row = await db.discount.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.code_key).toBe("summer25");
    expect(await db.discountProduct.count({ where: { discount_id: res.body.id } })).toBe(2);

    const read = await call(getOne, { token: readOnly, params: { id: res.body.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const listed = await call(list, { token, query: { query: "summer" } });
    expect(listed.body.items).toEqual([res.body]);
  });

  it("creates a minimal discount: no code, no limits, applies to every product; other type's fields ignored", async () => {
    const res = await post(percent({ amount: 700, duration_in_months: 4, code: "" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: "percentage",
      basis_points: 1000,
      amount: null,
      currency: null,
      duration: "once",
      duration_in_months: null,
      code: null,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      metadata: {},
      products: [],
    });
    const fixed = await post({ name: "Five off", type: "fixed", amount: 500, duration: "forever" });
    expect(fixed.body).toMatchObject({ amount: 500, currency: "usd", basis_points: null });
  });

  it("reports every schema problem at once, at its exact location", async () => {
    await expectInvalid({}, [
      problem("missing", ["body", "name"], "Field required"),
      problem("missing", ["body", "type"], "Field required"),
      problem("missing", ["body", "duration"], "Field required"),
    ]);
    await expectInvalid(
      { name: " ", type: "half", duration: "weekly", basis_points: 0, max_redemptions: 0 },
      [
        problem("string_too_short", ["body", "name"], "String should have at least 1 characters", ""),
        problem("enum", ["body", "type"], "Input should be 'fixed', 'percentage'", "half"),
        problem(
          "greater_than_equal",
          ["body", "basis_points"],
          "Input should be greater than or equal to 1",
          0,
        ),
        problem("enum", ["body", "duration"], "Input should be 'once', 'forever', 'repeating'", "weekly"),
        problem(
          "greater_than_equal",
          ["body", "max_redemptions"],
          "Input should be greater than or equal to 1",
          0,
        ),
      ],
    );
  });

  it("bounds amounts, basis points, months and currency", async () => {
    await expectInvalid(percent({ basis_points: 10_001 }), [
      problem(
        "less_than_equal",
        ["body", "basis_points"],
        "Input should be less than or equal to 10000",
        10_001,
      ),
    ]);
    await expectInvalid({ name: "x", type: "fixed", amount: -1, duration: "once" }, [
      problem("greater_than_equal", ["body", "amount"], "Input should be greater than or equal to 0", -1),
    ]);
    await expectInvalid({ name: "x", type: "fixed", amount: 1, currency: "dollars", duration: "once" }, [
      problem(
        "value_error",
        ["body", "currency"],
        "Currency should be a three-letter ISO 4217 code",
        "dollars",
      ),
    ]);
    await expectInvalid(percent({ duration: "repeating", duration_in_months: 0 }), [
      problem(
        "greater_than_equal",
        ["body", "duration_in_months"],
        "Input should be greater than or equal to 1",
        0,
      ),
    ]);
    await expectInvalid(percent({ duration: "repeating", duration_in_months: 1000 }), [
      problem(
        "less_than_equal",
        ["body", "duration_in_months"],
        "Input should be less than or equal to 999",
        1000,
      ),
    ]);
  });

  it("requires what the type and the duration need", async () => {
    await expectInvalid({ name: "x", type: "fixed", duration: "once" }, [
      problem("missing", ["body", "amount"], "Field required"),
    ]);
    await expectInvalid({ name: "x", type: "percentage", duration: "repeating" }, [
      problem("missing", ["body", "basis_points"], "Field required"),
      problem("missing", ["body", "duration_in_months"], "Field required"),
    ]);
  });

  it("checks codes: 3 to 256 letters and digits", async () => {
    await expectInvalid(percent({ code: "ab" }), [
      problem("string_too_short", ["body", "code"], "String should have at least 3 characters", "ab"),
    ]);
    await expectInvalid(percent({ code: "SAVE 10" }), [
      problem("value_error", ["body", "code"], "Code must contain only letters and digits.", "SAVE 10"),
    ]);
    await expectInvalid(percent({ code: "A".repeat(257) }), [
      problem(
        "string_too_long",
        ["body", "code"],
        "String should have at most 256 characters",
        expect.any(String),
      ),
    ]);
  });

  it("wants ends_at after starts_at", async () => {
    const at = "2026-07-01T00:00:00.000Z";
    await expectInvalid(percent({ starts_at: at, ends_at: at }), [
      problem("value_error", ["body", "ends_at"], "ends_at must be after starts_at.", at),
    ]);
    const res = await post(percent({ starts_at: "yesterday" }));
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: Problem) => [p.type, p.loc])).toEqual([
      ["value_error", ["body", "starts_at"]],
    ]);
  });

  it("accepts only the organization's own products, reported at their index", async () => {
    await expectInvalid(percent({ products: [ids.Alpha, ids.foreignProduct, "nope"] }), [
      problem("uuid_parsing", ["body", "products", 2], "Input should be a valid UUID", "nope"),
    ]);
    await expectInvalid(percent({ products: [ids.Alpha, ids.foreignProduct] }), [
      problem("value_error", ["body", "products", 1], "Product not found.", ids.foreignProduct),
    ]);
  });

  it("holds metadata to the contract's limits", async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const res = await post(percent({ metadata: many }));
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: Problem) => [p.type, p.loc])).toEqual([
      ["too_long", ["body", "metadata"]],
    ]);
    const long = "k".repeat(41);
    await expectInvalid(percent({ metadata: { [long]: "v", ok: { nested: true } } }), [
      problem("string_too_long", ["body", "metadata", long], "Key should have at most 40 characters", long),
      problem(
        "value_error",
        ["body", "metadata", "ok"],
        "Value should be a string of 1 to 500 characters, an integer or a boolean",
        { nested: true },
      ),
    ]);
  });

  it("refuses another organization's id", async () => {
    await expectInvalid(percent({ organization_id: ids.other }), [
      problem("value_error", ["body", "organization_id"], "Organization not found.", ids.other),
    ]);
  });

  it("needs organization_id from a merchant of several organizations", async () => {
    await createMerchantUser(db, {
      email: "two-orgs@example.com",
      password: "pw-two-orgs",
      organizationIds: [ids.org!, ids.other!],
    });
    const signedIn = await call(signIn, { body: { email: "two-orgs@example.com", password: "pw-two-orgs" } });
    const headers = {
      cookie: signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; "),
      "x-csrf-token": signedIn.body.csrf_token as string,
    };
    const missing = await call(create, { headers, body: percent() });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([problem("missing", ["body", "organization_id"], "Field required")]);
    const made = await call(create, { headers, body: percent({ organization_id: ids.other }) });
    expect(made.status).toBe(201);
    expect(made.body.organization_id).toBe(ids.other);
  });
});

describe("tenancy and scopes", () => {
  it("hides another organization's discount: 404 on read, update and delete, nothing changed", async () => {
    const theirs = await post(percent({ name: "Theirs" }), otherToken);
    const id = theirs.body.id;
    const notFound = { error: "ResourceNotFound", detail: "Not found" };
    for (const res of [
      await call(getOne, { token, params: { id } }),
      await patch(id, { name: "Mine now" }),
      await call(remove, { token, method: "DELETE", params: { id } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    const row = await db.discount.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ name: "Theirs", deleted_at: null });
    const mine = await call(list, { token, query: { limit: 100 } });
    expect(mine.body.items.map((d: { organization_id: string }) => d.organization_id)).not.toContain(
      ids.other,
    );
    const bad = await call(getOne, { token, params: { id: "not-a-uuid" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"] });
  });

  it("reads with discounts:read, writes with discounts:write, and nothing with other scopes", async () => {
    const made = await post(percent());
    const id = made.body.id;
    for (const res of [
      await post(percent(), readOnly),
      await patch(id, { name: "x" }, readOnly),
      await call(remove, { token: readOnly, method: "DELETE", params: { id } }),
      await call(list, { token: ordersOnly }),
      await call(getOne, { token: ordersOnly, params: { id } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("insufficient_scope");
    }
    expect((await call(getOne, { token: writeOnly, params: { id } })).status).toBe(200);
    expect((await post(percent(), writeOnly)).status).toBe(201);
    expect((await call(list, {})).status).toBe(401);
  });
});
