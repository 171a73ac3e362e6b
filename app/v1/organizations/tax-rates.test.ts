// Tax rates through the real handlers: the list replaced as a whole (kept rates keep their id),
// each validation rule's exact 422, tenancy 404, scopes 403, two replacements racing, and the
// checkout's tax following a changed rate.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createProduct, createToken } from "@/lib/factories";
import { MAX_TAX_RATES } from "@/lib/organizations/tax-rate-schemas";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { GET as listRates, PUT as replaceRates } from "./[id]/tax-rates/route";
import { POST as createCheckout } from "../checkouts/custom/route";
import { PATCH as updateCheckout } from "../checkouts/custom/[id]/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null): Problem => ({
  type,
  loc,
  msg,
  input,
});
type Rate = { id: string; created_at: string; country: string; state: string | null; basis_points: number };

let db: Db;
let token: string;
let readOnly: string;
let ordersOnly: string;
let otherToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["organizations:read"] })).token;
  ordersOnly = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  ids.product = (await createProduct(db, org.id, { price: { price_amount: 2000 } })).product.id;
});

const get = (id = ids.org!, t = token) => call(listRates, { token: t, params: { id } });
const put = (body: unknown, id = ids.org!, t = token) =>
  call(replaceRates, { token: t, method: "PUT", params: { id }, body });
const places = (rates: Rate[]) => rates.map((r) => [r.country, r.state, r.basis_points]);

