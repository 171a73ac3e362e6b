// The custom fields API through the real handlers: shapes with every field, each type's properties
// and each validation rule at its exact loc, the list's filters and sorting, tenancy 404, scopes
// 403, slug uniqueness per organization (409) and updates that never change the type.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomField, createOrganization, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./[id]/route";

const FIELD_KEYS = [
  "created_at",
  "id",
  "metadata",
  "modified_at",
  "name",
  "organization_id",
  "properties",
  "slug",
  "type",
].sort();

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

let db: Db;
let org: string;
let token: string;
let otherToken: string;

const post = (body: unknown, auth = token) => call(create, { token: auth, body });
const patch = (id: string, body: unknown, auth = token) =>
  call(update, { token: auth, method: "PATCH", params: { id }, body });

/** The problems a 422 lists, or the whole response when it is not a 422. */
async function problemsOf(body: unknown): Promise<Problem[]> {
  const res = await post(body);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error).toBe("RequestValidationError");
  return res.body.detail;
}

/** Only the type and loc of each problem: what a client's form keys its messages on. */
const where = (problems: Problem[]) => problems.map((p) => [p.type, ...p.loc]);

const textField = (slug: string, properties: Record<string, unknown> = {}) => ({
  type: "text",
  slug,
  name: `Field ${slug}`,
  properties,
});

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  const other = await createOrganization(db);
  token = (await createToken(db, org)).token;
  otherToken = (await createToken(db, other.id)).token;
});

describe("POST /v1/custom-fields/", () => {
  it("creates each type with every field in its shape", async () => {
    const bodies = [
      {
        type: "text",
        slug: "company",
        name: "Company",
        properties: {
          form_label: "Company name",
          form_help_text: "As on your invoice",
          form_placeholder: "Acme",
          textarea: false,
          min_length: 2,
          max_length: 80,
        },
        metadata: { team: "sales", weight: 3, shown: true },
      },
      { type: "number", slug: "seats", name: "Seats", properties: { ge: 1, le: 500 } },
      { type: "date", slug: "start", name: "Start", properties: { ge: "2025-01-01", le: "2025-12-31" } },
      { type: "checkbox", slug: "terms", name: "Terms", properties: { form_label: "I agree" } },
      {
        type: "select",
        slug: "size",
        name: "Size",
        properties: {
          options: [
            { value: "s", label: "Small" },
            { value: "m", label: "Medium" },
          ],
        },
      },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(FIELD_KEYS);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        created_at: expect.stringMatching(ISO),
        modified_at: null,
        organization_id: org,
        type: body.type,
        slug: body.slug,
        name: body.name,
        properties: body.properties,
        metadata: body.metadata ?? {},
      });
      const row = await db.customField.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row).toMatchObject({ organization_id: org, slug: body.slug, properties: body.properties });
    }
  });

  it("keeps only the properties of the field's type, without nulls", async () => {
    const res = await post({
      type: "checkbox",
      slug: "newsletter",
      name: "Newsletter",
      properties: { form_label: "Subscribe", form_help_text: null, options: [{ value: "x", label: "X" }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.properties).toEqual({ form_label: "Subscribe" });
  });

  it("reports missing and malformed fields together", async () => {
    expect(where(await problemsOf({}))).toEqual([
      ["missing", "body", "type"],
      ["missing", "body", "slug"],
      ["missing", "body", "name"],
    ]);
    const problems = await problemsOf({
      type: "radio",
      slug: "Bad Slug",
      name: "  ",
      metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])),
    });
    expect(where(problems)).toEqual([
      ["enum", "body", "type"],
      ["value_error", "body", "slug"],
      ["string_too_short", "body", "name"],
      ["too_long", "body", "metadata"],
    ]);
    expect(problems[1]!.msg).toBe(
      "Slug should contain only lowercase letters, digits, hyphens and underscores",
    );
    expect(where(await problemsOf(textField("x".repeat(101))))).toEqual([
      ["string_too_long", "body", "slug"],
    ]);
    expect((await post(textField("a-z_0-9"))).status).toBe(201);
  });

  it("checks text lengths", async () => {
    expect(where(await problemsOf(textField("t1", { min_length: 10, max_length: 5 })))).toEqual([
      ["value_error", "body", "properties", "min_length"],
    ]);
    expect(
      where(await problemsOf(textField("t2", { min_length: -1, max_length: 16_385, textarea: "yes" }))),
    ).toEqual([
      ["bool_type", "body", "properties", "textarea"],
      ["greater_than_equal", "body", "properties", "min_length"],
      ["less_than_equal", "body", "properties", "max_length"],
    ]);
    expect(where(await problemsOf(textField("t3", { form_label: 3 })))).toEqual([
      ["string_type", "body", "properties", "form_label"],
    ]);
  });

  it("checks number and date bounds", async () => {
    const number = (properties: object) => ({ type: "number", slug: "n", name: "N", properties });
    expect(where(await problemsOf(number({ ge: 1.5 })))).toEqual([["int_type", "body", "properties", "ge"]]);
    const reversed = await problemsOf(number({ ge: 10, le: 1 }));
    expect(reversed).toEqual([
      {
        type: "value_error",
        loc: ["body", "properties", "ge"],
        msg: "ge should be less than or equal to le",
        input: 10,
      },
    ]);
    const date = (properties: object) => ({ type: "date", slug: "d", name: "D", properties });
    expect(where(await problemsOf(date({ ge: "2025-02-30", le: 20250101 })))).toEqual([
      ["value_error", "body", "properties", "ge"],
      ["string_type", "body", "properties", "le"],
    ]);
    expect(where(await problemsOf(date({ ge: "2025-06-01", le: "2025-05-31" })))).toEqual([
      ["value_error", "body", "properties", "ge"],
    ]);
  });

  it("checks select options", async () => {
    const select = (properties: object) => ({ type: "select", slug: "s", name: "S", properties });
    expect(where(await problemsOf(select({})))).toEqual([["missing", "body", "properties", "options"]]);
    expect(where(await problemsOf(select({ options: [] })))).toEqual([
      ["too_short", "body", "properties", "options"],
    ]);
    expect(where(await problemsOf(select({ options: [{ value: "" }] })))).toEqual([
      ["string_too_short", "body", "properties", "options", 0, "value"],
      ["missing", "body", "properties", "options", 0, "label"],
    ]);
    const duplicate = await problemsOf(
      select({
        options: [
          { value: "a", label: "A" },
          { value: "b", label: "B" },
          { value: "a", label: "Again" },
        ],
      }),
    );
    expect(duplicate).toEqual([
      {
        type: "value_error",
        loc: ["body", "properties", "options", 2, "value"],
        msg: "Option values should be unique",
        input: "a",
      },
    ]);
  });

  it("creates only in the caller's organization", async () => {
    const foreign = (await createOrganization(db)).id;
    expect(await problemsOf({ ...textField("elsewhere"), organization_id: foreign })).toEqual([
      {
        type: "value_error",
        loc: ["body", "organization_id"],
        msg: "Organization not found.",
        input: foreign,
      },
    ]);
    const res = await post({ ...textField("mine"), organization_id: org });
    expect(res.status).toBe(201);
  });

  it("answers 409 for a slug the organization already uses, not for another organization's", async () => {
    expect((await post(textField("vat-id"))).status).toBe(201);
    const again = await post({ ...textField("vat-id"), type: "number" });
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: "ResourceAlreadyExists",
        detail: "A custom field with the slug 'vat-id' already exists.",
      },
    });
    expect(await db.customField.count({ where: { organization_id: org, slug: "vat-id" } })).toBe(1);
    expect((await post(textField("vat-id"), otherToken)).status).toBe(201);
  });
});

