// The customers API through the real handlers: create and read with every field, each validation
// rule with its exact 422, the list's filters, tenancy and scopes (PATCH and uniqueness:
// customers-update.test.ts; DELETE: customers-delete.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createMerchantUser, createOrganization, createToken } from "@/lib/factories";
import { avatarUrl } from "@/lib/customers/schemas";
import { echoedInput } from "@/lib/core/errors";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./[id]/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

export const CUSTOMER_FIELDS = [
  "avatar_url",
  "billing_address",
  "billing_name",
  "created_at",
  "deleted_at",
  "email",
  "email_verified",
  "external_id",
  "first_user_event_at",
  "id",
  "locale",
  "metadata",
  "modified_at",
  "name",
  "organization_id",
  "tax_id",
  "type",
];

let db: Db;
let token: string;
let readOnly: string;
let writeOnly: string;
let ordersOnly: string;
let otherToken: string;
const ids = {} as { org: string; other: string; foreign: string };

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["customers:read"] })).token;
  writeOnly = (await createToken(db, org.id, { scopes: ["customers:write"] })).token;
  ordersOnly = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  ids.foreign = (await createCustomer(db, other.id, { email: "foreign@example.com" })).id;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null): Problem => ({
  type,
  loc,
  msg,
  // Long inputs come back cut to 200 characters.
  input: echoedInput(input),
});

/** Refused with exactly these problems, and nothing written. */
async function expectInvalid(body: unknown, detail: Problem[]) {
  const before = await db.customer.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.customer.count()).toBe(before);
}

