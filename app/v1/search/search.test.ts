// GET /v1/search through the real handler: what each kind of text finds, the limit and order,
// bounded input, and that nothing of another organization is ever found (docs/dashboard.md).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createMerchantUser,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { signedIn, withSession, type Cookies } from "@/test/password-fixture";
import { GET as searchRoute } from "./route";

let db: Db;
let merchant: Cookies;
let rival: Cookies;
const ids = {} as { org: string; other: string; priceId: string; benefitId: string };

beforeAll(async () => {
  db = await getDb();
  ids.org = (await createOrganization(db, { customer_invoice_prefix: "SHOP" })).id;
  ids.other = (await createOrganization(db, { customer_invoice_prefix: "RIVAL" })).id;
  await createMerchantUser(db, {
    email: "owner@search.test",
    password: "search password one",
    organizationIds: [ids.org],
  });
  await createMerchantUser(db, {
    email: "rival@search.test",
    password: "search password two",
    organizationIds: [ids.other],
  });
  merchant = await signedIn("owner@search.test", "search password one");
  rival = await signedIn("rival@search.test", "search password two");
  ids.priceId = (await createProduct(db, ids.org)).price.id;
  ids.benefitId = (await createBenefit(db, ids.org, { type: "license_keys" })).id;
});

const search = (cookies: Cookies, query: Record<string, string>) =>
  call(searchRoute, withSession(cookies, { path: "/v1/search", query }, null));
const inOrg = (query: string, cookies = merchant, organization_id = ids.org) =>
  search(cookies, { organization_id, query });
const empty = { customers: [], orders: [], license_keys: [] };

describe("GET /v1/search", () => {
  it("finds customers by part of their email or name, ignoring case, not anonymized ones", async () => {
    const ada = await createCustomer(db, ids.org, {
      email: "ada.lovelace@engines.test",
      name: "Ada Lovelace",
    });
    await createCustomer(db, ids.org, {
      email: "gone@engines.test",
      name: "Ada Gone",
      deleted_at: new Date(),
    });
    const byEmail = await inOrg("LOVELACE@ENG");
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual({
      ...empty,
      customers: [{ id: ada.id, email: "ada.lovelace@engines.test", name: "Ada Lovelace" }],
    });
    expect((await inOrg("ada love")).body.customers).toEqual([
      { id: ada.id, email: "ada.lovelace@engines.test", name: "Ada Lovelace" },
    ]);
  });

  it("finds an order by its number, whole or in part", async () => {
    const buyer = await createCustomer(db, ids.org, { email: "buyer@orders.test" });
    const order = await createOrder(db, ids.org, {
      customerId: buyer.id,
      priceId: ids.priceId,
      order: { invoice_number: "SHOP-7731", created_at: new Date("2026-11-02T10:00:00.000Z") },
      withBenefits: false,
    });
    const expected = {
      id: order.id,
      invoice_number: "SHOP-7731",
      customer_email: "buyer@orders.test",
      amount: 1000,
      currency: "usd",
      created_at: "2026-11-02T10:00:00.000Z",
    };
    expect((await inOrg("shop-7731")).body).toEqual({ ...empty, orders: [expected] });
    expect((await inOrg("7731")).body.orders).toEqual([expected]);
  });

  it("finds a license key by the whole key, its last characters or its display form", async () => {
    const owner = await createCustomer(db, ids.org, { email: "keyholder@keys.test" });
    const key = await createLicenseKey(db, ids.org, {
      benefitId: ids.benefitId,
      customerId: owner.id,
      key: { key: "PRO-8D7C4C5E-2B1A-4C3D-9E8F-0A1B2C3D4E5F" },
    });
    const expected = {
      id: key.id,
      display_key: "****-3D4E5F",
      customer_email: "keyholder@keys.test",
      status: "granted",
    };
    for (const text of ["PRO-8D7C4C5E-2B1A-4C3D-9E8F-0A1B2C3D4E5F", "3d4e5f", "****-3D4E5F"]) {
      expect((await inOrg(text)).body, text).toEqual({ ...empty, license_keys: [expected] });
    }
    // The middle of a key is not its end; LIKE's wildcards are taken literally.
    expect((await inOrg("2B1A-4C3D")).body.license_keys).toEqual([]);
    expect((await inOrg("%")).body).toEqual(empty);
    expect((await inOrg("_")).body).toEqual(empty);
  });

  it("answers at most 5 of a kind, newest first", async () => {
    const made = [];
    for (let day = 1; day <= 7; day += 1) {
      made.push(
        await createCustomer(db, ids.org, {
          email: `many-${day}@limit.test`,
          created_at: new Date(`2026-10-0${day}T00:00:00.000Z`),
        }),
      );
    }
    const res = await inOrg("@limit.test");
    expect(res.body.customers.map((c: { id: string }) => c.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((c) => c.id),
    );
  });

  it("never finds another organization's data", async () => {
    await createCustomer(db, ids.other, { email: "secret@rival.test", name: "Rival Customer" });
    // The owner, in their organization, naming the other one, or naming none: nothing of the rival.
    expect((await inOrg("secret@rival.test")).body).toEqual(empty);
    expect((await inOrg("secret@rival.test", merchant, ids.other)).body).toEqual(empty);
    expect((await search(merchant, { query: "rival" })).body.customers).toEqual([]);
    // The rival finds their own customer, and nothing of the owner's.
    expect((await inOrg("secret@rival.test", rival, ids.other)).body.customers).toHaveLength(1);
    expect((await inOrg("ada.lovelace", rival, ids.org)).body).toEqual(empty);
    expect((await inOrg("ada.lovelace", rival, ids.other)).body).toEqual(empty);
  });

  it("is for signed-in merchants only", async () => {
    const token = (await createToken(db, ids.org)).token;
    const withToken = await call(searchRoute, { path: "/v1/search", query: { query: "ada" }, token });
    expect(withToken.status).toBe(403);
    const anonymous = await call(searchRoute, { path: "/v1/search", query: { query: "ada" } });
    expect(anonymous.status).toBe(401);
  });

  it("refuses an empty, a too long or a malformed query with a 422", async () => {
    const long = "x".repeat(129);
    const cases: [Record<string, string>, [string, string, string, unknown]][] = [
      [
        { organization_id: ids.org, query: "   " },
        ["string_too_short", "query", "String should have at least 1 characters", ""],
      ],
      [
        { organization_id: ids.org, query: long },
        ["string_too_long", "query", "String should have at most 128 characters", long],
      ],
      [
        { organization_id: "not-an-id", query: "ada" },
        ["uuid_parsing", "organization_id", "Input should be a valid UUID", "not-an-id"],
      ],
      [{ organization_id: ids.org }, ["missing", "query", "Field required", null]],
    ];
    for (const [query, [type, field, msg, input]] of cases) {
      const res = await search(merchant, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body).toEqual({
        error: "RequestValidationError",
        detail: [{ type, loc: ["query", field], msg, input }],
      });
    }
  });
});
