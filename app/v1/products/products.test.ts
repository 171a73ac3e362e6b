// The products API through the real handlers: create and read with every field, each create
// validation rule with its exact 422, tenancy and scopes, the list's filters and its price sorting
// (PATCH and benefits: products-update.test.ts; buying archived ones: products-checkout.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomField,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { GET as list, POST as create } from "./route";
import { GET as getOne } from "./[id]/route";
import {
  createMedia,
  customFieldShape,
  mediaShape,
  PRICE_FIELDS,
  PRODUCT_FIELDS,
  PRODUCT_UNUSED,
  problem,
} from "./test-helpers";

let db: Db;
let token: string;
let readOnly: string;
let writeOnly: string;
let ordersOnly: string;
let otherToken: string;
const ids: Record<string, string> = {};
let media: {
  first: Awaited<ReturnType<typeof createMedia>>;
  second: Awaited<ReturnType<typeof createMedia>>;
};
let field: Awaited<ReturnType<typeof createCustomField>>;

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  ids.other = other.id;
  token = (await createToken(db, org.id)).token;
  readOnly = (await createToken(db, org.id, { scopes: ["products:read"] })).token;
  writeOnly = (await createToken(db, org.id, { scopes: ["products:write"] })).token;
  ordersOnly = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  otherToken = (await createToken(db, other.id)).token;
  media = { first: await createMedia(db, org.id), second: await createMedia(db, org.id) };
  field = await createCustomField(db, org.id, { slug: "company", name: "Company" });
  ids.foreignMedia = (await createMedia(db, other.id)).id;
  ids.otherService = (await createMedia(db, org.id, { service: "downloadable" })).id;
  ids.notUploaded = (await createMedia(db, org.id, { is_uploaded: false })).id;
  ids.foreignField = (await createCustomField(db, other.id)).id;
  ids.foreignProduct = (await createProduct(db, other.id)).product.id;
});

const post = (body: unknown, t: string = token) => call(create, { token: t, body });
const fixed = (price_amount = 1500, extra: Record<string, unknown> = {}) => ({
  amount_type: "fixed",
  price_amount,
  ...extra,
});
const monthly = (price_amount = 900) => fixed(price_amount, { recurring_interval: "month" });

/** Refused with exactly these problems, and nothing written. */
async function expectInvalid(body: unknown, detail: unknown[]) {
  const before = await db.product.count();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await db.product.count()).toBe(before);
}

