// PATCH /v1/customers/{id}, and the uniqueness of emails (any case) and external ids within an
// organization, also under concurrent requests (PostgreSQL: PGlite runs one statement at a time).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { avatarUrl } from "@/lib/customers/schemas";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { GET as list, POST as create } from "./route";
import { GET as getOne, PATCH as update } from "./[id]/route";

let db: Db;
let token: string;
let organizationId: string;
let otherToken: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  token = (await createToken(db, organizationId)).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const patch = (id: string, body: unknown) => call(update, { token, method: "PATCH", params: { id }, body });
const EMAIL_TAKEN = {
  error: "ResourceAlreadyExists",
  detail: "A customer with this email address already exists.",
};
const EXTERNAL_ID_TAKEN = {
  error: "ResourceAlreadyExists",
  detail: "A customer with this external ID already exists.",
};

async function made(body: Record<string, unknown>) {
  const res = await post(body);
  expect(res.status).toBe(201);
  return res.body as { id: string; created_at: string } & Record<string, unknown>;
}

describe("PATCH /v1/customers/{id}", () => {
  it("changes every field sent and answers the whole customer", async () => {
    const customer = await made({
      email: "before@example.com",
      name: "Before",
      billing_address: { country: "US", state: "NY" },
      tax_id: ["123", "us_ein"],
      metadata: { a: 1 },
    });
    await db.customer.update({ where: { id: customer.id }, data: { email_verified: true } });
    const res = await patch(customer.id, {
      email: "After@Example.com",
      name: "After",
      billing_address: { line1: "1 Rue de Rivoli", city: "Paris", country: "fr" },
      tax_id: ["FR12345678901", "eu_vat"],
      metadata: { b: "two" },
      external_id: "crm-7",
      locale: "de-AT",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: customer.id,
      created_at: customer.created_at,
      modified_at: expect.stringMatching(ISO),
      metadata: { b: "two" },
      external_id: "crm-7",
      email: "after@example.com",
      // A new address is not verified.
      email_verified: false,
      name: "After",
      billing_address: {
        line1: "1 Rue de Rivoli",
        line2: null,
        postal_code: null,
        city: "Paris",
        state: null,
        country: "FR",
      },
      tax_id: ["FR12345678901", "eu_vat"],
      organization_id: organizationId,
      deleted_at: null,
      avatar_url: avatarUrl("after@example.com"),
      type: "individual",
      // The name on invoices follows the name.
      billing_name: "After",
      locale: "de-AT",
      first_user_event_at: null,
    });
    expect((await call(getOne, { token, params: { id: customer.id } })).body).toEqual(res.body);
  });

  it("leaves the fields not sent, clears with null, keeps a verified email sent again", async () => {
    const customer = await made({
      email: "keep@example.com",
      name: "Keep",
      billing_address: { country: "DE" },
      tax_id: "DE999",
      metadata: { k: true },
      external_id: "keep-1",
    });
    await db.customer.update({ where: { id: customer.id }, data: { email_verified: true } });
    const res = await patch(customer.id, {
      email: "KEEP@example.com",
      name: null,
      billing_address: null,
      tax_id: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: "keep@example.com",
      email_verified: true,
      name: null,
      billing_address: null,
      tax_id: null,
      metadata: { k: true },
      external_id: "keep-1",
    });
    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row).toMatchObject({ billing_address: null, tax_id: null, tax_id_type: null });
    const empty = await patch(customer.id, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ email: "keep@example.com", metadata: { k: true } });
  });

  it("sets external_id once, then refuses to change or clear it", async () => {
    const customer = await made({ email: "ext@example.com" });
    expect((await patch(customer.id, { external_id: null })).status).toBe(200);
    expect((await patch(customer.id, { external_id: "ext-1" })).body.external_id).toBe("ext-1");
    expect((await patch(customer.id, { external_id: "ext-1", name: "Same" })).status).toBe(200);
    for (const external_id of ["ext-2", null]) {
      const res = await patch(customer.id, { external_id, name: "Changed" });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          type: "value_error",
          loc: ["body", "external_id"],
          msg: "Customer external ID cannot be updated once set.",
          input: external_id,
        },
      ]);
    }
    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row).toMatchObject({ external_id: "ext-1", name: "Same" });
  });

  it("validates like create, and email cannot be cleared", async () => {
    const customer = await made({ email: "valid@example.com" });
    const res = await patch(customer.id, {
      email: null,
      billing_address: { country: "" },
      metadata: { "": 1 },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { type: "string_type", loc: ["body", "email"], msg: "Input should be a valid string", input: null },
      {
        type: "value_error",
        loc: ["body", "billing_address", "country"],
        msg: "Country should be a two-letter ISO 3166-1 code",
        input: "",
      },
      {
        type: "string_too_short",
        loc: ["body", "metadata", ""],
        msg: "Key should have at least 1 character",
        input: "",
      },
    ]);
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      email: "valid@example.com",
      modified_at: null,
    });
  });
});

