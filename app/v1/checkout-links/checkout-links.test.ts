// The checkout links API through the real handlers: create, read, list, update and delete with
// every field, each validation rule with its exact 422, the slug's 409, tenancy 404 and scopes 403.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createDiscount, createOrganization, createProduct, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne, PATCH as update } from "./[id]/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

const LINK_FIELDS = [
  "allow_discount_codes",
  "client_secret",
  "payment_processor",
  "require_billing_address",
  "return_url",
  "seats",
  "trial_interval",
  "trial_interval_count",
  "units",
  // The specification's era SDK's (0.22.2): the first product, no single price.
  "product",
  "product_id",
  "product_price",
  "product_price_id",
  "created_at",
  "discount",
  "discount_id",
  "id",
  "label",
  "metadata",
  "modified_at",
  "organization_id",
  "products",
  "slug",
  "success_url",
  "url",
].sort();

let db: Db;
let token: string;
let readOnly: string;
let otherToken: string;
const ids: Record<string, string> = {};

const post = (body: unknown, t = token) => call(create, { token: t, body });
const patch = (id: string, body: unknown, t = token) =>
  call(update, { token: t, method: "PATCH", params: { id }, body });

async function expectInvalid(body: unknown, detail: Problem[]) {
  const before = await db.checkoutLink.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.checkoutLink.count()).toBe(before);
}

const valueError = (loc: (string | number)[], msg: string, input: unknown): Problem => ({
  type: "value_error",
  loc: ["body", ...loc],
  msg,
  input,
});

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["checkout_links:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  ids.basic = (await createProduct(db, org.id, { product: { name: "Basic" } })).product.id;
  ids.pro = (await createProduct(db, org.id, { product: { name: "Pro" } })).product.id;
  ids.archived = (await createProduct(db, org.id, { product: { is_archived: true } })).product.id;
  ids.foreign = (await createProduct(db, other.id)).product.id;
  ids.discount = (await createDiscount(db, org.id, { name: "Launch", code: "LAUNCH" })).id;
  ids.foreignDiscount = (await createDiscount(db, other.id)).id;
  ids.deletedDiscount = (await createDiscount(db, org.id, { deleted_at: new Date() })).id;
});

