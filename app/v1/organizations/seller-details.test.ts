// The seller's legal details through PATCH /v1/organizations/{id}: legal name, address and tax ID
// set and cleared one by one, the tax ID normalised (and its type recognised when not given), each
// bad type, format and country a 422 that changes nothing, another organization 404, a read-only
// token 403, and GET answering what was stored.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { GET as getOne, PATCH as update } from "./[id]/route";

let db: Db;
let token: string;
let readOnly: string;
let own: { id: string };
let other: { id: string };

beforeAll(async () => {
  db = await getDb();
  own = await createOrganization(db, { name: "Seller", slug: "seller-details-test" });
  other = await createOrganization(db, { name: "Other seller", slug: "seller-details-other" });
  token = (await createToken(db, own.id)).token;
  readOnly = (await createToken(db, own.id, { scopes: ["organizations:read"] })).token;
});

const patch = (body: unknown, t: string = token, id: string = own.id) =>
  call(update, { token: t, method: "PATCH", params: { id }, body });
const get = () => call(getOne, { token, params: { id: own.id } });
const seller = (body: Record<string, unknown>) => ({
  legal_name: body.legal_name,
  address: body.address,
  tax_id: body.tax_id,
  country: body.country,
});
const stored = () =>
  db.organization.findUniqueOrThrow({
    where: { id: own.id },
    select: { legal_name: true, address: true, tax_id: true, tax_id_type: true },
  });

const ADDRESS = {
  line1: "Hauptstraße 1",
  line2: null,
  postal_code: "10115",
  city: "Berlin",
  state: null,
  country: "DE",
};

