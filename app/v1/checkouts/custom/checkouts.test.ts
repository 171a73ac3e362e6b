import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withClientSecret } from "@/lib/checkout/client-secret";
import { getDb } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomField,
  createDiscount,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { z } from "zod";
import {
  checkoutClientInclude,
  checkoutClientSchema,
  checkoutConfirmedSchema,
  toCheckoutClient,
} from "@/lib/checkout/schemas";
import { GET as list } from "./route";
import { GET as getOne, PATCH as update } from "./[id]/route";
import { CHECKOUT_KEYS, ISO } from "@/test/shapes";

const PRODUCT_KEYS = [
  "benefits",
  "created_at",
  "description",
  "id",
  "is_archived",
  "is_recurring",
  "medias",
  "metadata",
  "meter_interval",
  "meter_interval_count",
  "modified_at",
  "name",
  "organization_id",
  "prices",
  "recurring_interval",
  "recurring_interval_count",
  "trial_interval",
  "trial_interval_count",
  "visibility",
].sort();
const PRICE_KEYS = [
  "amount_type",
  "created_at",
  "id",
  "is_archived",
  "maximum_amount",
  "minimum_amount",
  "modified_at",
  "preset_amount",
  "price_amount",
  "price_currency",
  "product_id",
  "recurring_interval",
  "source",
  "tax_behavior",
  "type",
].sort();

let token: string;
let readOnly: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["checkouts:read"] })).token;
  await db.taxRate.create({
    data: { id: randomUUID(), organization_id: org.id, country: "DE", basis_points: 1900 },
  });
  const benefit = await createBenefit(db, org.id, { type: "license_keys" });
  const { product, price } = await createProduct(db, org.id, {
    price: { price_amount: 2000 },
    benefitIds: [benefit.id],
  });
  const second = await db.productPrice.create({
    data: {
      id: randomUUID(),
      product_id: product.id,
      type: "one_time",
      amount_type: "custom",
      minimum_amount: 500,
      maximum_amount: 5000,
    },
  });
  const { product: otherProduct, price: otherPrice } = await createProduct(db, org.id);
  const free = await db.productPrice.create({
    data: { id: randomUUID(), product_id: product.id, type: "one_time", amount_type: "free" },
  });
  await createCustomField(db, org.id, {
    slug: "company",
    properties: { form_label: "Company", min_length: 2, max_length: 10 },
    attachTo: { productId: product.id, required: true },
  });
  await createCustomField(db, org.id, {
    slug: "seats",
    type: "number",
    properties: { form_label: "Seats", ge: 1, le: 10 },
    attachTo: { productId: product.id, order: 1 },
  });
  await createCustomField(db, org.id, {
    slug: "start",
    type: "date",
    attachTo: { productId: product.id, order: 2 },
  });
  await createCustomField(db, org.id, {
    slug: "terms",
    type: "checkbox",
    attachTo: { productId: product.id, order: 3 },
  });
  await createCustomField(db, org.id, {
    slug: "size",
    type: "select",
    properties: {
      form_label: "Size",
      options: [
        { value: "s", label: "Small" },
        { value: "m", label: "Medium" },
      ],
    },
    attachTo: { productId: product.id, order: 4 },
  });
  // A field of the same organization that is not attached to the product.
  await createCustomField(db, org.id, { slug: "unattached" });
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    product: product.id,
    price: price.id,
    custom: second.id,
    free: free.id,
    otherProduct: otherProduct.id,
    otherPrice: otherPrice.id,
  });
  ids.percent = (await createDiscount(db, org.id, { type: "percentage", basis_points: 2500 })).id;
  ids.restricted = (await createDiscount(db, org.id, { productIds: [otherProduct.id] })).id;
  ids.ended = (await createDiscount(db, org.id, { ends_at: new Date(Date.now() - 1000) })).id;
  ids.used = (await createDiscount(db, org.id, { max_redemptions: 1, redemptions_count: 1 })).id;
  ids.future = (await createDiscount(db, org.id, { starts_at: new Date(Date.now() + 3_600_000) })).id;
  ids.euro = (await createDiscount(db, org.id, { type: "fixed", amount: 300, currency: "eur" })).id;
  ids.fixed = (
    await createDiscount(db, org.id, { type: "fixed", amount: 300, currency: "usd", code: "SAVE3" })
  ).id;
  ids.mine = (
    await createDiscount(db, org.id, {
      duration: "repeating",
      duration_in_months: 3,
      productIds: [product.id],
    })
  ).id;
  ids.foreignDiscount = (await createDiscount(db, other.id)).id;
  ids.open = (await createCheckout(db, org.id, price.id, { created_at: new Date(Date.UTC(2025, 0, 1)) })).id;
  ids.confirmed = (
    await createCheckout(db, org.id, price.id, {
      status: "confirmed",
      created_at: new Date(Date.UTC(2025, 0, 2)),
    })
  ).id;
  ids.otherOpen = (
    await createCheckout(db, org.id, otherPrice.id, { created_at: new Date(Date.UTC(2025, 0, 3)) })
  ).id;
  const { price: foreignPrice } = await createProduct(db, other.id);
  ids.foreign = (await createCheckout(db, other.id, foreignPrice.id)).id;
});