describe("POST /v1/products/", () => {
  it("creates a product with every field and reads it back the same", async () => {
    const res = await post({
      name: "  Studio Pro  ",
      description: "The full studio.",
      prices: [
        fixed(4900, { price_currency: "EUR" }),
        { amount_type: "custom", minimum_amount: 500, maximum_amount: 10_000, preset_amount: 2000 },
        { amount_type: "free", price_amount: 300 },
      ],
      medias: [media.second.id, media.first.id],
      attached_custom_fields: [{ custom_field_id: field.id, required: true }],
      metadata: { sku: "studio-pro", seats: 3, beta: false },
      organization_id: ids.org,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(PRODUCT_FIELDS);
    const productId = res.body.id;
    const createdAt = new Date(res.body.created_at);
    // Prices keep the order given: each one a millisecond after the one before.
    const priceAt = (index: number) => new Date(createdAt.getTime() + index).toISOString();
    const price = (index: number, fields: Record<string, unknown>) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: priceAt(index),
      modified_at: null,
      product_id: productId,
      is_archived: false,
      type: "one_time",
      recurring_interval: null,
      price_currency: "usd",
      price_amount: null,
      minimum_amount: null,
      maximum_amount: null,
      preset_amount: null,
      source: "catalog",
      tax_behavior: null,
      ...fields,
    });
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      name: "Studio Pro",
      description: "The full studio.",
      is_recurring: false,
      is_archived: false,
      ...PRODUCT_UNUSED,
      // Never sold nor offered yet: DELETE would succeed (app/v1/products/delete.test.ts).
      is_deletable: true,
      recurring_interval: null,
      recurring_interval_count: null,
      organization_id: ids.org,
      metadata: { sku: "studio-pro", seats: 3, beta: false },
      prices: [
        price(0, { amount_type: "fixed", price_amount: 4900, price_currency: "eur" }),
        price(1, { amount_type: "custom", minimum_amount: 500, maximum_amount: 10_000, preset_amount: 2000 }),
        // Fields of another amount type are not stored.
        price(2, { amount_type: "free" }),
      ],
      benefits: [],
      medias: [mediaShape(media.second), mediaShape(media.first)],
      attached_custom_fields: [
        { custom_field_id: field.id, custom_field: customFieldShape(field), order: 0, required: true },
      ],
    });
    expect(Object.keys(res.body.prices[0]).sort()).toEqual(PRICE_FIELDS);
    expect(res.body.medias[0]).toMatchObject({ service: "product_media", is_uploaded: true, size: 2048 });

    const read = await call(getOne, { token: readOnly, params: { id: productId } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const listed = await call(list, { token, query: { query: "studio pro" } });
    expect(listed.body).toEqual({ items: [res.body], pagination: { total_count: 1, max_page: 1 } });
    const row = await db.product.findUniqueOrThrow({ where: { id: productId } });
    expect(row.lowest_price_amount).toBe(0);
  });

  it("creates a recurring product from recurring prices; is_recurring follows them", async () => {
    const res = await post({
      name: "Cloud",
      prices: [monthly(900), fixed(9000, { recurring_interval: "year" })],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      is_recurring: true,
      // The product's interval: its first recurring price's (the current reference API's field).
      recurring_interval: "month",
      recurring_interval_count: 1,
      description: null,
      metadata: {},
      medias: [],
      attached_custom_fields: [],
    });
    expect(res.body.prices.map((p: any) => [p.type, p.recurring_interval, p.price_amount])).toEqual([
      ["recurring", "month", 900],
      ["recurring", "year", 9000],
    ]);
  });

  it("reports every schema problem at once, at its exact location", async () => {
    await expectInvalid({}, [
      problem("missing", ["body", "name"], "Field required"),
      problem("missing", ["body", "prices"], "Field required"),
    ]);
    await expectInvalid(
      { name: "ab", prices: [], medias: ["nope"], attached_custom_fields: [{ custom_field_id: field.id }] },
      [
        problem("string_too_short", ["body", "name"], "String should have at least 3 characters", "ab"),
        problem("too_short", ["body", "prices"], "Should have at least 1 items", []),
        problem("uuid_parsing", ["body", "medias", 0], "Input should be a valid UUID", "nope"),
        problem("missing", ["body", "attached_custom_fields", 0, "required"], "Field required"),
      ],
    );
    await expectInvalid(
      {
        name: "Bad prices",
        prices: [
          { amount_type: "half" },
          fixed(49),
          fixed(100_000_000),
          fixed(1000, { price_currency: "dollars" }),
          { amount_type: "custom", minimum_amount: 1.5 },
        ],
      },
      [
        problem(
          "enum",
          ["body", "prices", 0, "amount_type"],
          "Input should be 'fixed', 'custom', 'free'",
          "half",
        ),
        problem(
          "greater_than_equal",
          ["body", "prices", 1, "price_amount"],
          "Input should be greater than or equal to 50",
          49,
        ),
        problem(
          "less_than_equal",
          ["body", "prices", 2, "price_amount"],
          "Input should be less than or equal to 99999999",
          100_000_000,
        ),
        problem(
          "value_error",
          ["body", "prices", 3, "price_currency"],
          "Currency should be a three-letter ISO 4217 code",
          "dollars",
        ),
        problem("int_type", ["body", "prices", 4, "minimum_amount"], "Input should be a valid integer", 1.5),
      ],
    );
  });

  it("bounds the number of prices, medias and custom fields", async () => {
    const many = (n: number, item: (i: number) => unknown) => Array.from({ length: n }, (_, i) => item(i));
    await expectInvalid(
      {
        name: "Too much",
        prices: many(21, () => fixed()),
        medias: many(21, () => media.first.id),
        attached_custom_fields: many(21, () => ({ custom_field_id: field.id, required: false })),
      },
      [
        problem("too_long", ["body", "prices"], "Should have at most 20 items", expect.any(String)),
        problem("too_long", ["body", "medias"], "Should have at most 20 items", expect.any(String)),
        problem(
          "too_long",
          ["body", "attached_custom_fields"],
          "Should have at most 20 items",
          expect.any(String),
        ),
      ],
    );
  });

  it("requires what each amount type needs: fixed an amount, custom minimum <= preset <= maximum", async () => {
    await expectInvalid({ name: "Needs", prices: [{}, { amount_type: "fixed" }] }, [
      problem("missing", ["body", "prices", 0, "amount_type"], "Field required"),
      problem("missing", ["body", "prices", 1, "price_amount"], "Field required"),
    ]);
    await expectInvalid(
      {
        name: "Pay what you want",
        prices: [
          { amount_type: "custom", minimum_amount: 5000, maximum_amount: 1000 },
          { amount_type: "custom", minimum_amount: 1000, preset_amount: 500 },
          { amount_type: "custom", maximum_amount: 1000, preset_amount: 2000 },
        ],
      },
      [
        problem(
          "value_error",
          ["body", "prices", 0, "minimum_amount"],
          "minimum_amount should be less than or equal to maximum_amount",
          5000,
        ),
        problem(
          "value_error",
          ["body", "prices", 1, "preset_amount"],
          "preset_amount should be greater than or equal to minimum_amount",
          500,
        ),
        problem(
          "value_error",
          ["body", "prices", 2, "preset_amount"],
          "preset_amount should be less than or equal to maximum_amount",
          2000,
        ),
      ],
    );
    const open = await post({ name: "Any amount", prices: [{ amount_type: "custom" }] });
    expect(open.status).toBe(201);
    expect(open.body.prices[0]).toMatchObject({
      minimum_amount: null,
      maximum_amount: null,
      preset_amount: null,
    });
  });

  it("makes a subscription product from the product's own recurring_interval (the current SDK's way)", async () => {
    const made = await post({
      name: "Monthly by product",
      recurring_interval: "month",
      recurring_interval_count: 1,
      prices: [fixed(900), { amount_type: "custom", minimum_amount: 500, price_currency: "usd" }],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      is_recurring: true,
      recurring_interval: "month",
      recurring_interval_count: 1,
    });
    expect(
      made.body.prices.map((p: { type: string; recurring_interval: string }) => [
        p.type,
        p.recurring_interval,
      ]),
    ).toEqual([
      ["recurring", "month"],
      ["recurring", "month"],
    ]);
    const once = await post({ name: "Once by product", recurring_interval: null, prices: [fixed(900)] });
    expect(once.status).toBe(201);
    expect(once.body).toMatchObject({ is_recurring: false, recurring_interval: null });
    await expectInvalid(
      { name: "Contradiction", is_recurring: false, recurring_interval: "year", prices: [fixed()] },
      [
        problem(
          "value_error",
          ["body", "recurring_interval"],
          "A one-time product has no recurring_interval.",
          "year",
        ),
      ],
    );
    await expectInvalid(
      { name: "Quarterly", recurring_interval: "month", recurring_interval_count: 3, prices: [fixed()] },
      [
        problem(
          "value_error",
          ["body", "recurring_interval_count"],
          "Only 1 is offered: a price is billed every month or every year.",
          3,
        ),
      ],
    );
    await expectInvalid({ name: "Weekly", recurring_interval: "week", prices: [fixed()] }, [
      problem("enum", ["body", "recurring_interval"], "Input should be 'month', 'year'", "week"),
    ]);
  });

  it("requires prices to agree with is_recurring", async () => {
    await expectInvalid({ name: "Mixed", prices: [monthly(), fixed()] }, [
      problem("missing", ["body", "prices", 1, "recurring_interval"], "Field required"),
    ]);
    await expectInvalid(
      { name: "Monthly", is_recurring: true, prices: [fixed(1000, { type: "one_time" })] },
      [
        problem(
          "value_error",
          ["body", "prices", 0, "type"],
          "A recurring product has recurring prices.",
          "one_time",
        ),
        problem("missing", ["body", "prices", 0, "recurring_interval"], "Field required"),
      ],
    );
    await expectInvalid(
      { name: "Once", is_recurring: false, prices: [monthly(), fixed(1000, { type: "recurring" })] },
      [
        problem(
          "value_error",
          ["body", "prices", 0, "recurring_interval"],
          "A one-time product's prices have no recurring_interval.",
          "month",
        ),
        problem(
          "value_error",
          ["body", "prices", 1, "type"],
          "A one-time product has one-time prices.",
          "recurring",
        ),
      ],
    );
    await expectInvalid({ name: "Weekly", prices: [fixed(1000, { recurring_interval: "week" })] }, [
      problem("enum", ["body", "prices", 0, "recurring_interval"], "Input should be 'month', 'year'", "week"),
    ]);
  });

  it("refuses medias and custom fields of another organization, unknown, repeated or not product media", async () => {
    await expectInvalid(
      {
        name: "Links",
        prices: [fixed()],
        medias: [media.first.id, ids.foreignMedia, media.first.id, ids.otherService, ids.notUploaded],
        attached_custom_fields: [
          { custom_field_id: ids.foreignField, required: false },
          { custom_field_id: field.id, required: false },
          { custom_field_id: field.id, required: true },
        ],
      },
      [
        problem("value_error", ["body", "medias", 1], "Media not found.", ids.foreignMedia),
        problem("value_error", ["body", "medias", 2], "Duplicate media.", media.first.id),
        problem("value_error", ["body", "medias", 3], "Media not found.", ids.otherService),
        problem("value_error", ["body", "medias", 4], "Media not found.", ids.notUploaded),
        problem(
          "value_error",
          ["body", "attached_custom_fields", 0, "custom_field_id"],
          "Custom field not found.",
          ids.foreignField,
        ),
        problem(
          "value_error",
          ["body", "attached_custom_fields", 2, "custom_field_id"],
          "Duplicate custom field.",
          field.id,
        ),
      ],
    );
  });

  it("creates only in the caller's organizations", async () => {
    await expectInvalid({ name: "Elsewhere", prices: [fixed()], organization_id: ids.other }, [
      problem("value_error", ["body", "organization_id"], "Organization not found.", ids.other),
    ]);
  });
});

