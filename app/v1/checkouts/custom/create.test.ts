// POST /v1/checkouts/custom/ (docs/api.md §6): every optional field, the full response, and
// every refusal with its exact status and body; a refused create never writes a session.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createCustomField,
  createDiscount,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { POST as create } from "./route";
import { CHECKOUT_KEYS, ISO } from "@/test/shapes";

let db: Db;
let token: string;
let readOnly: string;
const ids: Record<string, string> = {};
const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };

/** POST with the full-scope token (or another one, or none). */
const post = (body: unknown, t: string | null = token) => call(create, { token: t, body });

/** [type, loc] of each problem, in order. */
const problems = (body: { detail: Problem[] }) => body.detail.map((p) => [p.type, p.loc]);

const sessionCount = () => db.checkoutSession.count();

/** The call is refused with exactly these 422 problems, and no session is written. */
async function expectInvalid(body: unknown, detail: Problem[]) {
  const before = await sessionCount();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await sessionCount()).toBe(before);
}

/** A single value_error problem at one body field. */
const valueError = (field: string, msg: string, input: unknown): Problem => ({
  type: "value_error",
  loc: ["body", field],
  msg,
  input,
});

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db, { name: "Create Org" });
  const other = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["checkouts:read"] })).token;
  await db.taxRate.create({
    data: { id: randomUUID(), organization_id: org.id, country: "DE", basis_points: 1900 },
  });
  const benefit = await createBenefit(db, org.id, { description: "Forum access" });
  // The main product: a fixed price (its first), a custom price, a free price, an archived price.
  const { product, price } = await createProduct(db, org.id, {
    product: { name: "Main" },
    price: { price_amount: 2000, created_at: at(0) },
    benefitIds: [benefit.id],
  });
  const price2 = (data: Parameters<typeof db.productPrice.create>[0]["data"]) =>
    db.productPrice.create({ data });
  const custom = await price2({
    id: randomUUID(),
    product_id: product.id,
    type: "one_time",
    amount_type: "custom",
    minimum_amount: 500,
    maximum_amount: 5000,
    preset_amount: 1500,
    created_at: at(1),
  });
  const bare = await price2({
    id: randomUUID(),
    product_id: product.id,
    type: "one_time",
    amount_type: "custom",
    created_at: at(2),
  });
  const free = await price2({
    id: randomUUID(),
    product_id: product.id,
    type: "one_time",
    amount_type: "free",
    price_amount: null,
    created_at: at(3),
  });
  const archived = await price2({
    id: randomUUID(),
    product_id: product.id,
    type: "one_time",
    amount_type: "fixed",
    price_amount: 999,
    is_archived: true,
    created_at: at(4),
  });
  await createCustomField(db, org.id, {
    slug: "company",
    attachTo: { productId: product.id, required: true },
  });
  await createCustomField(db, org.id, {
    slug: "seats",
    type: "number",
    properties: { form_label: "Seats", ge: 1, le: 10 },
    attachTo: { productId: product.id, order: 1 },
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
    attachTo: { productId: product.id, order: 2 },
  });
  // A product whose first price is archived: product_id picks the next one.
  const { product: second, price: secondArchived } = await createProduct(db, org.id, {
    price: { price_amount: 100, is_archived: true, created_at: at(0) },
  });
  const secondLive = await price2({
    id: randomUUID(),
    product_id: second.id,
    type: "one_time",
    amount_type: "fixed",
    price_amount: 700,
    created_at: at(1),
  });
  const { product: allArchived } = await createProduct(db, org.id, { price: { is_archived: true } });
  const { product: archivedProduct, price: archivedProductPrice } = await createProduct(db, org.id, {
    product: { is_archived: true },
  });
  const { product: monthly, price: monthlyPrice } = await createProduct(db, org.id, {
    price: { recurring_interval: "month", price_amount: 1200 },
  });
  const { product: foreignProduct, price: foreignPrice } = await createProduct(db, other.id);
  const customer = await createCustomer(db, org.id, {
    email: "known@example.com",
    name: "Known Buyer",
    tax_id: "DE999",
    billing_address: { line1: "Weg 2", city: "Köln", postal_code: "50667", country: "DE" },
  });
  const foreignCustomer = await createCustomer(db, other.id);
  Object.assign(ids, {
    org: org.id,
    product: product.id,
    price: price.id,
    custom: custom.id,
    bare: bare.id,
    free: free.id,
    archived: archived.id,
    second: second.id,
    secondArchived: secondArchived.id,
    secondLive: secondLive.id,
    allArchived: allArchived.id,
    archivedProduct: archivedProduct.id,
    archivedProductPrice: archivedProductPrice.id,
    monthly: monthly.id,
    monthlyPrice: monthlyPrice.id,
    foreignProduct: foreignProduct.id,
    foreignPrice: foreignPrice.id,
    customer: customer.id,
    foreignCustomer: foreignCustomer.id,
  });
  const day = 86_400_000;
  const discount = async (name: string, data: Parameters<typeof createDiscount>[2] = {}) => {
    ids[name] = (await createDiscount(db, org.id, data)).id;
  };
  await discount("percent", { type: "percentage", basis_points: 2500, code: "QUARTER" });
  await discount("usd", { type: "fixed", amount: 300, currency: "usd" });
  await discount("eur", { type: "fixed", amount: 300, currency: "eur" });
  await discount("otherProduct", { productIds: [second.id] });
  await discount("thisProduct", { productIds: [product.id] });
  await discount("future", { starts_at: new Date(Date.now() + day) });
  await discount("ended", { ends_at: new Date(Date.now() - 1000) });
  await discount("usedUp", { max_redemptions: 2, redemptions_count: 2 });
  await discount("lastOne", { max_redemptions: 2, redemptions_count: 1 });
  await discount("once", { duration: "once" });
  await discount("forever", { duration: "forever" });
  await discount("repeating", { duration: "repeating", duration_in_months: 3 });
  ids.foreignDiscount = (await createDiscount(db, other.id)).id;
});