describe("GET /v1/checkouts/custom/{id}", () => {
  it("returns the merchant view with every field", async () => {
    const res = await call(getOne, { token, params: { id: ids.open! } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(CHECKOUT_KEYS);
    expect(res.body).toMatchObject({
      status: "open",
      amount: 2000,
      discount_amount: 0,
      subtotal_amount: 2000,
      tax_amount: 0,
      total_amount: 2000,
      currency: "usd",
      is_payment_required: true,
      is_payment_setup_required: false,
      is_payment_form_required: true,
      is_free_product_price: false,
      is_discount_applicable: true,
      discount: null,
      metadata: {},
      customer_metadata: {},
      subscription_id: null,
      payment_processor: "test",
    });
    expect(res.body.url).toBe(`http://localhost:3000/checkout/${res.body.client_secret}`);
    expect(res.body.success_url).toBe(`${res.body.url}/confirmation`);
    expect(res.body.client_secret).toMatch(/^cs_/);
    expect(res.body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const key of ["created_at", "expires_at"]) expect(res.body[key]).toMatch(ISO);
    expect(res.body).toMatchObject({
      id: ids.open,
      product_id: ids.product,
      product_price_id: ids.price,
      discount_id: null,
      allow_discount_codes: true,
      customer_id: null,
      customer_name: null,
      customer_email: null,
      customer_ip_address: null,
      customer_billing_address: null,
      customer_tax_id: null,
      embed_origin: null,
      custom_field_data: {},
      payment_processor_metadata: {},
    });
    expect(Object.keys(res.body.product).sort()).toEqual(PRODUCT_KEYS);
    expect(res.body.product).toMatchObject({ id: ids.product, organization_id: ids.org, is_archived: false });
    expect(res.body.product.created_at).toMatch(ISO);
    expect(res.body.product.prices).toHaveLength(3);
    for (const price of res.body.product.prices) expect(Object.keys(price).sort()).toEqual(PRICE_KEYS);
    expect(Object.keys(res.body.product_price).sort()).toEqual(PRICE_KEYS);
    expect(res.body.product_price).toMatchObject({
      id: ids.price,
      product_id: ids.product,
      amount_type: "fixed",
      type: "one_time",
      recurring_interval: null,
      price_amount: 2000,
      price_currency: "usd",
      is_archived: false,
    });
    expect(res.body.product.benefits).toHaveLength(1);
    expect(Object.keys(res.body.product.benefits[0]).sort()).toEqual(
      [
        "created_at",
        "deletable",
        "description",
        "id",
        "is_deleted",
        "modified_at",
        "organization_id",
        "selectable",
        "type",
      ].sort(),
    );
    expect(res.body.product.medias).toEqual([]);
    expect(
      res.body.attached_custom_fields.map((f: { custom_field: { slug: string } }) => f.custom_field.slug),
    ).toEqual(["company", "seats", "start", "terms", "size"]);
    for (const attached of res.body.attached_custom_fields) {
      expect(Object.keys(attached).sort()).toEqual(["custom_field", "custom_field_id", "order", "required"]);
      expect(Object.keys(attached.custom_field).sort()).toEqual(
        [
          "created_at",
          "id",
          "metadata",
          "modified_at",
          "name",
          "organization_id",
          "properties",
          "slug",
          "type",
        ].sort(),
      );
      expect(attached.custom_field_id).toBe(attached.custom_field.id);
    }
    expect(res.body.attached_custom_fields[0]).toMatchObject({
      required: true,
      order: 0,
      custom_field: {
        slug: "company",
        type: "text",
        organization_id: ids.org,
        metadata: {},
        properties: { form_label: "Company", min_length: 2, max_length: 10 },
      },
    });
  });

  it("shows a merchant success_url with {CHECKOUT_ID} replaced", async () => {
    const db = await getDb();
    const session = await createCheckout(db, ids.org!, ids.price!, {
      success_url: "https://shop.example.com/thanks?checkout_id={CHECKOUT_ID}",
    });
    const res = await call(getOne, { token, params: { id: session.id } });
    expect(res.body.success_url).toBe(`https://shop.example.com/thanks?checkout_id=${session.id}`);
  });

  it("needs a token with checkouts:read", async () => {
    const res = await call(getOne, { params: { id: ids.open! } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("is 404 for another organization's session and 422 for a malformed id", async () => {
    expect((await call(getOne, { token, params: { id: ids.foreign! } })).body).toEqual({
      error: "ResourceNotFound",
      detail: "Not found",
    });
    expect((await call(getOne, { token, params: { id: "cs_1" } })).body.detail[0]).toMatchObject({
      type: "uuid_parsing",
      loc: ["path", "id"],
    });
  });
});

describe("GET /v1/checkouts/custom/", () => {
  // An organization of its own, so the other tests' sessions do not change these lists.
  let listToken: string;
  const l: Record<string, string> = {};
  const at = (day: number) => new Date(Date.UTC(2025, 0, day));

  beforeAll(async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    listToken = (await createToken(db, org.id, { scopes: ["checkouts:read"] })).token;
    const { product: a, price: pa } = await createProduct(db, org.id);
    const { product: b, price: pb } = await createProduct(db, org.id);
    l.productA = a.id;
    l.productB = b.id;
    // created_at order: one, two, three, four; expires_at order: three, one, four, two.
    l.one = (await createCheckout(db, org.id, pa.id, { created_at: at(1), expires_at: at(20) })).id;
    l.two = (
      await createCheckout(db, org.id, pa.id, { status: "confirmed", created_at: at(2), expires_at: at(23) })
    ).id;
    l.three = (
      await createCheckout(db, org.id, pb.id, { status: "expired", created_at: at(3), expires_at: at(19) })
    ).id;
    l.four = (
      await createCheckout(db, org.id, pb.id, { status: "succeeded", created_at: at(4), expires_at: at(21) })
    ).id;
  });

  const listIds = async (query: Record<string, string | number | (string | number)[]>) => {
    const res = await call(list, { token: listToken, query });
    expect(res.status).toBe(200);
    return res.body.items.map((c: { id: string }) => c.id);
  };

  it("returns the envelope of full sessions, newest first by default", async () => {
    const res = await call(list, { token: listToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["items", "pagination"]);
    expect(res.body.pagination).toEqual({ total_count: 4, max_page: 1 });
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([l.four, l.three, l.two, l.one]);
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(CHECKOUT_KEYS);
    expect(res.body.items[0].created_at).toBe("2025-01-04T00:00:00.000Z");
  });

  it("filters by product and status (one value or the key repeated)", async () => {
    expect(await listIds({ product_id: l.productA! })).toEqual([l.two, l.one]);
    expect(await listIds({ product_id: [l.productA!, l.productB!] })).toEqual([
      l.four,
      l.three,
      l.two,
      l.one,
    ]);
    expect(await listIds({ status: "open" })).toEqual([l.one]);
    expect(await listIds({ status: ["expired", "confirmed"] })).toEqual([l.three, l.two]);
    expect(await listIds({ status: ["open", "confirmed"], product_id: l.productB! })).toEqual([]);
    expect(await listIds({ product_id: randomUUID() })).toEqual([]);
  });

  it("sorts by created_at and expires_at in either direction", async () => {
    expect(await listIds({ sorting: "created_at" })).toEqual([l.one, l.two, l.three, l.four]);
    expect(await listIds({ sorting: "-expires_at" })).toEqual([l.two, l.four, l.one, l.three]);
    expect(await listIds({ sorting: "expires_at" })).toEqual([l.three, l.one, l.four, l.two]);
    const bad = await call(list, { token: listToken, query: { sorting: ["created_at", "amount"] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatchObject([{ type: "enum", loc: ["query", "sorting", 1] }]);
  });

  it("paginates", async () => {
    const page = await call(list, { token: listToken, query: { limit: 3, page: 2 } });
    expect(page.body.pagination).toEqual({ total_count: 4, max_page: 2 });
    expect(page.body.items.map((c: { id: string }) => c.id)).toEqual([l.one]);
    const zero = await call(list, { token: listToken, query: { page: 0 } });
    expect(zero.status).toBe(422);
    expect(zero.body.detail).toMatchObject([{ type: "greater_than", loc: ["query", "page"] }]);
  });

  it("never shows another organization's sessions", async () => {
    expect(await listIds({ organization_id: ids.org! })).toEqual([]);
    const other = await call(list, { token, query: { status: "open" } });
    expect(other.body.items.map((c: { id: string }) => c.id)).not.toContain(l.one);
    const malformed = await call(list, { token: listToken, query: { product_id: "nope" } });
    expect(malformed.body.detail).toMatchObject([{ type: "uuid_parsing", loc: ["query", "product_id", 0] }]);
  });
});

describe("PATCH /v1/checkouts/custom/{id}", () => {
  const patch = (id: string, body: unknown, t = token) =>
    call(update, { method: "PATCH", token: t, params: { id }, body });

  it("replaces metadata and sets customer fields", async () => {
    await patch(ids.open!, { metadata: { a: "1", b: 2 } });
    const res = await patch(ids.open!, {
      metadata: { c: true },
      customer_email: "buyer@example.com",
      customer_name: "Buyer",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      metadata: { c: true },
      customer_email: "buyer@example.com",
      customer_name: "Buyer",
    });
    const db = await getDb();
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: ids.open! } })).metadata).toEqual({
      c: true,
    });
  });

  it("applies a discount and tax, recomputing the amounts, and removes it with null", async () => {
    const res = await patch(ids.open!, {
      discount_id: ids.percent,
      customer_billing_address: { country: "de" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      discount_id: ids.percent,
      amount: 2000,
      discount_amount: 500,
      subtotal_amount: 1500,
      tax_amount: 285,
      total_amount: 1785,
    });
    expect(res.body.customer_billing_address).toEqual({
      line1: null,
      line2: null,
      postal_code: null,
      city: null,
      state: null,
      country: "DE",
    });
    expect(Object.keys(res.body.discount).sort()).toEqual([
      "amount",
      "amounts",
      "basis_points",
      "code",
      "currency",
      "duration",
      "duration_in_months",
      "id",
      "name",
      "type",
    ]);
    const db = await getDb();
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: ids.open! } })).toMatchObject({
      discount_locked: true,
      total_amount: 1785,
    });
    const removed = await patch(ids.open!, { discount_id: null, customer_billing_address: null });
    expect(removed.body).toMatchObject({
      discount_id: null,
      discount: null,
      total_amount: 2000,
      customer_billing_address: null,
    });
  });

  it("refuses discounts that do not apply", async () => {
    for (const id of [ids.restricted, ids.ended, ids.used, randomUUID()]) {
      const res = await patch(ids.open!, { discount_id: id });
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatchObject([
        { type: "value_error", loc: ["body", "discount_id"], input: id },
      ]);
    }
  });

  it("switches to another price of the product, with the buyer's amount within bounds", async () => {
    const low = await patch(ids.open!, { product_price_id: ids.custom, amount: 100 });
    expect(low.body.detail).toEqual([
      {
        type: "greater_than_equal",
        loc: ["body", "amount"],
        msg: "Input should be greater than or equal to 500",
        input: 100,
      },
    ]);
    const high = await patch(ids.open!, { product_price_id: ids.custom, amount: 9000 });
    expect(high.body.detail[0]).toMatchObject({ type: "less_than_equal", loc: ["body", "amount"] });
    const ok = await patch(ids.open!, { product_price_id: ids.custom, amount: 1200 });
    expect(ok.body).toMatchObject({ product_price_id: ids.custom, amount: 1200, total_amount: 1200 });
    const wrong = await patch(ids.open!, { product_price_id: ids.otherPrice });
    expect(wrong.body.detail).toMatchObject([{ type: "value_error", loc: ["body", "product_price_id"] }]);
    const fixedAmount = await patch(ids.open!, { product_price_id: ids.price, amount: 700 });
    expect(fixedAmount.body.detail).toMatchObject([{ type: "value_error", loc: ["body", "amount"] }]);
  });

  it("reports every metadata and field problem at once and changes nothing", async () => {
    const db = await getDb();
    const before = await db.checkoutSession.findUniqueOrThrow({ where: { id: ids.open! } });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const res = await patch(ids.open!, { metadata: many, customer_email: "nope" });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["value_error", ["body", "customer_email"]],
      ["too_long", ["body", "metadata"]],
    ]);
    const keys = await patch(ids.open!, { metadata: { ["k".repeat(41)]: "v", bad: 1.5 } });
    expect(keys.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["string_too_long", ["body", "metadata", "k".repeat(41)]],
      ["value_error", ["body", "metadata", "bad"]],
    ]);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: ids.open! } })).toEqual(before);
  });

  it("refuses sessions that are not open, other organizations', and read-only tokens", async () => {
    expect(await patch(ids.confirmed!, { metadata: {} })).toMatchObject({
      status: 403,
      body: { error: "NotOpenCheckout", detail: `Checkout ${ids.confirmed} is not open: confirmed` },
    });
    const db = await getDb();
    await db.checkoutSession.update({
      where: { id: ids.otherOpen! },
      data: { expires_at: new Date(Date.now() - 1000) },
    });
    expect((await patch(ids.otherOpen!, { metadata: {} })).body.detail).toBe(
      `Checkout ${ids.otherOpen} is not open: expired`,
    );
    expect((await patch(ids.foreign!, { metadata: { x: 1 } })).status).toBe(404);
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: ids.foreign! } })).metadata).toEqual(
      {},
    );
    const denied = await patch(ids.open!, { metadata: {} }, readOnly);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("insufficient_scope");
    const malformed = await call(update, { method: "PATCH", token, params: { id: ids.open! }, rawBody: "{" });
    expect(malformed.body.detail[0].type).toBe("json_invalid");
  });
});

