// POST /v1/checkouts/ with `products` (the reference API's current create): the products offered,
// external_customer_id, every refusal with its exact 422, scopes; then the buyer's switch among
// the session's products (client PATCH `product_id` / `product_price_id`) recomputing the amounts,
// the discount and the custom field answers, and confirm on the product picked.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCustomField,
  createDiscount,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { CHECKOUT_KEYS } from "@/test/shapes";
import { GET as getOne } from "./[id]/route";
import { POST as create } from "./route";
import { GET as clientGet, PATCH as clientPatch } from "./client/[client_secret]/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

let db: Db;
let token: string;
let readOnly: string;
const ids: Record<string, string> = {};

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const patch = (secret: string, body: unknown) =>
  call(clientPatch, { method: "PATCH", params: { client_secret: secret }, body });

async function expectInvalid(body: unknown, detail: Problem[]) {
  const before = await db.checkoutSession.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.checkoutSession.count()).toBe(before);
}

const productError = (index: number, msg: string, input: unknown): Problem => ({
  type: "value_error",
  loc: ["body", "products", index],
  msg,
  input,
});

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["checkouts:read"] })).token;
  const basic = await createProduct(db, org.id, {
    product: { name: "Basic" },
    price: { price_amount: 1000 },
  });
  const pro = await createProduct(db, org.id, { product: { name: "Pro" }, price: { price_amount: 3000 } });
  const proYearly = await db.productPrice.create({
    data: {
      id: randomUUID(),
      product_id: pro.product.id,
      type: "one_time",
      amount_type: "fixed",
      price_amount: 25_000,
      created_at: new Date(Date.now() + 1000),
    },
  });
  const archived = await createProduct(db, org.id, { product: { is_archived: true } });
  const priceless = await createProduct(db, org.id, { price: { is_archived: true } });
  const foreign = await createProduct(db, other.id);
  const elsewhere = await createProduct(db, org.id, { price: { price_amount: 500 } });
  Object.assign(ids, {
    basic: basic.product.id,
    basicPrice: basic.price.id,
    pro: pro.product.id,
    proPrice: pro.price.id,
    proYearly: proYearly.id,
    archived: archived.product.id,
    priceless: priceless.product.id,
    foreign: foreign.product.id,
    elsewhere: elsewhere.product.id,
    elsewherePrice: elsewhere.price.id,
  });
  // Answers: "company" on both products, "seats" on Basic only.
  const company = await createCustomField(db, org.id, {
    slug: "company",
    attachTo: { productId: basic.product.id },
  });
  await createCustomField(db, org.id, {
    slug: "seats",
    type: "number",
    properties: { form_label: "Seats" },
    attachTo: { productId: basic.product.id, order: 1 },
  });
  await db.attachedCustomField.create({
    data: { product_id: pro.product.id, custom_field_id: company.id, required: false, order: 0 },
  });
  ids.basicOnly = (
    await createDiscount(db, org.id, { basis_points: 5000, productIds: [basic.product.id] })
  ).id;
});