describe("GET and PUT /v1/organizations/{id}/tax-rates", () => {
  it("starts empty, replaces the list (normalized, ordered), and reads back the same", async () => {
    expect((await get()).body).toEqual({ tax_rates: [] });
    const res = await put({
      tax_rates: [
        { country: "us", state: "ny", basis_points: 400 },
        { country: "DE", basis_points: 1900 },
        { country: "US", state: null, basis_points: 0 },
        { country: "US", state: "CA", basis_points: 725 },
        { country: "JP", state: "13", basis_points: 1000 },
      ],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.tax_rates[0]).sort()).toEqual([
      "basis_points",
      "country",
      "created_at",
      "id",
      "state",
    ]);
    expect(res.body.tax_rates[0].created_at).toMatch(ISO);
    expect(places(res.body.tax_rates)).toEqual([
      ["DE", null, 1900],
      ["JP", "13", 1000],
      ["US", null, 0],
      ["US", "CA", 725],
      ["US", "NY", 400],
    ]);
    expect((await get()).body).toEqual(res.body);
    expect(await db.taxRate.count({ where: { organization_id: ids.org } })).toBe(5);
  });

  it("keeps the rates still listed (same id), changes their rate, drops the others, adds the new", async () => {
    const before: Rate[] = (await get()).body.tax_rates;
    const res = await put({
      tax_rates: [
        { country: "DE", basis_points: 700 },
        { country: "US", state: "CA", basis_points: 725 },
        { country: "FR", basis_points: 2000 },
      ],
    });
    expect(res.status).toBe(200);
    expect(places(res.body.tax_rates)).toEqual([
      ["DE", null, 700],
      ["FR", null, 2000],
      ["US", "CA", 725],
    ]);
    const idOf = (rates: Rate[], country: string, state: string | null = null) =>
      rates.find((r) => r.country === country && r.state === state)?.id;
    expect(idOf(res.body.tax_rates, "DE")).toBe(idOf(before, "DE"));
    expect(idOf(res.body.tax_rates, "US", "CA")).toBe(idOf(before, "US", "CA"));
    expect(await db.taxRate.count({ where: { organization_id: ids.org } })).toBe(3);
  });

  // A duplicate is found among the normalized rates, and echoed as such.
  it("validates every rate and the list, all problems at once, and changes nothing", async () => {
    const before = (await get()).body;
    const cases: [unknown, Problem[]][] = [
      [{}, [problem("missing", ["body", "tax_rates"], "Field required")]],
      [
        { tax_rates: "DE" },
        [problem("list_type", ["body", "tax_rates"], "Input should be a valid list", "DE")],
      ],
      [
        {
          tax_rates: [
            { country: "XX", basis_points: 100 },
            { country: "USA", basis_points: 100 },
            { country: "US", state: "ZZ", basis_points: 100 },
            { country: "CA", state: "XX", basis_points: 100 },
            { country: "DE", state: "BAYERN", basis_points: 100 },
            { country: "GB", basis_points: -1 },
            { country: "GB", basis_points: 10_001 },
            { country: "GB", basis_points: 1.5 },
            { state: "CA" },
          ],
        },
        [
          problem("value_error", ["body", "tax_rates", 0, "country"], "Unknown country code", "XX"),
          problem(
            "value_error",
            ["body", "tax_rates", 1, "country"],
            "Country should be a two-letter ISO 3166-1 code",
            "USA",
          ),
          problem("value_error", ["body", "tax_rates", 2, "state"], "Unknown state of US", "ZZ"),
          problem("value_error", ["body", "tax_rates", 3, "state"], "Unknown province of CA", "XX"),
          problem(
            "value_error",
            ["body", "tax_rates", 4, "state"],
            "State should be a subdivision code of 1 to 3 letters or digits",
            "BAYERN",
          ),
          problem(
            "greater_than_equal",
            ["body", "tax_rates", 5, "basis_points"],
            "Input should be greater than or equal to 0",
            -1,
          ),
          problem(
            "less_than_equal",
            ["body", "tax_rates", 6, "basis_points"],
            "Input should be less than or equal to 10000",
            10_001,
          ),
          problem(
            "int_type",
            ["body", "tax_rates", 7, "basis_points"],
            "Input should be a valid integer",
            1.5,
          ),
          problem("missing", ["body", "tax_rates", 8, "country"], "Field required"),
          problem("missing", ["body", "tax_rates", 8, "basis_points"], "Field required"),
        ],
      ],
      [
        {
          tax_rates: [
            { country: "DE", basis_points: 1900 },
            { country: "de", state: null, basis_points: 700 },
            { country: "US", state: "CA", basis_points: 725 },
            { country: "US", state: "ca", basis_points: 800 },
          ],
        },
        [
          problem("value_error", ["body", "tax_rates", 1], "Duplicate rate for DE", {
            country: "DE",
            state: null,
            basis_points: 700,
          }),
          problem("value_error", ["body", "tax_rates", 3], "Duplicate rate for US, state CA", {
            country: "US",
            state: "CA",
            basis_points: 800,
          }),
        ],
      ],
      [
        { tax_rates: Array.from({ length: MAX_TAX_RATES + 1 }, () => ({ country: "DE", basis_points: 1 })) },
        [
          problem(
            "too_long",
            ["body", "tax_rates"],
            `Should have at most ${MAX_TAX_RATES} items`,
            expect.stringMatching(/^\[\{"country":"DE","basis_points":1\}.*…$/),
          ),
        ],
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body).toEqual({ error: "RequestValidationError", detail });
    }
    expect((await get()).body).toEqual(before);
  });

  it("removes every rate with an empty list", async () => {
    const other = await createOrganization(db);
    const t = (await createToken(db, other.id)).token;
    await put({ tax_rates: [{ country: "DE", basis_points: 1900 }] }, other.id, t);
    const res = await put({ tax_rates: [] }, other.id, t);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tax_rates: [] });
    expect(await db.taxRate.count({ where: { organization_id: other.id } })).toBe(0);
  });

  it("applies two replacements racing one after the other: the result is exactly one of them", async () => {
    const org = await createOrganization(db);
    const t = (await createToken(db, org.id)).token;
    const lists = [
      [
        { country: "DE", basis_points: 1900 },
        { country: "AT", basis_points: 2000 },
      ],
      [
        { country: "DE", basis_points: 700 },
        { country: "FR", basis_points: 2000 },
      ],
    ];
    const answers = await Promise.all([...lists, ...lists].map((tax_rates) => put({ tax_rates }, org.id, t)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const final = places((await get(org.id, t)).body.tax_rates);
    expect([
      [
        ["AT", null, 2000],
        ["DE", null, 1900],
      ],
      [
        ["DE", null, 700],
        ["FR", null, 2000],
      ],
    ]).toContainEqual(final);
  });

  it("answers 404 for another organization and 403 without the scope, changing nothing", async () => {
    await put({ tax_rates: [{ country: "DE", basis_points: 1900 }] }, ids.other, otherToken);
    for (const res of [await get(ids.other), await put({ tax_rates: [] }, ids.other)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
    expect(await db.taxRate.count({ where: { organization_id: ids.other } })).toBe(1);
    expect((await get(ids.org, readOnly)).status).toBe(200);
    const noRead = await get(ids.org, ordersOnly);
    expect(noRead.status).toBe(403);
    expect(noRead.body.error_description).toBe(
      "The access token does not have the required scope: organizations:read.",
    );
    const noWrite = await put({ tax_rates: [] }, ids.org, readOnly);
    expect(noWrite.status).toBe(403);
    expect(noWrite.body.error_description).toBe(
      "The access token does not have the required scope: organizations:write.",
    );
  });
});

describe("a checkout's tax follows the rates", () => {
  it("prices new checkouts, and open ones when they change, with the rate in force", async () => {
    await put({ tax_rates: [{ country: "DE", basis_points: 1900 }] });
    const first = await call(createCheckout, {
      token,
      body: { product_id: ids.product, customer_billing_address: { country: "DE" } },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ subtotal_amount: 2000, tax_amount: 380, total_amount: 2380 });

    await put({ tax_rates: [{ country: "DE", basis_points: 700 }] });
    const second = await call(createCheckout, {
      token,
      body: { product_id: ids.product, customer_billing_address: { country: "DE" } },
    });
    expect(second.body).toMatchObject({ tax_amount: 140, total_amount: 2140 });
    // The open session is repriced at its next change.
    const repriced = await call(updateCheckout, {
      token,
      method: "PATCH",
      params: { id: first.body.id },
      body: { customer_billing_address: { country: "DE", city: "Berlin" } },
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({ tax_amount: 140, total_amount: 2140 });

    await put({ tax_rates: [] });
    const untaxed = await call(createCheckout, {
      token,
      body: { product_id: ids.product, customer_billing_address: { country: "DE" } },
    });
    expect(untaxed.body).toMatchObject({ tax_amount: 0, total_amount: 2000 });
  });
});