describe("scopes and tenancy", () => {
  it("needs products:write to create and products:read to read", async () => {
    const body = { name: "Scoped", prices: [fixed()] };
    const refused = await post(body, readOnly);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "insufficient_scope", error_description: expect.any(String) });
    expect((await post(body, writeOnly)).status).toBe(201);
    expect((await call(list, { token: writeOnly })).status).toBe(200);
    expect((await call(list, { token: ordersOnly })).status).toBe(403);
    expect((await call(getOne, { token: ordersOnly, params: { id: ids.foreignProduct! } })).status).toBe(403);
    expect((await call(list, {})).status).toBe(401);
  });

  it("answers 404 for another organization's product and lists only the caller's", async () => {
    const res = await call(getOne, { token, params: { id: ids.foreignProduct! } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    expect((await call(getOne, { token: otherToken, params: { id: ids.foreignProduct! } })).status).toBe(200);
    const narrowed = await call(list, { token, query: { organization_id: ids.other! } });
    expect(narrowed.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    expect((await call(getOne, { token, params: { id: "not-a-uuid" } })).status).toBe(422);
  });
});

describe("GET /v1/products/", () => {
  const listed: Record<string, string> = {};
  let auth: string;

  beforeAll(async () => {
    const org = await createOrganization(db);
    auth = (await createToken(db, org.id)).token;
    const benefit = await createBenefit(db, org.id);
    listed.benefit = benefit.id;
    const make = async (name: string, options: Parameters<typeof createProduct>[2] = {}) =>
      (listed[name] = (
        await createProduct(db, org.id, { ...options, product: { name, ...options.product } })
      ).product.id);
    await make("Fixed 3000", { price: { price_amount: 3000 }, benefitIds: [benefit.id] });
    await make("Custom min 700", { price: { amount_type: "custom", minimum_amount: 700 } });
    await make("Custom no min", { price: { amount_type: "custom" } });
    await make("Free", { price: { amount_type: "free" } });
    await make("Monthly 2000", { price: { price_amount: 2000, recurring_interval: "month" } });
    await make("Archived 10", { price: { price_amount: 100 }, product: { is_archived: true } });
    // A product whose only price is archived has no buyable price: last both ways.
    await make("No price", { price: { price_amount: 60, is_archived: true } });
    // A cheaper archived price does not count; a second, dearer price does not either.
    const withTwo = await make("Fixed 1000", { price: { price_amount: 1000 } });
    await db.productPrice.create({
      data: {
        id: crypto.randomUUID(),
        product_id: withTwo,
        type: "one_time",
        amount_type: "fixed",
        price_amount: 80,
        is_archived: true,
      },
    });
  });

  const names = async (query: Record<string, string | string[]>) => {
    const res = await call(list, { token: auth, query: { limit: 100, ...query } });
    expect(res.status).toBe(200);
    return res.body.items.map((item: { name: string }) => item.name);
  };

  it("sorts by price_amount: the lowest buyable price, custom at its minimum, free at 0, none last", async () => {
    expect(await names({ sorting: "price_amount" })).toEqual([
      "Free",
      "Custom no min",
      "Archived 10",
      "Custom min 700",
      "Fixed 1000",
      "Monthly 2000",
      "Fixed 3000",
      "No price",
    ]);
    expect(await names({ sorting: "-price_amount" })).toEqual([
      "Fixed 3000",
      "Monthly 2000",
      "Fixed 1000",
      "Custom min 700",
      "Archived 10",
      "Custom no min",
      "Free",
      "No price",
    ]);
  });

  it("filters by is_archived, is_recurring, benefit_id and query, AND-ed", async () => {
    expect(await names({ is_archived: "true" })).toEqual(["Archived 10"]);
    expect(await names({ is_recurring: "true" })).toEqual(["Monthly 2000"]);
    expect(await names({ benefit_id: listed.benefit! })).toEqual(["Fixed 3000"]);
    expect(await names({ query: "custom", sorting: "-name" })).toEqual(["Custom no min", "Custom min 700"]);
    expect(await names({ query: "fixed", is_archived: "false", is_recurring: "false" })).toEqual([
      "Fixed 1000",
      "Fixed 3000",
    ]);
    expect(await names({ benefit_id: crypto.randomUUID() })).toEqual([]);
  });

  it("keeps the shape the checkout reads, with only buyable prices", async () => {
    const res = await call(list, { token: auth, query: { query: "Fixed 1000" } });
    expect(res.body.items).toHaveLength(1);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(PRODUCT_FIELDS);
    expect(res.body.items[0].prices.map((p: any) => p.price_amount)).toEqual([1000]);
  });
});