describe("POST /v1/checkouts/custom/: created", () => {
  it("creates by product_id with its first non-archived price and every default", async () => {
    const before = Date.now();
    const res = await post({ product_id: ids.second });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(CHECKOUT_KEYS);
    const id = res.body.id;
    expect(res.body).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      custom_field_data: {},
      payment_processor: "test",
      status: "open",
      client_secret: expect.stringMatching(/^cs_/),
      url: `http://localhost:3000/checkout/${res.body.client_secret}`,
      expires_at: expect.stringMatching(ISO),
      success_url: `http://localhost:3000/checkout/${res.body.client_secret}/confirmation`,
      embed_origin: null,
      amount: 700,
      discount_amount: 0,
      tax_amount: 0,
      subtotal_amount: 700,
      total_amount: 700,
      currency: "usd",
      product_id: ids.second,
      product_price_id: ids.secondLive,
      discount_id: null,
      allow_discount_codes: true,
      is_discount_applicable: true,
      is_free_product_price: false,
      is_payment_required: true,
      is_payment_setup_required: false,
      locale: null,
      is_payment_form_required: true,
      customer_id: null,
      customer_name: null,
      customer_email: null,
      customer_ip_address: null,
      customer_billing_address: null,
      customer_tax_id: null,
      customer_tax_id_type: null,
      customer_tax_id_status: null,
      reverse_charge: false,
      customer_metadata: {},
      external_customer_id: null,
      payment_processor_metadata: {},
      metadata: {},
      subscription_id: null,
      product: expect.objectContaining({ id: ids.second, is_archived: false }),
      product_price: expect.objectContaining({ id: ids.secondLive, price_amount: 700 }),
      products: [res.body.product],
      discount: null,
      attached_custom_fields: [],
      // The current reference API's fields: nothing here is offered yet but the net amount,
      // the tax behaviour, the organization, the address the page asks for and the prices.
      return_url: null,
      units: null,
      min_units: null,
      max_units: null,
      net_amount: 700,
      tax_behavior: "exclusive",
      allow_trial: true,
      active_trial_interval: null,
      active_trial_interval_count: null,
      trial_end: null,
      trial_interval: null,
      trial_interval_count: null,
      organization_id: ids.org,
      require_billing_address: false,
      billing_address_fields: {
        country: "required",
        state: "optional",
        city: "optional",
        postal_code: "optional",
        line1: "optional",
        line2: "optional",
      },
      is_business_customer: false,
      customer_billing_name: null,
      payment_method_type: null,
      prices: { [ids.second!]: [res.body.product_price] },
    });
    // The archived price is not offered.
    expect(res.body.product.prices.map((p: { id: string }) => p.id)).toEqual([ids.secondLive]);
    const created = Date.parse(res.body.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(res.body.expires_at) - created).toBe(3600_000);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "open",
      organization_id: ids.org,
      product_price_id: ids.secondLive,
      discount_id: null,
      discount_locked: false,
      allow_discount_codes: true,
      success_url: null,
      total_amount: 700,
      metadata: {},
      customer_metadata: {},
    });
  });

  it("creates by product_price_id with every optional field", async () => {
    const res = await post({
      product_price_id: ids.custom,
      amount: 2500,
      discount_id: ids.percent,
      allow_discount_codes: false,
      customer_id: ids.customer,
      customer_ip_address: "203.0.113.9",
      customer_metadata: { crm: "c-1", vip: true },
      metadata: { source: "api", campaign: 7 },
      success_url: "https://shop.example.com/thanks?checkout_id={CHECKOUT_ID}",
      embed_origin: "https://shop.example.com",
      custom_field_data: { company: "Acme", seats: 4, size: "m", unknown: "dropped" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(CHECKOUT_KEYS);
    const id = res.body.id;
    // 2500 - 25 % = 1875; German VAT (the customer's address) 19 % = 356.25 → 356.
    expect(res.body).toMatchObject({
      status: "open",
      product_id: ids.product,
      product_price_id: ids.custom,
      amount: 2500,
      discount_amount: 625,
      subtotal_amount: 1875,
      tax_amount: 356,
      total_amount: 2231,
      currency: "usd",
      discount_id: ids.percent,
      allow_discount_codes: false,
      is_discount_applicable: true,
      is_free_product_price: false,
      is_payment_required: true,
      is_payment_form_required: true,
      customer_id: ids.customer,
      customer_email: "known@example.com",
      customer_name: "Known Buyer",
      customer_tax_id: "DE999",
      customer_ip_address: "203.0.113.9",
      customer_billing_address: {
        line1: "Weg 2",
        line2: null,
        postal_code: "50667",
        city: "Köln",
        state: null,
        country: "DE",
      },
      customer_metadata: { crm: "c-1", vip: true },
      metadata: { source: "api", campaign: 7 },
      success_url: `https://shop.example.com/thanks?checkout_id=${id}`,
      embed_origin: "https://shop.example.com",
      custom_field_data: { company: "Acme", seats: 4, size: "m" },
    });
    expect(res.body.discount).toEqual({
      id: ids.percent,
      name: expect.any(String),
      code: "QUARTER",
      type: "percentage",
      amount: null,
      currency: null,
      amounts: {},
      basis_points: 2500,
      duration: "once",
      duration_in_months: null,
    });
    expect(res.body.product_price).toMatchObject({
      id: ids.custom,
      amount_type: "custom",
      minimum_amount: 500,
      maximum_amount: 5000,
      preset_amount: 1500,
    });
    expect(res.body.product.benefits.map((b: { description: string }) => b.description)).toEqual([
      "Forum access",
    ]);
    expect(
      res.body.attached_custom_fields.map((f: { custom_field: { slug: string }; required: boolean }) => [
        f.custom_field.slug,
        f.required,
      ]),
    ).toEqual([
      ["company", true],
      ["seats", false],
      ["size", false],
    ]);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id } })).toMatchObject({
      discount_id: ids.percent,
      discount_locked: true,
      allow_discount_codes: false,
      customer_id: ids.customer,
      success_url: "https://shop.example.com/thanks?checkout_id={CHECKOUT_ID}",
      metadata: { source: "api", campaign: 7 },
      custom_field_data: { company: "Acme", seats: 4, size: "m" },
      total_amount: 2231,
    });
  });

  it("lets given customer fields win over the customer's own", async () => {
    const res = await post({
      product_id: ids.product,
      customer_id: ids.customer,
      customer_email: " Other@Example.com ",
      customer_name: "Given Name",
      customer_tax_id: "FR40303265045",
      customer_billing_address: { country: "fr", city: "Paris" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customer_id: ids.customer,
      customer_email: "Other@Example.com",
      customer_name: "Given Name",
      customer_tax_id: "FR40303265045",
      customer_billing_address: { country: "FR", city: "Paris", line1: null },
      amount: 2000,
      tax_amount: 0,
      total_amount: 2000,
    });
  });

  it("defaults a custom amount to the preset, else 1000", async () => {
    const preset = await post({ product_price_id: ids.custom });
    expect(preset.body).toMatchObject({ amount: 1500, total_amount: 1500 });
    const bare = await post({ product_price_id: ids.bare, amount: null });
    expect(bare.body).toMatchObject({ amount: 1000, total_amount: 1000 });
    const edge = await post({ product_price_id: ids.bare, amount: 50 });
    expect(edge.body).toMatchObject({ amount: 50, total_amount: 50 });
  });

  it("creates a free session with no payment required", async () => {
    const res = await post({ product_price_id: ids.free });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount: null,
      discount_amount: 0,
      subtotal_amount: 0,
      tax_amount: 0,
      total_amount: 0,
      is_free_product_price: true,
      is_discount_applicable: false,
      is_payment_required: false,
      is_payment_setup_required: false,
      is_payment_form_required: false,
      // Nothing to pay: the page asks for no address at all.
      billing_address_fields: {
        country: "disabled",
        state: "disabled",
        city: "disabled",
        postal_code: "disabled",
        line1: "disabled",
        line2: "disabled",
      },
    });
  });

  it("applies fixed, product-restricted and last-redemption discounts", async () => {
    const fixed = await post({ product_id: ids.product, discount_id: ids.usd });
    expect(fixed.body).toMatchObject({ discount_amount: 300, total_amount: 1700 });
    const mine = await post({ product_id: ids.product, discount_id: ids.thisProduct });
    expect(mine.body).toMatchObject({ discount_amount: 200, total_amount: 1800 });
    const last = await post({ product_id: ids.product, discount_id: ids.lastOne });
    expect(last.status).toBe(201);
    // Creating a session does not redeem: the count moves only at confirm.
    expect((await db.discount.findUniqueOrThrow({ where: { id: ids.lastOne! } })).redemptions_count).toBe(1);
  });

  it("accepts once, forever and repeating discounts on one-time and recurring prices alike", async () => {
    // discountRefusal has no duration rule: every duration applies to every paid price.
    for (const duration of ["once", "forever", "repeating"]) {
      const oneTime = await post({ product_price_id: ids.price, discount_id: ids[duration] });
      expect(oneTime.status).toBe(201);
      expect(oneTime.body).toMatchObject({
        discount_amount: 200,
        total_amount: 1800,
        discount: { duration },
      });
      const recurring = await post({ product_price_id: ids.monthlyPrice, discount_id: ids[duration] });
      expect(recurring.status).toBe(201);
      expect(recurring.body).toMatchObject({
        discount_amount: 120,
        total_amount: 1080,
        is_payment_setup_required: true,
        discount: { duration },
      });
    }
  });

  it("respects CHECKOUT_TTL_SECONDS", async () => {
    const saved = process.env.CHECKOUT_TTL_SECONDS;
    try {
      process.env.CHECKOUT_TTL_SECONDS = "120";
      const short = await post({ product_id: ids.product });
      expect(Date.parse(short.body.expires_at) - Date.parse(short.body.created_at)).toBe(120_000);
      process.env.CHECKOUT_TTL_SECONDS = "not-a-number";
      const fallback = await post({ product_id: ids.product });
      expect(Date.parse(fallback.body.expires_at) - Date.parse(fallback.body.created_at)).toBe(3600_000);
    } finally {
      if (saved === undefined) delete process.env.CHECKOUT_TTL_SECONDS;
      else process.env.CHECKOUT_TTL_SECONDS = saved;
    }
  });
});

