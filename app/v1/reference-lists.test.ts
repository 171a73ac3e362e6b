// The small lists the dashboard's filters read: products, discounts, customers, benefits.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createDiscount,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as products } from "./products/route";
import { GET as discounts } from "./discounts/route";
import { GET as customers } from "./customers/route";
import { GET as benefits } from "./benefits/route";

let token: string;
let otherToken: string;

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  otherToken = (await createToken(db, other.id)).token;
  const keys = await createBenefit(db, org.id, { type: "license_keys", description: "Keys" });
  await createBenefit(db, org.id, { type: "custom", description: "Support" });
  await createProduct(db, org.id, { product: { name: "Studio" }, benefitIds: [keys.id] });
  await createProduct(db, org.id, {
    product: { name: "Cloud" },
    price: { type: "recurring", recurring_interval: "month" },
  });
  await createProduct(db, org.id, { product: { name: "Old thing", is_archived: true } });
  await createDiscount(db, org.id, {
    name: "Launch",
    code: "LAUNCH20",
    type: "percentage",
    basis_points: 2000,
  });
  await createDiscount(db, org.id, { name: "Five off", code: "FIVE", type: "fixed", amount: 500 });
  await createCustomer(db, org.id, { email: "ada@example.com", name: "Ada Lovelace" });
  await createCustomer(db, org.id, { email: "grace@example.com", name: "Grace Hopper" });
  await createProduct(db, other.id, { product: { name: "Elsewhere" } });
  await createCustomer(db, other.id, { email: "ada@elsewhere.com" });
});

const names = (body: { items: { name?: string; email?: string; description?: string }[] }) =>
  body.items.map((i) => i.name ?? i.email ?? i.description);

describe("GET /v1/products/", () => {
  it("lists the organization's products by name, with prices and benefits, filtered", async () => {
    const all = await call(products, { token });
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(["Cloud", "Old thing", "Studio"]);
    const studio = all.body.items[2];
    expect(studio.prices).toHaveLength(1);
    expect(studio.benefits.map((b: { description: string }) => b.description)).toEqual(["Keys"]);
    expect(all.body.pagination).toEqual({ total_count: 3, max_page: 1 });
    expect(names((await call(products, { token, query: { is_archived: "false" } })).body)).toEqual([
      "Cloud",
      "Studio",
    ]);
    expect(names((await call(products, { token, query: { is_recurring: "true" } })).body)).toEqual(["Cloud"]);
    expect(names((await call(products, { token, query: { query: "stu" } })).body)).toEqual(["Studio"]);
    expect(names((await call(products, { token: otherToken })).body)).toEqual(["Elsewhere"]);
  });

  it("refuses a bad boolean and a missing scope", async () => {
    const bad = await call(products, { token, query: { is_archived: "maybe" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: "bool_type", loc: ["query", "is_archived"] });
    const db = await getDb();
    const org = await createOrganization(db);
    const { token: narrow } = await createToken(db, org.id, { scopes: ["orders:read"] });
    expect((await call(products, { token: narrow })).status).toBe(403);
  });
});

describe("GET /v1/discounts/, /v1/customers/, /v1/benefits/", () => {
  it("list and search within the organization", async () => {
    expect(names((await call(discounts, { token })).body)).toEqual(["Five off", "Launch"]);
    expect(names((await call(discounts, { token, query: { query: "launch2" } })).body)).toEqual(["Launch"]);
    expect(names((await call(customers, { token })).body)).toEqual(["Ada Lovelace", "Grace Hopper"]);
    const ada = await call(customers, { token, query: { query: "ADA@" } });
    expect(ada.body.items.map((c: { email: string }) => c.email)).toEqual(["ada@example.com"]);
    expect((await call(customers, { token, query: { query: "hopper" } })).body.items).toHaveLength(1);
    // LIKE wildcards typed in a search are plain characters.
    for (const wildcard of ["%", "_", "a%e", "\\"]) {
      expect((await call(customers, { token, query: { query: wildcard } })).body.items).toEqual([]);
      expect((await call(products, { token, query: { query: wildcard } })).body.items).toEqual([]);
      expect((await call(discounts, { token, query: { query: wildcard } })).body.items).toEqual([]);
    }
    expect(names((await call(benefits, { token })).body)).toEqual(["Keys", "Support"]);
    expect(names((await call(benefits, { token, query: { type: "custom" } })).body)).toEqual(["Support"]);
    expect((await call(customers, { token: otherToken })).body.items).toHaveLength(1);
  });
});