describe("POST /v1/checkout-links/", () => {
  it("creates a link with every field", async () => {
    const res = await post({
      products: [ids.pro, ids.basic],
      discount_id: ids.discount,
      allow_discount_codes: false,
      success_url: "https://shop.example.com/thanks?checkout_id={CHECKOUT_ID}",
      label: " Newsletter ",
      slug: "spring-sale",
      metadata: { campaign: "spring", wave: 2 },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(LINK_FIELDS);
    expect(res.body).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      metadata: { campaign: "spring", wave: 2 },
      organization_id: ids.org,
      label: "Newsletter",
      slug: "spring-sale",
      allow_discount_codes: false,
      success_url: "https://shop.example.com/thanks?checkout_id={CHECKOUT_ID}",
      discount_id: ids.discount,
      discount: expect.objectContaining({ id: ids.discount, name: "Launch", code: "LAUNCH" }),
      products: [
        expect.objectContaining({ id: ids.pro, name: "Pro", prices: [expect.any(Object)] }),
        expect.objectContaining({ id: ids.basic, name: "Basic" }),
      ],
      url: "http://localhost:3000/buy/spring-sale",
      client_secret: "spring-sale",
      payment_processor: "test",
      trial_interval: null,
      trial_interval_count: null,
      return_url: null,
      require_billing_address: false,
      seats: null,
      units: null,
      product_id: ids.pro,
      product_price_id: null,
      product: expect.objectContaining({ id: ids.pro, name: "Pro" }),
      product_price: null,
    });
    ids.full = res.body.id;
    expect(await call(getOne, { token, params: { id: ids.full! } })).toMatchObject({
      status: 200,
      body: res.body,
    });
  });

  it("defaults: codes allowed, no discount, no label, slug or success URL; the URL is the id's", async () => {
    const res = await post({ products: [ids.basic] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      allow_discount_codes: true,
      discount_id: null,
      discount: null,
      label: null,
      slug: null,
      success_url: null,
      metadata: {},
      url: `http://localhost:3000/buy/${res.body.id}`,
    });
  });

  it("refuses products and discounts that are missing, foreign, archived or deleted", async () => {
    const missing = randomUUID();
    await expectInvalid(
      { products: [ids.basic, missing, ids.foreign, ids.archived], discount_id: ids.foreignDiscount },
      [
        valueError(["products", 1], "Product does not exist.", missing),
        valueError(["products", 2], "Product does not exist.", ids.foreign),
        valueError(["products", 3], "Product is archived or has no price.", ids.archived),
        valueError(["discount_id"], "Discount does not exist.", ids.foreignDiscount),
      ],
    );
    await expectInvalid({ products: [ids.basic], discount_id: ids.deletedDiscount }, [
      valueError(["discount_id"], "Discount does not exist.", ids.deletedDiscount),
    ]);
    await expectInvalid({ products: [ids.basic, ids.basic] }, [
      valueError(["products", 1], "Duplicate product.", ids.basic),
    ]);
    await expectInvalid({}, [
      { type: "missing", loc: ["body", "products"], msg: "Field required", input: null },
    ]);
  });

  it("takes one product_id or one product_price_id instead of the list, as the current SDK sends them", async () => {
    const single = (await createProduct(db, ids.org!, { product: { name: "Single" } })).product.id;
    const byProduct = await post({ product_id: single, payment_processor: "stripe" });
    expect(byProduct.status).toBe(201);
    expect(byProduct.body.products.map((p: { id: string }) => p.id)).toEqual([single]);
    expect(byProduct.body).toMatchObject({
      client_secret: byProduct.body.id,
      payment_processor: "test",
      trial_interval: null,
      return_url: null,
      require_billing_address: false,
      seats: null,
      units: null,
    });
    const priceId = (await db.productPrice.findFirstOrThrow({ where: { product_id: single } })).id;
    const byPrice = await post({ product_price_id: priceId, slug: "by-price" });
    expect(byPrice.status).toBe(201);
    expect(byPrice.body.products.map((p: { id: string }) => p.id)).toEqual([single]);
    expect(byPrice.body.client_secret).toBe("by-price");

    const foreignPrice = (await db.productPrice.findFirstOrThrow({ where: { product_id: ids.foreign } })).id;
    await expectInvalid({ product_price_id: foreignPrice }, [
      valueError(["product_price_id"], "Price does not exist.", foreignPrice),
    ]);
    await expectInvalid({ product_id: ids.archived }, [
      valueError(["product_id"], "Product is archived or has no price.", ids.archived),
    ]);
    const archivedPrice = (await db.productPrice.findFirstOrThrow({ where: { product_id: ids.archived } }))
      .id;
    await expectInvalid({ product_price_id: archivedPrice }, [
      valueError(["product_price_id"], "Product is archived or has no price.", archivedPrice),
    ]);
    await expectInvalid({ products: [ids.basic], product_id: single }, [
      valueError(["product_id"], "Send one of products, product_id and product_price_id.", single),
    ]);
  });

  it("refuses malformed slugs, URLs and labels", async () => {
    const slugMsg = "Slug must be lower-case letters, digits and inner hyphens.";
    for (const slug of ["Upper", "-edge", "edge-", "with space", "a".repeat(65)]) {
      const res = await post({ products: [ids.basic], slug });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({ loc: ["body", "slug"], input: slug.trim() === slug ? slug : slug.trim() }),
      ]);
      if (slug.length <= 64) expect(res.body.detail[0].msg).toBe(slugMsg);
    }
    const uuid = randomUUID();
    expect((await post({ products: [ids.basic], slug: uuid })).body.detail).toEqual([
      { type: "value_error", loc: ["body", "slug"], msg: "Slug must not look like an id.", input: uuid },
    ]);
    const bad = await post({ products: [ids.basic], success_url: "javascript:alert(1)", label: "" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((p: Problem) => p.loc)).toEqual([
      ["body", "success_url"],
      ["body", "label"],
    ]);
  });

  it("answers 409 for a slug already taken (by any organization)", async () => {
    expect((await post({ products: [ids.basic], slug: "taken-slug" })).status).toBe(201);
    const res = await post({ products: [ids.basic], slug: "taken-slug" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "ResourceAlreadyExists",
      detail: "A checkout link with this slug already exists.",
    });
    const foreign = await call(create, {
      token: otherToken,
      body: { products: [ids.foreign], slug: "taken-slug" },
    });
    expect(foreign.status).toBe(409);
  });

  it("needs checkout_links:write; reads need checkout_links:read", async () => {
    const res = await post({ products: [ids.basic] }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("insufficient_scope");
    const ordersOnly = (await createToken(db, ids.org!, { scopes: ["orders:read"] })).token;
    expect((await call(list, { token: ordersOnly })).status).toBe(403);
    expect((await call(getOne, { token: readOnly, params: { id: ids.full! } })).status).toBe(200);
  });
});

