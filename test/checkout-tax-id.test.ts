// The buyer's tax ID through the real checkout routes (docs/tax.md "Tax IDs and VIES"), VIES being
// the local fake (test/vies-fake.ts): a bare value (type guessed) or the pair, its format checked
// per type (422, nothing written), an EU VAT number asked of VIES (valid: verified; invalid: 422;
// no answer: accepted unverified, asked again at confirm), other types never sent to VIES, and the
// verification carried to the buyer's customer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createProduct, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as create } from "@/app/v1/checkouts/custom/route";
import { PATCH as merchantPatch } from "@/app/v1/checkouts/custom/[id]/route";
import { GET as read, PATCH as update } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { startViesFake, VIES_NUMBERS, type ViesFake } from "./vies-fake";

let db: Db;
let fake: ViesFake;
let token: string;
let productId: string;

const LOC = ["body", "customer_tax_id"];
const params = (secret: string) => ({ params: { client_secret: secret } });
const post = (body: Record<string, unknown>) =>
  call(create, { token, body: { product_id: productId, ...body } });
const patch = (secret: string, body: unknown) => call(update, { ...params(secret), method: "PATCH", body });
const get = (secret: string) => call(read, params(secret));
const pay = (secret: string, body: Record<string, unknown> = {}) =>
  call(confirm, {
    ...params(secret),
    body: {
      customer_email: "buyer@example.com",
      customer_name: "Buyer GmbH",
      customer_billing_address: { country: "DE" },
      confirmation_token_id: TEST_TOKENS.succeeds,
      ...body,
    },
  });

/** A new open session; its client secret and id. */
async function session(body: Record<string, unknown> = {}) {
  const res = await post(body);
  expect(res.status).toBe(201);
  return { secret: res.body.client_secret as string, id: res.body.id as string };
}

const row = (id: string) => db.checkoutSession.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  db = await getDb();
  fake = await startViesFake();
  process.env.VIES_API_BASE = fake.base;
  const org = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  productId = (await createProduct(db, org.id, { price: { price_amount: 2000 } })).product.id;
});
afterAll(() => fake.close());
beforeEach(async () => {
  await db.vatCheck.deleteMany();
  fake.calls.length = 0;
  fake.set(VIES_NUMBERS.msUnavailable, "ms_unavailable");
});

describe("format", () => {
  it("refuses a tax ID in the wrong format for its type, and writes nothing", async () => {
    const before = await db.checkoutSession.count();
    for (const [input, msg] of [
      [["DE12", "eu_vat"], /DE VAT number/],
      [["123", "gb_vat"], /UK VAT number/],
      [["DE123456789", "xx_nope"], /Tax ID type should be one of/],
      ["12-AB", /send it as \[value, type\]/],
    ] as const) {
      const res = await post({ customer_tax_id: input });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { type: "value_error", loc: LOC, msg: expect.stringMatching(msg), input },
      ]);
    }
    expect(await db.checkoutSession.count()).toBe(before);
    expect(fake.calls).toEqual([]);

    const { secret, id } = await session();
    const untouched = await row(id);
    const res = await patch(secret, { customer_tax_id: "DE12", customer_name: "Changed" });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { loc: unknown }) => p.loc)).toEqual([LOC]);
    expect(await row(id)).toEqual(untouched);
  });

  it("refuses what is neither a string nor a pair, as any bad field", async () => {
    const res = await post({ customer_tax_id: ["DE123456789"] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc.slice(0, 2)).toEqual(LOC);
  });
});