describe("POST /v1/checkouts/custom/: credentials", () => {
  it("is 401 without a token", async () => {
    const before = await sessionCount();
    const res = await post({ product_id: ids.product }, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(await sessionCount()).toBe(before);
  });

  it("is 401 invalid_token for an unknown token", async () => {
    const res = await post({ product_id: ids.product }, "oat_unknown");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_token", error_description: "The access token is invalid." });
  });

  it("is 403 insufficient_scope with a checkouts:read token", async () => {
    const before = await sessionCount();
    const res = await post({ product_id: ids.product }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: checkouts:write.",
    });
    expect(await sessionCount()).toBe(before);
  });
});

describe("POST /v1/checkouts/custom/: product and price", () => {
  it("needs exactly one of products, product_id and product_price_id", async () => {
    await expectInvalid({}, [
      {
        type: "missing",
        loc: ["body", "products"],
        msg: "One of products, product_id or product_price_id is required.",
        input: null,
      },
    ]);
    await expectInvalid({ product_id: ids.product, product_price_id: ids.price }, [
      {
        type: "value_error",
        loc: ["body", "product_price_id"],
        msg: "Give only one of products, product_id or product_price_id.",
        input: ids.price,
      },
    ]);
    await expectInvalid({ products: [ids.product], product_id: ids.product }, [
      {
        type: "value_error",
        loc: ["body", "product_id"],
        msg: "Give only one of products, product_id or product_price_id.",
        input: ids.product,
      },
    ]);
  });

  it("refuses malformed ids", async () => {
    await expectInvalid({ product_price_id: "price_1" }, [
      {
        type: "uuid_parsing",
        loc: ["body", "product_price_id"],
        msg: "Input should be a valid UUID",
        input: "price_1",
      },
    ]);
  });

  it("answers an unknown price and another organization's price alike (never leaking it)", async () => {
    const unknown = randomUUID();
    await expectInvalid({ product_price_id: unknown }, [
      valueError("product_price_id", "Price does not exist.", unknown),
    ]);
    await expectInvalid({ product_price_id: ids.foreignPrice }, [
      valueError("product_price_id", "Price does not exist.", ids.foreignPrice),
    ]);
    const unknownProduct = randomUUID();
    await expectInvalid({ product_id: unknownProduct }, [
      valueError("product_id", "Product does not exist.", unknownProduct),
    ]);
    await expectInvalid({ product_id: ids.foreignProduct }, [
      valueError("product_id", "Product does not exist.", ids.foreignProduct),
    ]);
  });

  it("refuses an archived price, a price of an archived product, and a product with no live price", async () => {
    await expectInvalid({ product_price_id: ids.archived }, [
      valueError("product_price_id", "Price is archived.", ids.archived),
    ]);
    await expectInvalid({ product_price_id: ids.archivedProductPrice }, [
      valueError("product_price_id", "Price is archived.", ids.archivedProductPrice),
    ]);
    await expectInvalid({ product_id: ids.archivedProduct }, [
      valueError("product_id", "Product is archived or has no price.", ids.archivedProduct),
    ]);
    await expectInvalid({ product_id: ids.allArchived }, [
      valueError("product_id", "Product is archived or has no price.", ids.allArchived),
    ]);
  });
});