describe("uniqueness within the organization", () => {
  it("refuses an email that exists in any case, on create and on update", async () => {
    const first = await made({ email: "Taken@Example.com" });
    expect(await post({ email: "taken@example.COM" })).toMatchObject({ status: 409, body: EMAIL_TAKEN });
    const second = await made({ email: "second@example.com" });
    expect(await patch(second.id, { email: "TAKEN@example.com", name: "x" })).toMatchObject({
      status: 409,
      body: EMAIL_TAKEN,
    });
    expect(await db.customer.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      email: "second@example.com",
      name: null,
    });
    // Another organization may have the same address.
    expect((await post({ email: "taken@example.com" }, otherToken)).status).toBe(201);
    expect(
      await db.customer.count({ where: { organization_id: organizationId, email: "taken@example.com" } }),
    ).toBe(1);
    expect(first.email).toBe("taken@example.com");
  });

  it("refuses an external id that exists (case matters: it is the merchant's own id)", async () => {
    await made({ email: "x1@example.com", external_id: "USER-1" });
    expect(await post({ email: "x2@example.com", external_id: "USER-1" })).toMatchObject({
      status: 409,
      body: EXTERNAL_ID_TAKEN,
    });
    const other = await made({ email: "x3@example.com" });
    expect(await patch(other.id, { external_id: "USER-1" })).toMatchObject({
      status: 409,
      body: EXTERNAL_ID_TAKEN,
    });
    expect((await post({ email: "x4@example.com", external_id: "user-1" })).status).toBe(201);
    expect((await post({ email: "x5@example.com", external_id: "USER-1" }, otherToken)).status).toBe(201);
    // Any number of customers without one.
    expect(
      await db.customer.count({ where: { organization_id: organizationId, external_id: null } }),
    ).toBeGreaterThan(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("uniqueness under concurrent requests", () => {
  it("creates one customer of ten simultaneous creations of one address in different cases", async () => {
    const cases = ["race@example.com", "RACE@example.com", "Race@Example.com", "rAcE@example.COM"];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post({ email: cases[i % cases.length] })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual(EMAIL_TAKEN);
    expect(
      await db.customer.count({ where: { organization_id: organizationId, email: "race@example.com" } }),
    ).toBe(1);
  });

  it("gives one external id to one of ten simultaneous creations", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post({ email: `ext-race-${i}@example.com`, external_id: "race-id" }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual(EXTERNAL_ID_TAKEN);
    expect(await db.customer.count({ where: { external_id: "race-id" } })).toBe(1);
  });

  it("lets one of simultaneous updates to one address through", async () => {
    const customers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => made({ email: `move-${i}@example.com` })),
    );
    const results = await Promise.all(
      customers.map((c, i) => patch(c.id, { email: i % 2 ? "MOVED@example.com" : "moved@example.com" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(5).fill(409)]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual(EMAIL_TAKEN);
    const listed = await call(list, { token, query: { email: "moved@example.com" } });
    expect(listed.body.pagination.total_count).toBe(1);
  });
});
