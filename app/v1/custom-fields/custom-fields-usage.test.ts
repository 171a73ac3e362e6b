// Custom fields once products use them: a field attached to a product cannot be deleted (409), the
// properties the API accepted are what the checkout enforces at confirm, and a slug stays unique
// when several creations race (PostgreSQL only: PGlite runs one statement at a time).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  attachCustomField,
  createCheckout,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as create } from "./route";
import { DELETE as remove, GET as getOne } from "./[id]/route";
import { POST as signIn } from "../auth/sign-in/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";

let db: Db;
let org: string;
let token: string;

const post = (body: unknown) => call(create, { token, body });

/** A paid one-time product with the fields attached in order, and an open session on its price. */
async function sessionAsking(fields: { id: string; required: boolean }[]) {
  const { product, price } = await createProduct(db, org, { price: { price_amount: 2000 } });
  for (const [order, field] of fields.entries()) {
    await attachCustomField(db, product.id, field.id, { required: field.required, order });
  }
  return { product, session: await createCheckout(db, org, price.id) };
}

const pay = (secret: string, custom_field_data: Record<string, unknown>) =>
  call(confirm, {
    params: { client_secret: secret },
    body: {
      customer_email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
      customer_name: "Jane Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
      custom_field_data,
    },
  });

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
});

describe("DELETE /v1/custom-fields/{id} of a field in use", () => {
  it("is 409 with the reason, and the field and its attachments stay", async () => {
    const field = (await post({ type: "text", slug: "vat", name: "VAT number" })).body;
    const { product } = await sessionAsking([{ id: field.id, required: false }]);
    const second = await createProduct(db, org);
    await attachCustomField(db, second.product.id, field.id);
    const res = await call(remove, { token, method: "DELETE", params: { id: field.id } });
    expect(res).toMatchObject({
      status: 409,
      body: {
        error: "ConflictError",
        detail: "Custom field 'vat' is attached to 2 products; detach it before deleting it.",
      },
    });
    expect((await call(getOne, { token, params: { id: field.id } })).status).toBe(200);
    expect(await db.attachedCustomField.count({ where: { custom_field_id: field.id } })).toBe(2);
    expect(await db.attachedCustomField.count({ where: { product_id: product.id } })).toBe(1);
  });
});

describe("a field created through the API, at checkout confirm", () => {
  it("enforces a required select's options", async () => {
    const created = await post({
      type: "select",
      slug: "tier",
      name: "Tier",
      properties: {
        form_label: "Tier",
        options: [
          { value: "pro", label: "Pro" },
          { value: "team", label: "Team" },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { session } = await sessionAsking([{ id: created.body.id, required: true }]);

    const wrong = await pay(session.client_secret, { tier: "enterprise" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toEqual([
      {
        type: "enum",
        loc: ["body", "custom_field_data", "tier"],
        msg: "Input should be 'pro', 'team'",
        input: "enterprise",
      },
    ]);
    const absent = await pay(session.client_secret, {});
    expect(absent.body.detail).toEqual([
      { type: "missing", loc: ["body", "custom_field_data", "tier"], msg: "Field required", input: null },
    ]);
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("open");

    const paid = await pay(session.client_secret, { tier: "team" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe("confirmed");
    const row = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.custom_field_data).toEqual({ tier: "team" });
  });

  it("enforces text lengths, number and date bounds", async () => {
    const text = (await post({ type: "text", slug: "code", name: "Code", properties: { min_length: 3 } }))
      .body;
    const seats = (
      await post({ type: "number", slug: "seats", name: "Seats", properties: { ge: 1, le: 10 } })
    ).body;
    const start = (
      await post({
        type: "date",
        slug: "start",
        name: "Start",
        properties: { ge: "2025-01-01", le: "2025-12-31" },
      })
    ).body;
    const { session } = await sessionAsking([
      { id: text.id, required: false },
      { id: seats.id, required: false },
      { id: start.id, required: false },
    ]);
    const low = await pay(session.client_secret, { code: "ab", seats: 0, start: "2024-12-31" });
    expect(low.body.detail).toEqual([
      {
        type: "string_too_short",
        loc: ["body", "custom_field_data", "code"],
        msg: "String should have at least 3 characters",
        input: "ab",
      },
      {
        type: "greater_than_equal",
        loc: ["body", "custom_field_data", "seats"],
        msg: "Input should be greater than or equal to 1",
        input: 0,
      },
      {
        type: "greater_than_equal",
        loc: ["body", "custom_field_data", "start"],
        msg: "Input should be on or after 2025-01-01",
        input: "2024-12-31",
      },
    ]);
    const high = await pay(session.client_secret, { seats: 11, start: "2026-01-01" });
    expect(high.body.detail.map((p: { type: string }) => p.type)).toEqual([
      "less_than_equal",
      "less_than_equal",
    ]);
    const paid = await pay(session.client_secret, { code: "abc", seats: 10, start: "2025-12-31" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });
});

describe("a merchant session with two organizations", () => {
  it("names the organization to create in; the field is theirs only", async () => {
    const first = (await createOrganization(db)).id;
    const second = (await createOrganization(db)).id;
    await createMerchantUser(db, {
      email: "fields@example.com",
      password: "pw-for-fields",
      organizationIds: [first, second],
    });
    const signedIn = await call(signIn, { body: { email: "fields@example.com", password: "pw-for-fields" } });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const headers = { cookie, "x-csrf-token": signedIn.body.csrf_token as string };
    const body = { type: "checkbox", slug: "gift", name: "Gift" };
    const unnamed = await call(create, { headers, body });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.detail).toEqual([
      { type: "missing", loc: ["body", "organization_id"], msg: "Field required", input: null },
    ]);
    const named = await call(create, { headers, body: { ...body, organization_id: second } });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.organization_id).toBe(second);
    expect((await call(getOne, { token, params: { id: named.body.id } })).status).toBe(404);
  });
});

describe("concurrent creation", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "of one slug gives exactly one 201 and 409 for the others",
    async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post({ type: "text", slug: "race", name: `Racer ${i}` })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const loser of results.filter((r) => r.status === 409)) {
        expect(loser.body).toEqual({
          error: "ResourceAlreadyExists",
          detail: "A custom field with the slug 'race' already exists.",
        });
      }
      expect(await db.customField.count({ where: { organization_id: org, slug: "race" } })).toBe(1);
    },
  );
});