describe("POST /v1/checkouts/custom/: amount", () => {
  const amountProblem = (type: string, msg: string, input: number): Problem => ({
    type,
    loc: ["body", "amount"],
    msg,
    input,
  });

  it("keeps a custom amount within the price's minimum and maximum", async () => {
    await expectInvalid({ product_price_id: ids.custom, amount: 499 }, [
      amountProblem("greater_than_equal", "Input should be greater than or equal to 500", 499),
    ]);
    await expectInvalid({ product_price_id: ids.custom, amount: 5001 }, [
      amountProblem("less_than_equal", "Input should be less than or equal to 5000", 5001),
    ]);
  });

  it("keeps a custom amount without bounds within 50 to 99,999,999", async () => {
    await expectInvalid({ product_price_id: ids.bare, amount: 49 }, [
      amountProblem("greater_than_equal", "Input should be greater than or equal to 50", 49),
    ]);
    await expectInvalid({ product_price_id: ids.bare, amount: 100_000_000 }, [
      amountProblem("less_than_equal", "Input should be less than or equal to 99999999", 100_000_000),
    ]);
  });

  it("refuses an amount on a fixed or free price, and a non-integer amount", async () => {
    const msg = "Amount can only be set on pay-what-you-want prices.";
    await expectInvalid({ product_price_id: ids.price, amount: 1000 }, [
      amountProblem("value_error", msg, 1000),
    ]);
    await expectInvalid({ product_price_id: ids.free, amount: 1000 }, [
      amountProblem("value_error", msg, 1000),
    ]);
    await expectInvalid({ product_price_id: ids.custom, amount: 1000.5 }, [
      amountProblem("int_type", "Input should be a valid integer", 1000.5),
    ]);
  });
});