describe("PATCH /v1/checkouts/custom/{id}: rules", () => {
  const patch = (id: string, body: unknown, t: string | null = token) =>
    call(update, { method: "PATCH", token: t, params: { id }, body });
  const fresh = async (priceId = ids.price!, data: Parameters<typeof createCheckout>[3] = {}) =>
    (await createCheckout(await getDb(), ids.org!, priceId, data)).id;
  const stored = async (id: string) => (await getDb()).checkoutSession.findUniqueOrThrow({ where: { id } });
  const problems = (body: { detail: { type: string; loc: unknown[] }[] }) =>
    body.detail.map((p) => [p.type, p.loc]);

  it("rejects every kind of bad metadata value", async () => {
    const id = await fresh();
    const res = await patch(id, {
      metadata: { long: "x".repeat(501), nested: { a: 1 }, list: [1], ok: "x".repeat(500) },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("RequestValidationError");
    expect(problems(res.body)).toEqual([
      ["value_error", ["body", "metadata", "long"]],
      ["value_error", ["body", "metadata", "nested"]],
      ["value_error", ["body", "metadata", "list"]],
    ]);
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i % 2 ? "v" : true]));
    const ok = await patch(id, { metadata: { ...fifty } });
    expect(ok.status).toBe(200);
    expect(ok.body.metadata).toEqual(fifty);
    expect((await stored(id)).metadata).toEqual(fifty);
  });

  it("reports the service's problems together and changes nothing", async () => {
    const id = await fresh();
    const before = await stored(id);
    const res = await patch(id, {
      product_price_id: ids.otherPrice,
      discount_id: ids.restricted,
      custom_field_data: { seats: 0 },
      metadata: { changed: true },
    });
    expect(res.status).toBe(422);
    expect(problems(res.body)).toEqual([
      ["value_error", ["body", "product_price_id"]],
      ["value_error", ["body", "discount_id"]],
      ["greater_than_equal", ["body", "custom_field_data", "seats"]],
    ]);
    expect(await stored(id)).toEqual(before);
  });

  it("applies a fixed discount, locks it, and recomputes the stored amounts", async () => {
    const id = await fresh();
    const res = await patch(id, { discount_id: ids.fixed });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      discount_id: ids.fixed,
      amount: 2000,
      discount_amount: 300,
      subtotal_amount: 1700,
      tax_amount: 0,
      total_amount: 1700,
      is_payment_required: true,
    });
    expect(res.body.discount).toEqual({
      id: ids.fixed,
      name: expect.any(String),
      code: "SAVE3",
      type: "fixed",
      amount: 300,
      currency: "usd",
      amounts: { usd: 300 },
      basis_points: null,
      duration: "once",
      duration_in_months: null,
    });
    expect(await stored(id)).toMatchObject({
      discount_id: ids.fixed,
      discount_locked: true,
      discount_amount: 300,
      subtotal_amount: 1700,
      total_amount: 1700,
    });
    // A discount restricted to this very product, repeating, also applies.
    const mine = await patch(id, { discount_id: ids.mine });
    expect(mine.body).toMatchObject({ discount_id: ids.mine, discount_amount: 200, total_amount: 1800 });
    const removed = await patch(id, { discount_id: null });
    expect(removed.body).toMatchObject({
      discount_id: null,
      discount: null,
      discount_amount: 0,
      total_amount: 2000,
    });
    expect(await stored(id)).toMatchObject({ discount_id: null, discount_locked: false, total_amount: 2000 });
  });

  it("keeps the discount when the body does not mention it", async () => {
    const id = await fresh(ids.price!, { discount_id: ids.percent, discount_locked: true });
    const res = await patch(id, { customer_name: "Ann" });
    expect(res.body).toMatchObject({ discount_id: ids.percent, discount_amount: 500, total_amount: 1500 });
  });

  it("refuses discounts not yet started, in another currency, of another organization or on a free price", async () => {
    const id = await fresh();
    for (const discountId of [ids.future, ids.euro, ids.foreignDiscount]) {
      const res = await patch(id, { discount_id: discountId });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { type: "value_error", loc: ["body", "discount_id"], msg: expect.any(String), input: discountId },
      ]);
    }
    const free = await patch(id, { product_price_id: ids.free, discount_id: ids.percent });
    expect(problems(free.body)).toEqual([["value_error", ["body", "discount_id"]]]);
    expect((await stored(id)).discount_id).toBeNull();
  });

  it("drops the discount when the session moves to a free price", async () => {
    const id = await fresh(ids.price!, { discount_id: ids.percent, discount_locked: true });
    const res = await patch(id, { product_price_id: ids.free });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product_price_id: ids.free,
      discount_id: null,
      discount: null,
      amount: null,
      discount_amount: 0,
      subtotal_amount: 0,
      tax_amount: 0,
      total_amount: 0,
      is_free_product_price: true,
      is_discount_applicable: false,
      is_payment_required: false,
      is_payment_form_required: false,
    });
    expect(await stored(id)).toMatchObject({
      product_price_id: ids.free,
      discount_id: null,
      total_amount: 0,
    });
  });

  it("takes the buyer's amount on a custom price only, within 50 to 99,999,999", async () => {
    const db = await getDb();
    const { price } = await createProduct(db, ids.org!, {
      price: { amount_type: "custom", price_amount: null },
    });
    const id = await fresh(price.id);
    expect((await call(getOne, { token, params: { id } })).body).toMatchObject({
      amount: 1000,
      total_amount: 1000,
    });
    const low = await patch(id, { amount: 49 });
    expect(low.body.detail).toEqual([
      {
        type: "greater_than_equal",
        loc: ["body", "amount"],
        msg: "Input should be greater than or equal to 50",
        input: 49,
      },
    ]);
    const high = await patch(id, { amount: 100_000_000 });
    expect(problems(high.body)).toEqual([["less_than_equal", ["body", "amount"]]]);
    const ok = await patch(id, { amount: 50 });
    expect(ok.body).toMatchObject({ amount: 50, subtotal_amount: 50, total_amount: 50 });
    expect(await stored(id)).toMatchObject({ amount: 50, total_amount: 50 });
    const typed = await patch(id, { amount: "12" });
    expect(problems(typed.body)).toEqual([["int_type", ["body", "amount"]]]);
    const fraction = await patch(id, { amount: 12.5 });
    expect(problems(fraction.body)).toEqual([["int_type", ["body", "amount"]]]);
  });

  it("stores the customer fields, trimmed, and the URLs", async () => {
    const id = await fresh();
    const res = await patch(id, {
      customer_name: " Ann Buyer ",
      customer_email: "  ann@example.com ",
      customer_ip_address: "203.0.113.7",
      customer_tax_id: "DE123456789",
      customer_metadata: { crm_id: "42" },
      customer_billing_address: { line1: "Street 1", city: "Berlin", postal_code: "10115", country: "de" },
      allow_discount_codes: false,
      success_url: "https://shop.example.com/done?c={CHECKOUT_ID}",
      embed_origin: "https://shop.example.com",
      unknown_field: "ignored",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer_name: "Ann Buyer",
      customer_email: "ann@example.com",
      customer_ip_address: "203.0.113.7",
      customer_tax_id: "DE123456789",
      customer_metadata: { crm_id: "42" },
      customer_billing_address: {
        line1: "Street 1",
        line2: null,
        postal_code: "10115",
        city: "Berlin",
        state: null,
        country: "DE",
      },
      allow_discount_codes: false,
      success_url: `https://shop.example.com/done?c=${id}`,
      embed_origin: "https://shop.example.com",
      tax_amount: 380,
      total_amount: 2380,
    });
    expect(res.body).not.toHaveProperty("unknown_field");
    expect(res.body.modified_at).toMatch(ISO);
    const row = await stored(id);
    expect(row).toMatchObject({
      customer_email: "ann@example.com",
      customer_metadata: { crm_id: "42" },
      allow_discount_codes: false,
      success_url: "https://shop.example.com/done?c={CHECKOUT_ID}",
      tax_amount: 380,
      total_amount: 2380,
    });
    expect(row.modified_at).toBeInstanceOf(Date);

    const bad = await patch(id, {
      customer_email: "not-an-email",
      success_url: "not a url",
      customer_billing_address: { city: "Berlin" },
      allow_discount_codes: "yes",
    });
    expect(bad.status).toBe(422);
    expect(problems(bad.body)).toEqual([
      ["value_error", ["body", "customer_email"]],
      ["missing", ["body", "customer_billing_address", "country"]],
      ["bool_type", ["body", "allow_discount_codes"]],
      ["value_error", ["body", "success_url"]],
    ]);
  });

  it("taxes by the organization's rate for the billing country, 0 where none applies", async () => {
    const id = await fresh(ids.price!, { discount_id: ids.percent });
    const de = await patch(id, { customer_billing_address: { country: "DE" } });
    expect(de.body).toMatchObject({ subtotal_amount: 1500, tax_amount: 285, total_amount: 1785 });
    const fr = await patch(id, { customer_billing_address: { country: "FR" } });
    expect(fr.body).toMatchObject({ subtotal_amount: 1500, tax_amount: 0, total_amount: 1500 });
    expect(await stored(id)).toMatchObject({ tax_amount: 0, total_amount: 1500 });
    const back = await patch(id, { customer_billing_address: { country: "de" } });
    expect(back.body.total_amount).toBe(1785);
  });

  it("checks custom field answers against their field types", async () => {
    const id = await fresh();
    const ok = await patch(id, {
      custom_field_data: {
        company: "Acme",
        seats: 3,
        start: "2025-02-28",
        terms: true,
        size: "m",
        nope: "x",
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.custom_field_data).toEqual({
      company: "Acme",
      seats: 3,
      start: "2025-02-28",
      terms: true,
      size: "m",
    });
    expect((await stored(id)).custom_field_data).toEqual(ok.body.custom_field_data);

    const bad = await patch(id, {
      custom_field_data: { company: "A", seats: 2.5, start: "2025-02-30", terms: "yes", size: "xl" },
    });
    expect(bad.status).toBe(422);
    expect(problems(bad.body)).toEqual([
      ["string_too_short", ["body", "custom_field_data", "company"]],
      ["int_type", ["body", "custom_field_data", "seats"]],
      ["value_error", ["body", "custom_field_data", "start"]],
      ["bool_type", ["body", "custom_field_data", "terms"]],
      ["enum", ["body", "custom_field_data", "size"]],
    ]);
    expect(bad.body.detail[0].input).toBe("A");
    const more = await patch(id, {
      custom_field_data: { company: "x".repeat(11), seats: 11, start: "28/02/2025" },
    });
    expect(problems(more.body)).toEqual([
      ["string_too_long", ["body", "custom_field_data", "company"]],
      ["less_than_equal", ["body", "custom_field_data", "seats"]],
      ["value_error", ["body", "custom_field_data", "start"]],
    ]);
    expect((await stored(id)).custom_field_data).toEqual(ok.body.custom_field_data);
    // Required answers are checked at confirm, not here.
    const none = await patch(id, { custom_field_data: {} });
    expect(none.body.custom_field_data).toEqual({});
    const notObject = await patch(id, { custom_field_data: "x" });
    expect(problems(notObject.body)).toEqual([["model_attributes_type", ["body", "custom_field_data"]]]);
  });

  it("answers 401 without a token, 404 for unknown ids and 422 for a missing body", async () => {
    const id = await fresh();
    const anonymous = await patch(id, { metadata: { a: 1 } }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("Unauthorized");
    expect((await patch(randomUUID(), { metadata: {} })).status).toBe(404);
    const malformed = await patch("not-a-uuid", { metadata: {} });
    expect(malformed.status).toBe(422);
    expect(problems(malformed.body)).toEqual([["uuid_parsing", ["path", "id"]]]);
    const empty = await call(update, { method: "PATCH", token, params: { id } });
    expect(problems(empty.body)).toEqual([["missing", ["body"]]]);
    const json = await call(update, { method: "PATCH", token, params: { id }, rawBody: "{nope" });
    expect(json.status).toBe(422);
    expect(problems(json.body)).toEqual([["json_invalid", ["body"]]]);
    expect((await stored(id)).metadata).toEqual({});
  });

  it("refuses an expired, succeeded or failed session with NotOpenCheckout", async () => {
    for (const status of ["expired", "succeeded", "failed"] as const) {
      const id = await fresh(ids.price!, { status });
      const res = await patch(id, { metadata: { a: 1 } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "NotOpenCheckout", detail: `Checkout ${id} is not open: ${status}` });
      expect((await stored(id)).metadata).toEqual({});
    }
  });
});

describe("client views (for the client-secret routes)", () => {
  it("drop the merchant fields and add the organization (and the session token on confirm)", async () => {
    const db = await getDb();
    const row = await db.checkoutSession.findUniqueOrThrow({
      where: { id: ids.open! },
      include: checkoutClientInclude,
    });
    const client = JSON.parse(
      JSON.stringify(z.encode(checkoutClientSchema, toCheckoutClient(withClientSecret(row)))),
    );
    const expected = [
      ...CHECKOUT_KEYS.filter(
        (k) => !["metadata", "subscription_id", "customer_metadata", "external_customer_id"].includes(k),
      ),
      "organization",
      // The organization's mode (docs/payments.md, "Test and live organizations").
      "livemode",
      // Issue 13: the first-period discount disclosure, and the order once the session succeeded.
      "total_amount_after_discount_ends",
      "order",
    ];
    expect(Object.keys(client).sort()).toEqual(expected.sort());
    expect(client.order).toBeNull();
    expect(client.organization).toMatchObject({ id: ids.org, created_at: expect.stringMatching(ISO) });
    const confirmed = z.encode(checkoutConfirmedSchema, {
      ...toCheckoutClient(withClientSecret(row)),
      customer_session_token: "cst_x",
    });
    expect(Object.keys(confirmed).sort()).toEqual([...expected, "customer_session_token"].sort());
  });
});