describe("POST /v1/checkouts/ with products", () => {
  it("offers the products in order, sells the first one's first price, and keeps external_customer_id", async () => {
    const res = await post({
      products: [ids.basic, ids.pro],
      external_customer_id: " user_42 ",
      customer_email: "buyer@example.com",
      metadata: { plan: "picker" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(CHECKOUT_KEYS);
    expect(res.body).toMatchObject({
      product_id: ids.basic,
      product_price_id: ids.basicPrice,
      amount: 1000,
      total_amount: 1000,
      external_customer_id: "user_42",
      customer_email: "buyer@example.com",
      metadata: { plan: "picker" },
    });
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual([ids.basic, ids.pro]);
    expect(res.body.products[0]).toEqual(res.body.product);
    expect(res.body.products[1].prices.map((p: { id: string }) => p.id)).toEqual([
      ids.proPrice,
      ids.proYearly,
    ]);
    expect(
      await db.checkoutSessionProduct.findMany({
        where: { checkout_session_id: res.body.id },
        orderBy: { order: "asc" },
      }),
    ).toEqual([
      { checkout_session_id: res.body.id, product_id: ids.basic, order: 0 },
      { checkout_session_id: res.body.id, product_id: ids.pro, order: 1 },
    ]);
    // The merchant reads it back the same; the buyer's view has no external_customer_id.
    const read = await call(getOne, { token, params: { id: res.body.id } });
    expect(read.body).toEqual(res.body);
    const view = await call(clientGet, { params: { client_secret: res.body.client_secret } });
    expect(view.body).not.toHaveProperty("external_customer_id");
    expect(view.body.products).toEqual(res.body.products);
  });

  it("refuses missing, foreign, archived, priceless and duplicate products at their index", async () => {
    await expectInvalid({ products: [] }, [
      { type: "too_short", loc: ["body", "products"], msg: "Should have at least 1 items", input: [] },
    ]);
    const missing = randomUUID();
    await expectInvalid({ products: [ids.basic, missing, ids.foreign, ids.archived, ids.priceless] }, [
      productError(1, "Product does not exist.", missing),
      productError(2, "Product does not exist.", ids.foreign),
      productError(3, "Product is archived or has no price.", ids.archived),
      productError(4, "Product is archived or has no price.", ids.priceless),
    ]);
    await expectInvalid({ products: [ids.basic, ids.pro, ids.basic] }, [
      productError(2, "Duplicate product.", ids.basic),
    ]);
    await expectInvalid({ products: Array.from({ length: 21 }, () => randomUUID()) }, [
      expect.objectContaining({
        type: "too_long",
        loc: ["body", "products"],
        msg: "Should have at most 20 items",
      }),
    ]);
    await expectInvalid({ products: [ids.basic], external_customer_id: "x".repeat(257) }, [
      expect.objectContaining({ type: "string_too_long", loc: ["body", "external_customer_id"] }),
    ]);
  });

  it("needs checkouts:write", async () => {
    const res = await post({ products: [ids.basic] }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("insufficient_scope");
  });
});

describe("the buyer switches among the session's products", () => {
  it("recomputes the amounts, drops a discount that no longer applies, keeps the shared answers", async () => {
    const created = await post({
      products: [ids.basic, ids.pro],
      custom_field_data: { company: "Acme", seats: 3 },
    });
    const secret = created.body.client_secret;
    const discounted = await patch(secret, { discount_code: null });
    expect(discounted.status).toBe(200);
    await db.checkoutSession.update({
      where: { id: created.body.id },
      data: { discount_id: ids.basicOnly, discount_amount: 500, subtotal_amount: 500, total_amount: 500 },
    });

    const switched = await patch(secret, { product_id: ids.pro });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      product_id: ids.pro,
      product_price_id: ids.proPrice,
      amount: 3000,
      discount_id: null,
      discount_amount: 0,
      total_amount: 3000,
      custom_field_data: { company: "Acme" },
    });
    expect(switched.body.product.id).toBe(ids.pro);
    expect(
      switched.body.attached_custom_fields.map(
        (a: { custom_field: { slug: string } }) => a.custom_field.slug,
      ),
    ).toEqual(["company"]);

    // A price of another of the session's products switches the product too.
    const back = await patch(secret, { product_price_id: ids.basicPrice });
    expect(back.body).toMatchObject({
      product_id: ids.basic,
      product_price_id: ids.basicPrice,
      total_amount: 1000,
    });
    const yearly = await patch(secret, { product_id: ids.pro, product_price_id: ids.proYearly });
    expect(yearly.body).toMatchObject({
      product_id: ids.pro,
      product_price_id: ids.proYearly,
      total_amount: 25_000,
    });
  });

  it("refuses a product or price outside the session, and a price of another of its products than product_id", async () => {
    const created = await post({ products: [ids.basic, ids.pro] });
    const secret = created.body.client_secret;
    const refused = async (body: unknown, detail: Problem[]) => {
      const res = await patch(secret, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: "RequestValidationError", detail });
    };
    await refused({ product_id: ids.elsewhere }, [
      {
        type: "value_error",
        loc: ["body", "product_id"],
        msg: "Product is not one of the checkout's products.",
        input: ids.elsewhere,
      },
    ]);
    await refused({ product_price_id: ids.elsewherePrice }, [
      {
        type: "value_error",
        loc: ["body", "product_price_id"],
        msg: "Price does not exist, is archived, or belongs to another product.",
        input: ids.elsewherePrice,
      },
    ]);
    await refused({ product_id: ids.basic, product_price_id: ids.proPrice }, [
      {
        type: "value_error",
        loc: ["body", "product_price_id"],
        msg: "Price does not exist, is archived, or belongs to another product.",
        input: ids.proPrice,
      },
    ]);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({
      product_id: ids.basic,
      product_price_id: ids.basicPrice,
    });
  });

  it("a single-product session offers just its product", async () => {
    const created = await post({ product_id: ids.basic });
    expect(created.body.products.map((p: { id: string }) => p.id)).toEqual([ids.basic]);
    const res = await patch(created.body.client_secret, { product_id: ids.pro });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(["body", "product_id"]);
  });
});