describe("POST /v1/customers/", () => {
  it("creates a customer with every field and reads it back the same", async () => {
    const res = await post({
      email: "  Ada.Lovelace@Example.COM ",
      name: "  Ada Lovelace ",
      billing_address: {
        line1: "12 St James's Square",
        line2: null,
        postal_code: "SW1Y 4JH",
        city: "London",
        state: null,
        country: "gb",
      },
      tax_id: ["GB123456789", "gb_vat"],
      metadata: { crm: "hubspot", tier: 2, vip: true },
      external_id: "user_42",
      locale: "en-GB",
      organization_id: ids.org,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(CUSTOMER_FIELDS);
    const expected = {
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      metadata: { crm: "hubspot", tier: 2, vip: true },
      external_id: "user_42",
      email: "ada.lovelace@example.com",
      email_verified: false,
      name: "Ada Lovelace",
      billing_address: {
        line1: "12 St James's Square",
        line2: null,
        postal_code: "SW1Y 4JH",
        city: "London",
        state: null,
        country: "GB",
      },
      tax_id: ["GB123456789", "gb_vat"],
      organization_id: ids.org,
      deleted_at: null,
      avatar_url: avatarUrl("ada.lovelace@example.com"),
      type: "individual",
      billing_name: "Ada Lovelace",
      locale: "en-GB",
      first_user_event_at: null,
    };
    expect(res.body).toEqual(expected);
    const read = await call(getOne, { token, params: { id: res.body.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);

    const row = await db.customer.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      email: "ada.lovelace@example.com",
      tax_id: "GB123456789",
      tax_id_type: "gb_vat",
      external_id: "user_42",
      deleted_at: null,
    });
  });

  it("creates a customer from an email alone, every other field empty", async () => {
    const res = await post({ email: "bare@example.com" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: "bare@example.com",
      name: null,
      billing_address: null,
      tax_id: null,
      metadata: {},
      external_id: null,
      organization_id: ids.org,
    });
  });

  it("takes a bare tax id (type unknown, as the checkout stores it) and clears an empty name", async () => {
    const res = await post({ email: "bare-tax@example.com", tax_id: " DE123456789 ", name: "  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tax_id: ["DE123456789", "unknown"], name: null });
    const row = await db.customer.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ tax_id: "DE123456789", tax_id_type: null });
  });

  it("refuses an organization the caller does not belong to", async () => {
    await expectInvalid({ email: "x@example.com", organization_id: ids.other }, [
      problem("value_error", ["body", "organization_id"], "Organization not found.", ids.other),
    ]);
  });

  it("requires the organization for a merchant of several", async () => {
    const second = await createOrganization(db);
    await createMerchantUser(db, {
      email: "two-orgs@example.com",
      password: "a long enough password",
      organizationIds: [ids.org, second.id],
    });
    const signedIn = await call(signIn, {
      body: { email: "two-orgs@example.com", password: "a long enough password" },
    });
    const cookies = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .join("; ");
    const csrf = decodeURIComponent(/dsb_csrf=([^;]+)/.exec(cookies)![1]!);
    const res = await call(create, {
      body: { email: "merchant-made@example.com" },
      headers: { cookie: cookies, "x-csrf-token": csrf },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([problem("missing", ["body", "organization_id"], "Field required")]);
    const chosen = await call(create, {
      body: { email: "merchant-made@example.com", organization_id: second.id },
      headers: { cookie: cookies, "x-csrf-token": csrf },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.organization_id).toBe(second.id);
  });
});

describe("validation", () => {
  it("requires the email", async () => {
    await expectInvalid({}, [problem("missing", ["body", "email"], "Field required")]);
  });

  it("refuses a malformed, a too long and a reserved email", async () => {
    await expectInvalid({ email: "not-an-email" }, [
      problem("value_error", ["body", "email"], "value is not a valid email address", "not-an-email"),
    ]);
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.com`;
    await expectInvalid({ email: long }, [
      problem("string_too_long", ["body", "email"], "String should have at most 320 characters", long),
    ]);
    await expectInvalid({ email: 42 }, [
      problem("string_type", ["body", "email"], "Input should be a valid string", 42),
    ]);
    await expectInvalid({ email: "x@anonymized.invalid" }, [
      problem(
        "value_error",
        ["body", "email"],
        "This address is reserved for anonymized customers.",
        "x@anonymized.invalid",
      ),
    ]);
  });

  it("bounds the name", async () => {
    const name = "n".repeat(257);
    await expectInvalid({ email: "n@example.com", name }, [
      problem("string_too_long", ["body", "name"], "String should have at most 256 characters", name),
    ]);
  });

  it("checks the billing address: the country is required and ISO 3166-1 alpha-2, the parts bounded", async () => {
    await expectInvalid({ email: "a@example.com", billing_address: { city: "Paris" } }, [
      problem("missing", ["body", "billing_address", "country"], "Field required"),
    ]);
    await expectInvalid({ email: "a@example.com", billing_address: { country: "FRA" } }, [
      problem(
        "value_error",
        ["body", "billing_address", "country"],
        "Country should be a two-letter ISO 3166-1 code",
        "FRA",
      ),
    ]);
    const line1 = "l".repeat(256);
    const postal = "9".repeat(33);
    await expectInvalid(
      { email: "a@example.com", billing_address: { country: "FR", line1, postal_code: postal } },
      [
        problem(
          "string_too_long",
          ["body", "billing_address", "line1"],
          "String should have at most 255 characters",
          line1,
        ),
        problem(
          "string_too_long",
          ["body", "billing_address", "postal_code"],
          "String should have at most 32 characters",
          postal,
        ),
      ],
    );
    await expectInvalid({ email: "a@example.com", billing_address: "FR" }, [
      problem("model_attributes_type", ["body", "billing_address"], "Input should be a valid object", "FR"),
    ]);
  });

  it("checks the tax id: a bounded value and a type of the form xx_yyy", async () => {
    const long = "1".repeat(65);
    await expectInvalid({ email: "t@example.com", tax_id: long }, [
      problem("string_too_long", ["body", "tax_id", 0], "String should have at most 64 characters", long),
    ]);
    await expectInvalid({ email: "t@example.com", tax_id: ["", "eu_vat"] }, [
      problem("string_too_short", ["body", "tax_id", 0], "String should have at least 1 characters", ""),
    ]);
    await expectInvalid({ email: "t@example.com", tax_id: ["DE1", "VAT"] }, [
      problem("value_error", ["body", "tax_id", 1], "Tax ID type should look like eu_vat or gb_vat", "VAT"),
    ]);
    await expectInvalid({ email: "t@example.com", tax_id: ["DE1", "eu_vat", "x"] }, [
      problem("too_long", ["body", "tax_id"], "Should have at most 2 items", ["DE1", "eu_vat", "x"]),
    ]);
    await expectInvalid({ email: "t@example.com", tax_id: 12 }, [
      problem("value_error", ["body", "tax_id"], "Tax ID should be a string or a [value, type] pair", 12),
    ]);
  });

  it("checks the metadata limits", async () => {
    const key = "k".repeat(41);
    await expectInvalid({ email: "m@example.com", metadata: { [key]: "v", empty: "" } }, [
      problem("string_too_long", ["body", "metadata", key], "Key should have at most 40 characters", key),
      problem(
        "value_error",
        ["body", "metadata", "empty"],
        "Value should be a string of 1 to 500 characters, an integer or a boolean",
        "",
      ),
    ]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    await expectInvalid({ email: "m@example.com", metadata: many }, [
      problem("too_long", ["body", "metadata"], "Metadata should have at most 50 items", many),
    ]);
  });

  it("bounds the external id", async () => {
    const long = "x".repeat(256);
    await expectInvalid({ email: "e@example.com", external_id: "" }, [
      problem("string_too_short", ["body", "external_id"], "String should have at least 1 characters", ""),
    ]);
    await expectInvalid({ email: "e@example.com", external_id: long }, [
      problem("string_too_long", ["body", "external_id"], "String should have at most 255 characters", long),
    ]);
  });

  it("reports every problem at once", async () => {
    await expectInvalid({ email: "nope", billing_address: {}, external_id: 5 }, [
      problem("value_error", ["body", "email"], "value is not a valid email address", "nope"),
      problem("missing", ["body", "billing_address", "country"], "Field required"),
      problem("string_type", ["body", "external_id"], "Input should be a valid string", 5),
    ]);
  });
});

describe("GET /v1/customers/", () => {
  const names = (body: { items: { name: string | null }[] }) => body.items.map((c) => c.name);
  let listToken: string;

  beforeAll(async () => {
    const org = await createOrganization(db);
    listToken = (await createToken(db, org.id)).token;
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
    await createCustomer(db, org.id, { email: "grace@navy.mil", name: "Grace Hopper", created_at: at(1) });
    await createCustomer(db, org.id, { email: "ada@example.com", name: "Ada Lovelace", created_at: at(2) });
    await createCustomer(db, org.id, { email: "alan@example.com", name: null, created_at: at(3) });
    await createCustomer(db, org.id, {
      email: "gone@anonymized.invalid",
      name: null,
      created_at: at(4),
      deleted_at: at(5),
    });
  });

  it("lists the organization's customers by email with every field, without anonymized ones", async () => {
    const res = await call(list, { token: listToken });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 3, max_page: 1 });
    expect(res.body.items.map((c: { email: string }) => c.email)).toEqual([
      "ada@example.com",
      "alan@example.com",
      "grace@navy.mil",
    ]);
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(CUSTOMER_FIELDS);
  });

  it("filters by exact email (any case, repeatable) and searches emails and names", async () => {
    const byEmail = await call(list, {
      token: listToken,
      query: { email: ["ADA@example.com", "grace@navy.mil"] },
    });
    expect(names(byEmail.body)).toEqual(["Ada Lovelace", "Grace Hopper"]);
    const partial = await call(list, { token: listToken, query: { email: "ada@" } });
    expect(partial.body.items).toEqual([]);
    expect(names((await call(list, { token: listToken, query: { query: "NAVY" } })).body)).toEqual([
      "Grace Hopper",
    ]);
    expect(names((await call(list, { token: listToken, query: { query: "lovelace" } })).body)).toEqual([
      "Ada Lovelace",
    ]);
  });

  it("sorts by created_at, email and name (nameless last both ways)", async () => {
    const sorted = async (sorting: string) =>
      names((await call(list, { token: listToken, query: { sorting } })).body);
    expect(await sorted("-created_at")).toEqual([null, "Ada Lovelace", "Grace Hopper"]);
    expect(await sorted("created_at")).toEqual(["Grace Hopper", "Ada Lovelace", null]);
    expect(await sorted("-email")).toEqual(["Grace Hopper", null, "Ada Lovelace"]);
    expect(await sorted("name")).toEqual(["Ada Lovelace", "Grace Hopper", null]);
    expect(await sorted("-name")).toEqual(["Grace Hopper", "Ada Lovelace", null]);
    const bad = await call(list, { token: listToken, query: { sorting: "amount" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      problem(
        "enum",
        ["query", "sorting", 0],
        "Input should be 'created_at', '-created_at', 'email', '-email', 'name', '-name'",
        "amount",
      ),
    ]);
  });

  it("bounds the email filter", async () => {
    const long = "e".repeat(321);
    const res = await call(list, { token: listToken, query: { email: long } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem("string_too_long", ["query", "email", 0], "String should have at most 320 characters", long),
    ]);
  });

  it("only narrows by organization_id", async () => {
    const foreign = await call(list, { token, query: { organization_id: ids.other } });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const mine = await call(list, { token: otherToken, query: { organization_id: ids.other } });
    expect(mine.body.items.map((c: { id: string }) => c.id)).toEqual([ids.foreign]);
  });
});

describe("tenancy and scopes", () => {
  it("answers 404 for another organization's customer on every route, changing nothing", async () => {
    const notFound = { error: "ResourceNotFound", detail: "Not found" };
    const params = { id: ids.foreign };
    expect(await call(getOne, { token, params })).toMatchObject({ status: 404, body: notFound });
    expect(
      await call(update, { token, params, method: "PATCH", body: { name: "Taken over" } }),
    ).toMatchObject({ status: 404, body: notFound });
    expect(await call(remove, { token, params, method: "DELETE" })).toMatchObject({
      status: 404,
      body: notFound,
    });
    const row = await db.customer.findUniqueOrThrow({ where: { id: ids.foreign } });
    expect(row).toMatchObject({ email: "foreign@example.com", deleted_at: null, modified_at: null });
  });

  it("answers 422 for a malformed id", async () => {
    const res = await call(getOne, { token, params: { id: "nope" } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem("uuid_parsing", ["path", "id"], "Input should be a valid UUID", "nope"),
    ]);
  });

  it("needs customers:read to read and customers:write to write", async () => {
    const mine = await post({ email: "scoped@example.com" });
    const params = { id: mine.body.id };
    const insufficient = { status: 403, body: { error: "insufficient_scope" } };
    expect(await call(list, { token: ordersOnly })).toMatchObject(insufficient);
    expect(await call(getOne, { token: ordersOnly, params })).toMatchObject(insufficient);
    expect(await post({ email: "nope@example.com" }, readOnly)).toMatchObject(insufficient);
    expect(
      await call(update, { token: readOnly, params, method: "PATCH", body: { name: "x" } }),
    ).toMatchObject(insufficient);
    expect(await call(remove, { token: readOnly, params, method: "DELETE" })).toMatchObject(insufficient);
    // customers:write implies customers:read.
    expect((await call(getOne, { token: writeOnly, params })).status).toBe(200);
    expect((await call(list, { token: readOnly })).status).toBe(200);
    expect(await db.customer.findUniqueOrThrow({ where: { id: mine.body.id } })).toMatchObject({
      name: null,
    });
    expect(await call(list)).toMatchObject({ status: 401 });
  });
});