describe("GET /v1/checkout-links/", () => {
  it("lists the organization's links, filtered by product, never another's", async () => {
    const all = await call(list, { token, query: { limit: 100 } });
    expect(all.status).toBe(200);
    expect(all.body.items.map((l: { id: string }) => l.id)).toContain(ids.full);
    expect(all.body.pagination).toEqual({ total_count: all.body.items.length, max_page: 1 });
    const pro = await call(list, { token, query: { product_id: ids.pro! } });
    expect(pro.body.items.map((l: { id: string }) => l.id)).toEqual([ids.full]);
    const foreign = await call(list, { token: otherToken });
    expect(foreign.body.items.map((l: { id: string }) => l.id)).not.toContain(ids.full);
  });
});

describe("PATCH and DELETE /v1/checkout-links/{id}", () => {
  it("changes only the fields sent; null clears; products replace the list", async () => {
    const created = await post({ products: [ids.basic], label: "Old", slug: "old-slug", metadata: { a: 1 } });
    const res = await patch(created.body.id, {
      products: [ids.pro],
      slug: null,
      label: "New",
      discount_id: ids.discount,
      metadata: { b: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      label: "New",
      slug: null,
      discount_id: ids.discount,
      metadata: { b: true },
      allow_discount_codes: true,
      modified_at: expect.stringMatching(ISO),
      url: `http://localhost:3000/buy/${created.body.id}`,
    });
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual([ids.pro]);
    // The slug it let go can be taken again.
    expect((await post({ products: [ids.basic], slug: "old-slug" })).status).toBe(201);
    const cleared = await patch(created.body.id, { discount_id: null, label: null });
    expect(cleared.body).toMatchObject({ discount_id: null, discount: null, label: null });
    const refused = await patch(created.body.id, { products: [ids.archived] });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      valueError(["products", 0], "Product is archived or has no price.", ids.archived),
    ]);
    expect((await patch(created.body.id, { slug: "spring-sale" })).status).toBe(409);
  });

  it("deletes (then 404), and is 404 for another organization's link", async () => {
    const created = await post({ products: [ids.basic], slug: "to-delete" });
    const id = created.body.id;
    expect((await call(getOne, { token: otherToken, params: { id } })).status).toBe(404);
    expect((await patch(id, { label: "x" }, otherToken)).status).toBe(404);
    expect((await call(remove, { token: otherToken, method: "DELETE", params: { id } })).status).toBe(404);
    expect((await call(remove, { token: readOnly, method: "DELETE", params: { id } })).status).toBe(403);

    const res = await call(remove, { token, method: "DELETE", params: { id } });
    expect(res.status).toBe(204);
    expect(await db.checkoutLink.findUniqueOrThrow({ where: { id } })).toMatchObject({
      deleted_at: expect.any(Date),
      slug: null,
    });
    const gone = await call(getOne, { token, params: { id } });
    expect(gone).toMatchObject({ status: 404, body: { error: "ResourceNotFound" } });
    expect((await call(remove, { token, method: "DELETE", params: { id } })).status).toBe(404);
    expect((await patch(id, { label: "x" })).status).toBe(404);
  });
});