describe("PATCH /v1/organizations/{id}: seller details", () => {
  it("has none at first", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(seller(res.body)).toEqual({ legal_name: null, address: null, tax_id: null, country: null });
  });

  it("sets the legal name, address and tax ID, answered by PATCH and GET", async () => {
    const res = await patch({
      legal_name: "  Seller GmbH ",
      address: { line1: "Hauptstraße 1", postal_code: "10115", city: "Berlin", country: "de" },
      tax_id: ["de 123.456-789", "eu_vat"],
    });
    expect(res.status).toBe(200);
    const expected = {
      legal_name: "Seller GmbH",
      address: ADDRESS,
      tax_id: ["DE123456789", "eu_vat"],
      country: "DE",
    };
    expect(seller(res.body)).toEqual(expected);
    expect(seller((await get()).body)).toEqual(expected);
    expect(await stored()).toEqual({
      legal_name: "Seller GmbH",
      address: { line1: "Hauptstraße 1", postal_code: "10115", city: "Berlin", country: "DE" },
      tax_id: "DE123456789",
      tax_id_type: "eu_vat",
    });
  });

  it("leaves the seller details alone when a PATCH does not send them", async () => {
    const res = await patch({ name: "Seller renamed" });
    expect(res.status).toBe(200);
    expect(res.body.legal_name).toBe("Seller GmbH");
    expect(res.body.tax_id).toEqual(["DE123456789", "eu_vat"]);
    expect(res.body.address).toEqual(ADDRESS);
  });

  it("normalises each type's value", async () => {
    const cases: [sent: string, type: string, kept: string][] = [
      ["gb 123 4567 89", "gb_vat", "GB123456789"],
      ["che-123.456.789 mwst", "ch_vat", "CHE123456789MWST"],
      ["123 456 789 mva", "no_vat", "123456789MVA"],
      ["51 824 753 556", "au_abn", "51824753556"],
      ["123-456-789", "ca_bn", "123456789"],
      ["FR XA 123456789", "eu_vat", "FRXA123456789"],
    ];
    for (const [sent, type, kept] of cases) {
      const res = await patch({ tax_id: [sent, type] });
      expect(res.status, sent).toBe(200);
      expect(res.body.tax_id).toEqual([kept, type]);
    }
  });

  it("recognises the type of a value sent alone or with a null type", async () => {
    expect((await patch({ tax_id: "el 123456789" })).body.tax_id).toEqual(["EL123456789", "eu_vat"]);
    expect((await patch({ tax_id: ["GB123456789", null] })).body.tax_id).toEqual(["GB123456789", "gb_vat"]);
    const digits = await patch({ tax_id: "123456789" });
    expect(digits.status).toBe(422);
    expect(digits.body.detail).toEqual([
      expect.objectContaining({
        loc: ["body", "tax_id"],
        msg: "Give the tax ID's type: one of eu_vat, gb_vat, ch_vat, no_vat, au_abn, ca_bn",
      }),
    ]);
  });

  it("refuses a malformed value for its type with a 422 naming the format, changing nothing", async () => {
    await patch({ tax_id: ["DE123456789", "eu_vat"] });
    const cases: [value: string, type: string, message: RegExp][] = [
      ["DE12345678", "eu_vat", /^A DE VAT number is DE followed by 9 digits\.$/],
      ["GR123456789", "eu_vat", /starts with EL, not GR/],
      ["XX123", "eu_vat", /member state's prefix/],
      ["GB1234", "gb_vat", /^A UK VAT number is GB followed by 9 or 12 digits/],
      ["CHE12345678", "ch_vat", /^A Swiss VAT number is CHE and 9 digits/],
      ["123456789", "no_vat", /^A Norwegian VAT number is 9 digits followed by MVA/],
      ["51824753557", "au_abn", /check digits are wrong/],
      ["1234567", "au_abn", /^An Australian Business Number is 11 digits/],
      ["12345678", "ca_bn", /^A Canadian Business Number is 9 digits/],
    ];
    for (const [value, type, message] of cases) {
      const res = await patch({ tax_id: [value, type], legal_name: "Not saved either" });
      expect(res.status, value).toBe(422);
      expect(res.body.detail, value).toEqual([
        expect.objectContaining({ loc: ["body", "tax_id"], msg: expect.stringMatching(message) }),
      ]);
    }
    expect(await stored()).toMatchObject({ legal_name: "Seller GmbH", tax_id: "DE123456789" });
  });

  it("refuses an unknown type, a wrong shape and an over-long value", async () => {
    const unknownType = await patch({ tax_id: ["123456789", "us_ein"] });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.detail).toEqual([
      expect.objectContaining({
        loc: ["body", "tax_id", 1],
        msg: "Tax ID type should be one of eu_vat, gb_vat, ch_vat, no_vat, au_abn, ca_bn",
      }),
    ]);
    for (const body of [{ tax_id: ["DE123456789"] }, { tax_id: 42 }, { tax_id: { value: "DE123456789" } }]) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail[0].loc.slice(0, 2)).toEqual(["body", "tax_id"]);
    }
    const long = await patch({ tax_id: ["DE" + "1".repeat(100), "eu_vat"] });
    expect(long.status).toBe(422);
    expect(long.body.detail[0].loc).toEqual(["body", "tax_id", 0]);
    const empty = await patch({ tax_id: ["  ", "eu_vat"] });
    expect(empty.status).toBe(422);
  });

  it("refuses an address without a country or with an unknown one, and an over-long legal name", async () => {
    const unknown = await patch({ address: { city: "Nowhere", country: "XX" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toEqual([
      expect.objectContaining({ loc: ["body", "address", "country"], msg: "Unknown country code" }),
    ]);
    const malformed = await patch({ address: { country: "DEU" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(["body", "address", "country"]);
    const missing = await patch({ address: { city: "Berlin" } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(["body", "address", "country"]);
    const long = await patch({ legal_name: "x".repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body.detail[0].loc).toEqual(["body", "legal_name"]);
    expect((await stored()).address).toMatchObject({ country: "DE" });
  });

  it("clears each field with null (an empty legal name too)", async () => {
    expect(seller((await patch({ legal_name: "" })).body).legal_name).toBeNull();
    await patch({ legal_name: "Seller GmbH" });
    expect((await patch({ legal_name: null })).body.legal_name).toBeNull();
    const noAddress = await patch({ address: null });
    expect(noAddress.status).toBe(200);
    expect(noAddress.body.address).toBeNull();
    expect(noAddress.body.country).toBeNull();
    expect((await patch({ tax_id: null })).body.tax_id).toBeNull();
    expect(await stored()).toEqual({ legal_name: null, address: null, tax_id: null, tax_id_type: null });
    expect(seller((await get()).body)).toEqual({
      legal_name: null,
      address: null,
      tax_id: null,
      country: null,
    });
  });

  it("answers 404 for another organization and 403 without organizations:write", async () => {
    const foreign = await patch({ legal_name: "Mine now" }, token, other.id);
    expect(foreign.status).toBe(404);
    const readOnlyRes = await patch({ legal_name: "Nope" }, readOnly);
    expect(readOnlyRes.status).toBe(403);
    const untouched = await db.organization.findUniqueOrThrow({ where: { id: other.id } });
    expect(untouched.legal_name).toBeNull();
    expect((await stored()).legal_name).toBeNull();
  });
});
