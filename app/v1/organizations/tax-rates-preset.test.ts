// The EU standard-rate preset through the real handler: the 27 member states' country-wide rates
// merged into the organization's rates (state-level and non-EU rates kept, a stale member state's
// rate replaced in place), the answer as GET's, idempotent, tenancy 404 and scopes 403.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { EU_STANDARD_RATES } from "@/lib/tax/eu-rates";
import { call } from "@/test/http";
import { GET as listRates, PUT as replaceRates } from "./[id]/tax-rates/route";
import { POST as loadPreset } from "./[id]/tax-rates/eu-preset/route";

type Rate = { id: string; created_at: string; country: string; state: string | null; basis_points: number };

let db: Db;
let token: string;
let readOnly: string;
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
  otherToken = (await createToken(db, other.id)).token;
});

const get = (id = ids.org!, t = token) => call(listRates, { token: t, params: { id } });
const put = (body: unknown, id = ids.org!, t = token) =>
  call(replaceRates, { token: t, method: "PUT", params: { id }, body });
const load = (id = ids.org!, t = token) => call(loadPreset, { token: t, method: "POST", params: { id } });
const places = (rates: Rate[]) => rates.map((r) => [r.country, r.state, r.basis_points]);
const EU = Object.keys(EU_STANDARD_RATES.rates);

describe("POST /v1/organizations/{id}/tax-rates/eu-preset", () => {
  it("adds the 27 country-wide rates, keeps state-level and non-EU rates, replaces a stale one", async () => {
    const before = await put({
      tax_rates: [
        { country: "US", state: "CA", basis_points: 725 },
        { country: "GB", basis_points: 2000 },
        { country: "FR", basis_points: 1960 },
        { country: "ES", state: "CN", basis_points: 700 },
      ],
    });
    expect(before.status).toBe(200);
    const staleFr = (before.body.tax_rates as Rate[]).find((r) => r.country === "FR")!;

    const res = await load();
    expect(res.status).toBe(200);
    const rates: Rate[] = res.body.tax_rates;
    const countryWide = rates.filter((r) => r.state === null && EU.includes(r.country));
    expect(countryWide).toHaveLength(27);
    for (const rate of countryWide) expect(rate.basis_points).toBe(EU_STANDARD_RATES.rates[rate.country]);
    expect(places(rates.filter((r) => !EU.includes(r.country) || r.state !== null))).toEqual([
      ["ES", "CN", 700],
      ["GB", null, 2000],
      ["US", "CA", 725],
    ]);
    const fr = rates.find((r) => r.country === "FR" && r.state === null)!;
    expect(fr).toEqual({ ...staleFr, basis_points: 2000 });
    expect(rates.find((r) => r.country === "DE")?.basis_points).toBe(1900);
    expect(rates.find((r) => r.country === "FI")?.basis_points).toBe(2550);
    expect(rates).toHaveLength(30);
    // The same list, in the same order, as GET answers.
    expect((await get()).body).toEqual(res.body);
    expect(await db.taxRate.count({ where: { organization_id: ids.org } })).toBe(30);
  });

  it("is idempotent: loading again answers the same rates (same ids)", async () => {
    const first = (await get()).body;
    const again = await load();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
  });

  it("answers 404 for another organization and 403 without the write scope, changing nothing", async () => {
    await put({ tax_rates: [{ country: "DE", basis_points: 700 }] }, ids.other, otherToken);
    const res = await load(ids.other);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    expect(places((await get(ids.other, otherToken)).body.tax_rates)).toEqual([["DE", null, 700]]);

    const fresh = await createOrganization(db);
    const freshRead = (await createToken(db, fresh.id, { scopes: ["organizations:read"] })).token;
    const noWrite = await load(fresh.id, freshRead);
    expect(noWrite.status).toBe(403);
    expect(noWrite.body.error_description).toBe(
      "The access token does not have the required scope: organizations:write.",
    );
    expect(await db.taxRate.count({ where: { organization_id: fresh.id } })).toBe(0);
    expect((await load(ids.org, readOnly)).status).toBe(403);
  });

  it("loads into an organization without rates: exactly the 27", async () => {
    const org = await createOrganization(db);
    const t = (await createToken(db, org.id)).token;
    const res = await load(org.id, t);
    expect(res.status).toBe(200);
    expect(places(res.body.tax_rates)).toEqual(
      Object.entries(EU_STANDARD_RATES.rates)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([country, bp]) => [country, null, bp]),
    );
  });
});