describe("POST /v1/checkouts/custom/: discount", () => {
  const refused = (discountId: string, msg: string, priceId = ids.price) =>
    expectInvalid({ product_price_id: priceId, discount_id: discountId }, [
      valueError("discount_id", msg, discountId),
    ]);

  it("refuses an unknown discount and another organization's alike", async () => {
    const unknown = randomUUID();
    await refused(unknown, "Discount does not exist.");
    await refused(ids.foreignDiscount!, "Discount does not exist.");
  });

  it("refuses a discount on a free price", async () => {
    await refused(ids.percent!, "Discounts do not apply to free prices.", ids.free);
  });

  it("refuses a fixed discount in another currency", async () => {
    await refused(ids.eur!, "Discount currency does not match the price.");
  });

  it("refuses a discount not started yet, or ended", async () => {
    await refused(ids.future!, "Discount is not yet redeemable.");
    await refused(ids.ended!, "Discount is no longer redeemable.");
  });

  it("refuses a discount with no redemptions left", async () => {
    await refused(ids.usedUp!, "Discount is no longer redeemable.");
  });

  it("refuses a discount restricted to another product", async () => {
    await refused(ids.otherProduct!, "Discount does not apply to this product.");
  });
});

describe("POST /v1/checkouts/custom/: customer, answers, metadata, URLs", () => {
  it("refuses another organization's customer and an unknown one alike", async () => {
    for (const customerId of [ids.foreignCustomer!, randomUUID()]) {
      await expectInvalid({ product_id: ids.product, customer_id: customerId }, [
        valueError("customer_id", "Customer does not exist.", customerId),
      ]);
    }
  });

  it("refuses invalid custom field answers", async () => {
    await expectInvalid({ product_id: ids.product, custom_field_data: { company: 12 } }, [
      {
        type: "string_type",
        loc: ["body", "custom_field_data", "company"],
        msg: "Input should be a valid string",
        input: 12,
      },
    ]);
    await expectInvalid({ product_id: ids.product, custom_field_data: { size: "xl" } }, [
      {
        type: "enum",
        loc: ["body", "custom_field_data", "size"],
        msg: "Input should be 's', 'm'",
        input: "xl",
      },
    ]);
    await expectInvalid({ product_id: ids.product, custom_field_data: { seats: "3" } }, [
      {
        type: "int_type",
        loc: ["body", "custom_field_data", "seats"],
        msg: "Input should be a valid integer",
        input: "3",
      },
    ]);
    await expectInvalid({ product_id: ids.product, custom_field_data: [] }, [
      {
        type: "model_attributes_type",
        loc: ["body", "custom_field_data"],
        msg: "Input should be a valid object",
        input: [],
      },
    ]);
  });

  it("leaves required answers to confirm", async () => {
    const res = await post({ product_id: ids.product, custom_field_data: { seats: 2 } });
    expect(res.status).toBe(201);
    expect(res.body.custom_field_data).toEqual({ seats: 2 });
  });

  it("refuses metadata over the limits", async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const before = await sessionCount();
    const res = await post({ product_id: ids.product, metadata: many });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "too_long",
          loc: ["body", "metadata"],
          msg: "Metadata should have at most 50 items",
          // Past 200 characters, a refused value comes back as its JSON, cut.
          input: `${JSON.stringify(many).slice(0, 199)}…`,
        },
      ],
    });
    const longKey = "k".repeat(41);
    await expectInvalid(
      {
        product_id: ids.product,
        metadata: { [longKey]: "v", long: "x".repeat(501), nested: { a: 1 }, float: 1.5 },
      },
      [
        {
          type: "string_too_long",
          loc: ["body", "metadata", longKey],
          msg: "Key should have at most 40 characters",
          input: longKey,
        },
        ...["long", "nested", "float"].map((key) => ({
          type: "value_error",
          loc: ["body", "metadata", key],
          msg: "Value should be a string of 1 to 500 characters, an integer or a boolean",
          input: { long: `${"x".repeat(199)}…`, nested: { a: 1 }, float: 1.5 }[key],
        })),
      ],
    );
    const customer = await post({ product_id: ids.product, customer_metadata: { bad: null } });
    expect(problems(customer.body)).toEqual([["value_error", ["body", "customer_metadata", "bad"]]]);
    expect(await sessionCount()).toBe(before);
  });

  it("accepts metadata at the limits", async () => {
    const fifty = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`${"k".repeat(38)}${i}`, "x".repeat(500)]),
    );
    const res = await post({ product_id: ids.product, metadata: fifty });
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual(fifty);
  });

  it("refuses a bad success_url or embed_origin", async () => {
    const before = await sessionCount();
    for (const url of [
      "not a url",
      "ftp://example.com/done",
      "javascript:alert(1)",
      `https://e.com/${"a".repeat(2048)}`,
    ]) {
      const res = await post({ product_id: ids.product, success_url: url });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe("RequestValidationError");
      expect(res.body.detail).toEqual([
        {
          type: expect.any(String),
          loc: ["body", "success_url"],
          msg: expect.any(String),
          input: url.length > 200 ? `${url.slice(0, 199)}…` : url,
        },
      ]);
    }
    const origin = await post({ product_id: ids.product, embed_origin: "shop.example.com" });
    expect(problems(origin.body)).toEqual([["value_error", ["body", "embed_origin"]]]);
    expect(await sessionCount()).toBe(before);
  });

  it("refuses a bad customer email", async () => {
    await expectInvalid({ product_id: ids.product, customer_email: "nope" }, [
      {
        type: "value_error",
        loc: ["body", "customer_email"],
        msg: "value is not a valid email address",
        input: "nope",
      },
    ]);
  });
});

