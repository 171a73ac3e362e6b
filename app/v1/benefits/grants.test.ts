// GET /v1/benefits/{id}/grants through the real handler: a benefit's grants, newest first, with
// their customer and the benefit in full; filtered by is_granted and customer; another
// organization's benefit is 404 and the route needs benefits:read.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as grants } from "./[id]/grants/route";

let db: Db;
let token: string;
let ordersOnly: string;
let otherToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  ordersOnly = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  const benefit = await createBenefit(db, org.id, { type: "custom", description: "Community access" });
  const unused = await createBenefit(db, org.id, { type: "custom", description: "Nobody has it" });
  const { price } = await createProduct(db, org.id, { benefitIds: [benefit.id] });
  const ada = await createCustomer(db, org.id, { email: "ada@example.com" });
  const bob = await createCustomer(db, org.id, { email: "bob@example.com" });
  await createOrder(db, org.id, {
    customerId: ada.id,
    priceId: price.id,
    order: { created_at: new Date("2026-01-01T10:00:00Z") },
  });
  await createOrder(db, org.id, {
    customerId: bob.id,
    priceId: price.id,
    order: { created_at: new Date("2026-01-02T10:00:00Z") },
  });
  // Bob's grant is taken back (a refund would do it).
  await db.benefitGrant.updateMany({
    where: { benefit_id: benefit.id, customer_id: bob.id },
    data: { revoked_at: new Date("2026-01-03T10:00:00Z") },
  });
  Object.assign(ids, { benefit: benefit.id, unused: unused.id, ada: ada.id, bob: bob.id });
});

const list = (query: Record<string, string> = {}, t = token, id = ids.benefit!) =>
  call(grants, { token: t, params: { id }, query });

describe("GET /v1/benefits/{id}/grants", () => {
  it("lists the benefit's grants, newest first, with the customer and the benefit", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    expect(res.body.items.map((g: { customer_id: string }) => g.customer_id)).toEqual([ids.bob, ids.ada]);
    expect(res.body.items[1]).toMatchObject({
      benefit_id: ids.benefit,
      customer_id: ids.ada,
      is_granted: true,
      is_revoked: false,
      revoked_at: null,
      properties: {},
      customer: { id: ids.ada, email: "ada@example.com" },
      benefit: { id: ids.benefit, type: "custom", description: "Community access" },
    });
    expect(res.body.items[0]).toMatchObject({ is_granted: false, is_revoked: true });
    expect((await list({}, token, ids.unused)).body).toEqual({
      items: [],
      pagination: { total_count: 0, max_page: 0 },
    });
  });

  it("filters by is_granted and customer", async () => {
    const ofGranted = async (query: Record<string, string>) =>
      (await list(query)).body.items.map((g: { customer_id: string }) => g.customer_id);
    expect(await ofGranted({ is_granted: "true" })).toEqual([ids.ada]);
    expect(await ofGranted({ is_granted: "false" })).toEqual([ids.bob]);
    expect(await ofGranted({ customer_id: ids.ada! })).toEqual([ids.ada]);
    const bad = await list({ is_granted: "maybe" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ["query", "is_granted"] });
  });

  it("is 404 for another organization's benefit, and needs benefits:read", async () => {
    const foreign = await list({}, otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    const scoped = await list({}, ordersOnly);
    expect(scoped.status).toBe(403);
  });
});