describe("GET /v1/custom-fields/", () => {
  let listToken: string;
  beforeAll(async () => {
    const own = (await createOrganization(db)).id;
    listToken = (await createToken(db, own, { scopes: ["custom_fields:read"] })).token;
    const t = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
    await createCustomField(db, own, { slug: "b-seats", name: "Seats", type: "number", created_at: t(1) });
    await createCustomField(db, own, { slug: "a-company", name: "Company", type: "text", created_at: t(2) });
    await createCustomField(db, own, {
      slug: "c-size",
      name: "Big seat",
      type: "select",
      properties: { options: [{ value: "s", label: "S" }] },
      created_at: t(3),
    });
  });
  const slugs = async (query: Record<string, string | string[]> = {}) => {
    const res = await call(list, { token: listToken, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((f: { slug: string }) => f.slug);
  };

  it("lists the organization's fields, newest first, paginated", async () => {
    expect(await slugs()).toEqual(["c-size", "a-company", "b-seats"]);
    const page = await call(list, { token: listToken, query: { limit: 2, page: 2 } });
    expect(page.body.pagination).toEqual({ total_count: 3, max_page: 2 });
    expect(page.body.items.map((f: { slug: string }) => f.slug)).toEqual(["b-seats"]);
    expect(Object.keys(page.body.items[0]).sort()).toEqual(FIELD_KEYS);
  });

  it("filters by type and by name or slug", async () => {
    expect(await slugs({ type: ["number", "select"] })).toEqual(["c-size", "b-seats"]);
    expect(await slugs({ query: "SEAT" })).toEqual(["c-size", "b-seats"]);
    expect(await slugs({ query: "a-comp" })).toEqual(["a-company"]);
    expect(await slugs({ query: "%" })).toEqual([]);
    const bad = await call(list, { token: listToken, query: { type: "radio" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "type", 0]);
  });

  it("sorts by slug, name and created_at, and rejects other criteria", async () => {
    expect(await slugs({ sorting: "slug" })).toEqual(["a-company", "b-seats", "c-size"]);
    expect(await slugs({ sorting: "-name" })).toEqual(["b-seats", "a-company", "c-size"]);
    expect(await slugs({ sorting: "created_at" })).toEqual(["b-seats", "a-company", "c-size"]);
    // The type column is an enum: it sorts in the declared order text, number, date, checkbox, select.
    expect(await slugs({ sorting: ["type", "-slug"] })).toEqual(["a-company", "b-seats", "c-size"]);
    const bad = await call(list, { token: listToken, query: { sorting: ["slug", "label"] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: "enum", loc: ["query", "sorting", 1] });
  });
});

describe("GET, PATCH, DELETE /v1/custom-fields/{id}", () => {
  it("reads a field, and another organization's is 404", async () => {
    const field = await createCustomField(db, org, { slug: "read-me" });
    const res = await call(getOne, { token, params: { id: field.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: field.id, slug: "read-me", type: "text" });
    const foreign = { status: 404, body: { error: "ResourceNotFound", detail: "Not found" } };
    expect(await call(getOne, { token: otherToken, params: { id: field.id } })).toMatchObject(foreign);
    expect(await patch(field.id, { name: "Mine" }, otherToken)).toMatchObject(foreign);
    expect(
      await call(remove, { token: otherToken, method: "DELETE", params: { id: field.id } }),
    ).toMatchObject(foreign);
    expect((await db.customField.findUniqueOrThrow({ where: { id: field.id } })).name).not.toBe("Mine");
    const malformed = await call(getOne, { token, params: { id: "nope" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"] });
  });

  it("updates only the fields sent; properties are checked against the stored type", async () => {
    const created = (
      await post({
        type: "select",
        slug: "plan",
        name: "Plan",
        properties: { options: [{ value: "a", label: "A" }] },
        metadata: { k: "v" },
      })
    ).body;
    const res = await patch(created.id, {
      type: "select",
      slug: "plan-2",
      properties: { form_label: "Pick", options: [{ value: "b", label: "B" }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ...created,
      slug: "plan-2",
      properties: { form_label: "Pick", options: [{ value: "b", label: "B" }] },
      modified_at: expect.stringMatching(ISO),
    });
    const renamed = await patch(created.id, { name: "Plan B", metadata: {} });
    expect(renamed.body).toMatchObject({ name: "Plan B", slug: "plan-2", metadata: {} });

    const problems = await patch(created.id, { type: "text", properties: { options: [] } });
    expect(problems.status).toBe(422);
    expect(problems.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "type"],
        msg: "The type of a custom field cannot change (it is 'select').",
        input: "text",
      },
      {
        type: "too_short",
        loc: ["body", "properties", "options"],
        msg: "Should have at least 1 items",
        input: [],
      },
    ]);
    const bounds = await patch((await post(textField("bio"))).body.id, {
      properties: { min_length: 5, max_length: 1 },
    });
    expect(bounds.body.detail.map((p: Problem) => p.loc)).toEqual([["body", "properties", "min_length"]]);
    const row = await db.customField.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ type: "select", slug: "plan-2", name: "Plan B" });
  });

  it("answers 409 when a new slug is taken", async () => {
    await post(textField("taken"));
    const field = (await post(textField("free"))).body;
    expect(await patch(field.id, { slug: "taken" })).toMatchObject({
      status: 409,
      body: {
        error: "ResourceAlreadyExists",
        detail: "A custom field with the slug 'taken' already exists.",
      },
    });
    expect((await patch(field.id, { slug: "free" })).status).toBe(200);
  });

  it("deletes a field no product uses", async () => {
    const field = (await post(textField("doomed"))).body;
    const res = await call(remove, { token, method: "DELETE", params: { id: field.id } });
    expect(res).toMatchObject({ status: 204, body: null });
    expect(await db.customField.findUnique({ where: { id: field.id } })).toBeNull();
    expect((await call(getOne, { token, params: { id: field.id } })).status).toBe(404);
    expect((await call(remove, { token, method: "DELETE", params: { id: field.id } })).status).toBe(404);
  });
});

describe("scopes", () => {
  it("reads with custom_fields:read (or :write) and writes only with custom_fields:write", async () => {
    const field = await createCustomField(db, org, { slug: "scoped" });
    const readOnly = (await createToken(db, org, { scopes: ["custom_fields:read"] })).token;
    const writeOnly = (await createToken(db, org, { scopes: ["custom_fields:write"] })).token;
    const unrelated = (await createToken(db, org, { scopes: ["products:write"] })).token;
    const denied = (scope: string) => ({
      status: 403,
      body: {
        error: "insufficient_scope",
        error_description: `The access token does not have the required scope: ${scope}.`,
      },
    });
    expect(await call(list, { token: unrelated })).toMatchObject(denied("custom_fields:read"));
    expect(await call(getOne, { token: unrelated, params: { id: field.id } })).toMatchObject(
      denied("custom_fields:read"),
    );
    expect(await post(textField("nope"), readOnly)).toMatchObject(denied("custom_fields:write"));
    expect(await patch(field.id, { name: "x" }, readOnly)).toMatchObject(denied("custom_fields:write"));
    expect(await call(remove, { token: readOnly, method: "DELETE", params: { id: field.id } })).toMatchObject(
      denied("custom_fields:write"),
    );
    expect((await call(list, { token: readOnly })).status).toBe(200);
    expect((await call(getOne, { token: writeOnly, params: { id: field.id } })).status).toBe(200);
    expect((await post(textField("yes"), writeOnly)).status).toBe(201);
    expect((await call(list, { token: null })).status).toBe(401);
  });
});