describe("POST /v1/checkouts/custom/: malformed and combined", () => {
  it("answers malformed JSON with 422 json_invalid, and an empty body with missing", async () => {
    const before = await sessionCount();
    const res = await call(create, { token, rawBody: '{"product_id": ' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        { type: "json_invalid", loc: ["body"], msg: expect.stringMatching(/^JSON decode error/), input: {} },
      ],
    });
    const empty = await call(create, { token, method: "POST" });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      error: "RequestValidationError",
      detail: [{ type: "missing", loc: ["body"], msg: "Field required", input: null }],
    });
    const array = await call(create, { token, body: [] });
    expect(array.status).toBe(422);
    expect(problems(array.body)).toEqual([["model_attributes_type", ["body"]]]);
    expect(await sessionCount()).toBe(before);
  });

  it("reports every schema problem together", async () => {
    const before = await sessionCount();
    const res = await post({
      customer_email: "nope",
      amount: "12",
      allow_discount_codes: "yes",
      success_url: "nope",
      metadata: { k: [] },
    });
    expect(res.status).toBe(422);
    expect(problems(res.body)).toEqual([
      ["int_type", ["body", "amount"]],
      ["bool_type", ["body", "allow_discount_codes"]],
      ["value_error", ["body", "customer_email"]],
      ["value_error", ["body", "success_url"]],
      ["value_error", ["body", "metadata", "k"]],
      ["missing", ["body", "products"]],
    ]);
    expect(await sessionCount()).toBe(before);
  });

  it("reports every rule problem together", async () => {
    await expectInvalid(
      {
        product_price_id: ids.custom,
        amount: 10,
        discount_id: ids.otherProduct,
        customer_id: ids.foreignCustomer,
        custom_field_data: { company: true, size: "xl" },
      },
      [
        {
          type: "greater_than_equal",
          loc: ["body", "amount"],
          msg: "Input should be greater than or equal to 500",
          input: 10,
        },
        valueError("discount_id", "Discount does not apply to this product.", ids.otherProduct),
        valueError("customer_id", "Customer does not exist.", ids.foreignCustomer),
        {
          type: "string_type",
          loc: ["body", "custom_field_data", "company"],
          msg: "Input should be a valid string",
          input: true,
        },
        {
          type: "enum",
          loc: ["body", "custom_field_data", "size"],
          msg: "Input should be 's', 'm'",
          input: "xl",
        },
      ],
    );
  });
  it("reports a price problem together with the problems of the other ids", async () => {
    const unknown = randomUUID();
    await expectInvalid(
      {
        product_price_id: unknown,
        amount: 10,
        discount_id: ids.foreignDiscount,
        customer_id: ids.foreignCustomer,
      },
      [
        valueError("product_price_id", "Price does not exist.", unknown),
        valueError("discount_id", "Discount does not exist.", ids.foreignDiscount),
        valueError("customer_id", "Customer does not exist.", ids.foreignCustomer),
      ],
    );
    // The rules that depend on the price (amount, discount rules, answers) wait for a valid one.
    await expectInvalid(
      {
        product_id: ids.archivedProduct,
        amount: 10,
        discount_id: ids.otherProduct,
        customer_id: ids.customer,
        custom_field_data: { company: 5 },
      },
      [valueError("product_id", "Product is archived or has no price.", ids.archivedProduct)],
    );
  });
});