describe("EU VAT numbers and VIES", () => {
  it("verifies a valid number, normalized, and answers the pair", async () => {
    const res = await post({ customer_tax_id: "de 123.456.789" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customer_tax_id: "DE123456789",
      customer_tax_id_type: "eu_vat",
      customer_tax_id_status: "verified",
    });
    expect((await row(res.body.id)).customer_tax_id_verified_at).toBeInstanceOf(Date);
    expect(fake.callsFor(VIES_NUMBERS.valid)).toBe(1);

    // The buyer's view says the same; a second session with the number uses the kept answer.
    expect((await get(res.body.client_secret)).body).toMatchObject({
      customer_tax_id: "DE123456789",
      customer_tax_id_type: "eu_vat",
      customer_tax_id_status: "verified",
    });
    const again = await session({ customer_tax_id: ["DE123456789", "eu_vat"] });
    expect((await get(again.secret)).body.customer_tax_id_status).toBe("verified");
    expect(fake.callsFor(VIES_NUMBERS.valid)).toBe(1);
  });

  it("refuses a number VIES says is not valid (422 on the field), and writes nothing", async () => {
    const { secret, id } = await session();
    const untouched = await row(id);
    const res = await patch(secret, { customer_tax_id: VIES_NUMBERS.invalid });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "value_error",
        loc: LOC,
        msg: "VIES says this VAT number is not valid.",
        input: VIES_NUMBERS.invalid,
      },
    ]);
    expect(await row(id)).toEqual(untouched);
    expect((await post({ customer_tax_id: VIES_NUMBERS.invalid })).status).toBe(422);
  });

  it("accepts a number unverified when VIES cannot answer (member state down, 503)", async () => {
    const { secret, id } = await session();
    const res = await patch(secret, { customer_tax_id: VIES_NUMBERS.msUnavailable });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer_tax_id: VIES_NUMBERS.msUnavailable,
      customer_tax_id_type: "eu_vat",
      customer_tax_id_status: "unverified",
    });
    expect((await row(id)).customer_tax_id_verified_at).toBeNull();

    const merchant = await call(merchantPatch, {
      token,
      method: "PATCH",
      params: { id },
      body: { customer_tax_id: VIES_NUMBERS.http503 },
    });
    expect(merchant.status).toBe(200);
    expect(merchant.body).toMatchObject({
      customer_tax_id: VIES_NUMBERS.http503,
      customer_tax_id_status: "unverified",
    });
    expect(await db.vatCheck.count()).toBe(0);
  });

  it("asks VIES again at confirm for a number still unverified, and the customer gets the verification", async () => {
    const { secret, id } = await session();
    expect(
      (await patch(secret, { customer_tax_id: VIES_NUMBERS.msUnavailable })).body.customer_tax_id_status,
    ).toBe("unverified");
    fake.set(VIES_NUMBERS.msUnavailable, "valid", "Back Again AG");
    const res = await pay(secret);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "confirmed",
      customer_tax_id: VIES_NUMBERS.msUnavailable,
      customer_tax_id_status: "verified",
    });
    expect(fake.callsFor(VIES_NUMBERS.msUnavailable)).toBe(2);
    const verifiedAt = (await row(id)).customer_tax_id_verified_at;
    expect(verifiedAt).toBeInstanceOf(Date);
    expect(await db.customer.findUniqueOrThrow({ where: { id: res.body.customer_id } })).toMatchObject({
      tax_id: VIES_NUMBERS.msUnavailable,
      tax_id_type: "eu_vat",
      tax_id_verified_at: verifiedAt,
    });
  });

  it("confirms unverified when VIES still cannot answer, and refuses when it now says invalid", async () => {
    const down = await session({ customer_tax_id: VIES_NUMBERS.msUnavailable });
    const res = await pay(down.secret);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "confirmed", customer_tax_id_status: "unverified" });
    expect(await db.customer.findUniqueOrThrow({ where: { id: res.body.customer_id } })).toMatchObject({
      tax_id_type: "eu_vat",
      tax_id_verified_at: null,
    });

    const gone = await session({ customer_tax_id: VIES_NUMBERS.msUnavailable });
    fake.set(VIES_NUMBERS.msUnavailable, "invalid");
    const untouched = await row(gone.id);
    const refused = await pay(gone.secret, { customer_email: "other@example.com" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      expect.objectContaining({ loc: LOC, msg: "VIES says this VAT number is not valid." }),
    ]);
    expect(await row(gone.id)).toEqual(untouched);
  });

  it("a tax ID sent with confirm is checked there", async () => {
    const { secret } = await session();
    const refused = await pay(secret, { customer_tax_id: VIES_NUMBERS.invalid });
    expect(refused.status).toBe(422);
    const res = await pay(secret, {
      customer_tax_id: VIES_NUMBERS.otherValid,
      customer_email: "fr@example.com",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer_tax_id: VIES_NUMBERS.otherValid,
      customer_tax_id_status: "verified",
    });
  });
});

describe("unknown sessions", () => {
  it("is 404 for an unknown client secret without asking VIES", async () => {
    const res = await patch("cs_unknown_secret", { customer_tax_id: VIES_NUMBERS.valid });
    expect(res.status).toBe(404);
    expect(fake.calls).toEqual([]);
  });
});

describe("other types", () => {
  it("never sends a non-EU tax ID to VIES: accepted unverified, its type guessed or given", async () => {
    const { secret } = await session();
    const guessed = await patch(secret, { customer_tax_id: "CHE-123.456.789 MWST" });
    expect(guessed.status).toBe(200);
    expect(guessed.body).toMatchObject({
      customer_tax_id: "CHE123456789MWST",
      customer_tax_id_type: "ch_vat",
      customer_tax_id_status: "unverified",
    });
    const pair = await patch(secret, { customer_tax_id: ["GB123456789", "gb_vat"] });
    expect(pair.body).toMatchObject({ customer_tax_id: "GB123456789", customer_tax_id_type: "gb_vat" });
    expect(fake.calls).toEqual([]);
  });

  it("null or an empty string removes the tax ID", async () => {
    const { secret } = await session({ customer_tax_id: VIES_NUMBERS.valid });
    for (const cleared of [null, ""]) {
      await patch(secret, { customer_tax_id: VIES_NUMBERS.valid });
      const res = await patch(secret, { customer_tax_id: cleared });
      expect(res.body).toMatchObject({
        customer_tax_id: null,
        customer_tax_id_type: null,
        customer_tax_id_status: null,
      });
    }
  });
});
