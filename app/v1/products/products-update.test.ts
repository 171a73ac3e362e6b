// PATCH /v1/products/{id} and POST /v1/products/{id}/benefits through the real handlers: prices kept,
// added and archived (never changed: orders and subscriptions keep theirs), each update rule's 422,
// archiving, links replaced in order, tenancy, scopes, and two PATCHes racing on the prices.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createCustomField,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { PATCH as update } from "./[id]/route";
import { POST as setBenefits } from "./[id]/benefits/route";
import { GET as getOrder } from "../orders/[id]/route";
import { apiPrice, benefitShape, createMedia, customFieldShape, mediaShape, problem } from "./test-helpers";

let db: Db;
let token: string;
let readOnly: string;
let org: string;
const foreign = { product: "", price: "", benefit: "", field: "", media: "" };

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  const other = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["products:read"] })).token;
  const made = await createProduct(db, other);
  foreign.product = made.product.id;
  foreign.price = made.price.id;
  foreign.benefit = (await createBenefit(db, other)).id;
  foreign.field = (await createCustomField(db, other)).id;
  foreign.media = (await createMedia(db, other)).id;
});

const patch = (id: string, body: unknown, t: string = token) =>
  call(update, { token: t, method: "PATCH", params: { id }, body });
const fixed = (price_amount: number) => ({ amount_type: "fixed", price_amount });

/** Refused with exactly these problems, and the product, its prices and links unchanged. */
async function expectInvalid(id: string, body: unknown, detail: unknown[]) {
  const snapshot = () =>
    db.product.findUniqueOrThrow({
      where: { id },
      include: { prices: true, product_medias: true, attached_custom_fields: true, product_benefits: true },
    });
  const before = await snapshot();
  const res = await patch(id, body);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: "RequestValidationError", detail });
  expect(await snapshot()).toEqual(before);
}

describe("PATCH /v1/products/{id}: prices", () => {
  it("keeps {id} items, adds the others, archives the rest; a past order and a live subscription keep theirs", async () => {
    const { product, price: old } = await createProduct(db, org, {
      price: { price_amount: 1000, recurring_interval: "month" },
    });
    const customer = await createCustomer(db, org);
    const order = await createOrder(db, org, { customerId: customer.id, priceId: old.id });
    const subscription = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
    const yearly = await db.productPrice.create({
      data: {
        id: crypto.randomUUID(),
        product_id: product.id,
        type: "recurring",
        recurring_interval: "year",
        amount_type: "fixed",
        price_amount: 10_000,
      },
    });

    // The monthly price goes from 1000 to 1500: a new price, the old one archived. The yearly one
    // is sent back whole, as the API showed it, and kept.
    const res = await patch(product.id, {
      prices: [apiPrice(yearly), { ...fixed(1500), recurring_interval: "month" }],
    });
    expect(res.status).toBe(200);
    expect(res.body.modified_at).toEqual(expect.any(String));
    expect(res.body.prices).toEqual([
      apiPrice(yearly),
      {
        id: expect.any(String),
        created_at: res.body.modified_at,
        modified_at: null,
        product_id: product.id,
        is_archived: false,
        type: "recurring",
        recurring_interval: "month",
        amount_type: "fixed",
        price_currency: "usd",
        price_amount: 1500,
        minimum_amount: null,
        maximum_amount: null,
        preset_amount: null,
        source: "catalog",
        tax_behavior: null,
      },
    ]);
    const archived = await db.productPrice.findUniqueOrThrow({ where: { id: old.id } });
    expect(archived).toEqual({ ...old, is_archived: true, modified_at: new Date(res.body.modified_at) });
    expect(await db.productPrice.count({ where: { product_id: product.id } })).toBe(3);

    // The order still shows the price it was sold at, archived; the subscription still renews on it.
    const shown = await call(getOrder, { token, params: { id: order.id } });
    expect(shown.status).toBe(200);
    expect(shown.body.product_price).toEqual({ ...apiPrice(archived), is_archived: true });
    expect(shown.body.amount).toBe(1000);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toEqual(subscription);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).lowest_price_amount).toBe(
      1500,
    );
  });

  it("refuses a change to an existing price, with the way to change it", async () => {
    const { product, price } = await createProduct(db, org, { price: { price_amount: 1000 } });
    const msg = "A price cannot be changed: leave it out of `prices` to archive it, and add a new price.";
    await expectInvalid(
      product.id,
      { prices: [{ id: price.id, price_amount: 2000, amount_type: "fixed", price_currency: "eur" }] },
      [
        problem("value_error", ["body", "prices", 0, "price_currency"], msg, "eur"),
        problem("value_error", ["body", "prices", 0, "price_amount"], msg, 2000),
      ],
    );
  });

  it("refuses unknown, archived, another product's or organization's, and repeated price ids", async () => {
    const { product, price } = await createProduct(db, org);
    const sibling = await createProduct(db, org);
    const gone = await createProduct(db, org, { price: { is_archived: true } });
    await db.productPrice.update({ where: { id: gone.price.id }, data: { product_id: product.id } });
    await expectInvalid(
      product.id,
      {
        prices: [
          { id: price.id },
          { id: price.id },
          { id: sibling.price.id },
          { id: foreign.price },
          { id: gone.price.id },
          { id: "bad" },
        ],
      },
      [problem("uuid_parsing", ["body", "prices", 5, "id"], "Input should be a valid UUID", "bad")],
    );
    await expectInvalid(
      product.id,
      {
        prices: [
          { id: price.id },
          { id: price.id },
          { id: sibling.price.id },
          { id: foreign.price },
          { id: gone.price.id },
        ],
      },
      [
        problem("value_error", ["body", "prices", 1, "id"], "Duplicate price.", price.id),
        problem("value_error", ["body", "prices", 2, "id"], "Price not found.", sibling.price.id),
        problem("value_error", ["body", "prices", 3, "id"], "Price not found.", foreign.price),
        problem("value_error", ["body", "prices", 4, "id"], "Price not found.", gone.price.id),
      ],
    );
  });

  it("gives a new price that names no interval the product's, as the current SDK adds prices", async () => {
    const { product, price } = await createProduct(db, org, { price: { recurring_interval: "year" } });
    const res = await patch(product.id, {
      recurring_interval: "year",
      prices: [{ id: price.id }, fixed(2000)],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_recurring: true, recurring_interval: "year" });
    expect(
      res.body.prices.map((p: { type: string; recurring_interval: string }) => [
        p.type,
        p.recurring_interval,
      ]),
    ).toEqual([
      ["recurring", "year"],
      ["recurring", "year"],
    ]);
  });

  it("checks new prices as on create, against the product's is_recurring, which cannot change", async () => {
    const { product } = await createProduct(db, org, { price: { recurring_interval: "month" } });
    await expectInvalid(
      product.id,
      {
        is_recurring: false,
        recurring_interval: "year",
        prices: [
          { ...fixed(1000), type: "one_time" },
          { amount_type: "custom", minimum_amount: 900, preset_amount: 800, recurring_interval: "year" },
        ],
      },
      [
        problem(
          "value_error",
          ["body", "is_recurring"],
          "is_recurring cannot be changed: create a new product.",
          false,
        ),
        problem(
          "value_error",
          ["body", "recurring_interval"],
          "recurring_interval cannot be changed: create a new product.",
          "year",
        ),
        problem(
          "value_error",
          ["body", "prices", 0, "type"],
          "A recurring product has recurring prices.",
          "one_time",
        ),
        problem("missing", ["body", "prices", 0, "recurring_interval"], "Field required"),
        problem(
          "value_error",
          ["body", "prices", 1, "preset_amount"],
          "preset_amount should be greater than or equal to minimum_amount",
          800,
        ),
      ],
    );
    await expectInvalid(product.id, { prices: Array.from({ length: 21 }, () => fixed(1000)) }, [
      problem("too_long", ["body", "prices"], "Should have at most 20 items", expect.any(String)),
    ]);
    expect((await patch(product.id, { is_recurring: true, name: "Same kind" })).status).toBe(200);
  });

  it("keeps at least one buyable price unless the product is archived", async () => {
    const { product, price } = await createProduct(db, org);
    await expectInvalid(product.id, { prices: [] }, [
      problem(
        "too_short",
        ["body", "prices"],
        "A product must have at least one price unless it is archived.",
        [],
      ),
    ]);
    const archived = await patch(product.id, { is_archived: true, prices: [] });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ is_archived: true, prices: [] });
    expect(await db.productPrice.findUniqueOrThrow({ where: { id: price.id } })).toMatchObject({
      is_archived: true,
    });
    expect(
      (await db.product.findUniqueOrThrow({ where: { id: product.id } })).lowest_price_amount,
    ).toBeNull();
    await expectInvalid(product.id, { is_archived: false }, [
      problem(
        "value_error",
        ["body", "is_archived"],
        "A product must have at least one price unless it is archived: send `prices` too.",
        false,
      ),
    ]);
    const back = await patch(product.id, { is_archived: false, prices: [fixed(700)] });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      is_archived: false,
      prices: [{ price_amount: 700, is_archived: false }],
    });
  });

  it("serializes two PATCHes racing on the prices: never both archive, the product keeps a price", async () => {
    // Each PATCH keeps one of the two prices and archives the other. Decided on the same stale
    // read, both would pass and leave nothing to buy; in turn, the second finds its price archived.
    const { product, price: first } = await createProduct(db, org, { price: { price_amount: 1000 } });
    const second = await db.productPrice.create({
      data: { ...first, id: crypto.randomUUID(), price_amount: 2000, created_at: new Date() },
    });
    const answers = await Promise.all([
      patch(product.id, { prices: [{ id: first.id }] }),
      patch(product.id, { prices: [{ id: second.id }] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect(refused.body.detail).toEqual([
      problem("value_error", ["body", "prices", 0, "id"], "Price not found.", expect.any(String)),
    ]);
    expect(await db.productPrice.count({ where: { product_id: product.id, is_archived: false } })).toBe(1);
  });
});

describe("PATCH /v1/products/{id}: fields and links", () => {
  it("changes only the fields sent, replaces medias and custom fields in order", async () => {
    const { product, price } = await createProduct(db, org, { product: { metadata: { a: 1 } } });
    const [m1, m2] = [await createMedia(db, org), await createMedia(db, org)];
    const [f1, f2] = [await createCustomField(db, org), await createCustomField(db, org)];
    const res = await patch(product.id, {
      name: "Renamed",
      description: null,
      metadata: { b: "two" },
      medias: [m2.id, m1.id],
      attached_custom_fields: [
        { custom_field_id: f2.id, required: true },
        { custom_field_id: f1.id, required: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renamed",
      description: null,
      metadata: { b: "two" },
      is_archived: false,
      is_recurring: false,
      prices: [apiPrice(price)],
      medias: [mediaShape(m2), mediaShape(m1)],
      attached_custom_fields: [
        { custom_field_id: f2.id, custom_field: customFieldShape(f2), order: 0, required: true },
        { custom_field_id: f1.id, custom_field: customFieldShape(f1), order: 1, required: false },
      ],
    });
    // null leaves a list as it is; [] empties it.
    const kept = await patch(product.id, { medias: null, attached_custom_fields: [] });
    expect(kept.body.medias).toEqual([mediaShape(m2), mediaShape(m1)]);
    expect(kept.body.attached_custom_fields).toEqual([]);
    expect(kept.body.name).toBe("Renamed");
  });

  it("refuses another organization's medias and custom fields; answers 404 for its product; needs products:write", async () => {
    const { product } = await createProduct(db, org);
    await expectInvalid(
      product.id,
      {
        medias: [foreign.media],
        attached_custom_fields: [{ custom_field_id: foreign.field, required: false }],
      },
      [
        problem("value_error", ["body", "medias", 0], "Media not found.", foreign.media),
        problem(
          "value_error",
          ["body", "attached_custom_fields", 0, "custom_field_id"],
          "Custom field not found.",
          foreign.field,
        ),
      ],
    );
    const elsewhere = await patch(foreign.product, { name: "Mine now" });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    expect((await db.product.findUniqueOrThrow({ where: { id: foreign.product } })).name).not.toBe(
      "Mine now",
    );
    const scoped = await patch(product.id, { name: "Read only" }, readOnly);
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toBe("insufficient_scope");
    await expectInvalid(product.id, { name: "", is_archived: "yes" }, [
      problem("string_too_short", ["body", "name"], "String should have at least 3 characters", ""),
      problem("bool_type", ["body", "is_archived"], "Input should be a valid boolean", "yes"),
    ]);
  });
});

describe("POST /v1/products/{id}/benefits", () => {
  const post = (id: string, body: unknown, t: string = token) =>
    call(setBenefits, { token: t, params: { id }, body });

  it("sets the benefits in order and answers the product; [] removes them", async () => {
    const { product } = await createProduct(db, org);
    const keys = await createBenefit(db, org, { type: "license_keys", description: "Keys" });
    const support = await createBenefit(db, org, { description: "Support" });
    const res = await post(product.id, { benefits: [support.id, keys.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: product.id, benefits: [benefitShape(support), benefitShape(keys)] });
    expect(res.body.modified_at).toEqual(expect.any(String));
    const reordered = await post(product.id, { benefits: [keys.id, support.id] });
    expect(reordered.body.benefits.map((b: { id: string }) => b.id)).toEqual([keys.id, support.id]);
    const emptied = await post(product.id, { benefits: [] });
    expect(emptied.body.benefits).toEqual([]);
    expect(await db.productBenefit.count({ where: { product_id: product.id } })).toBe(0);
  });

  it("refuses another organization's, unknown and repeated benefits; 404, 403 and bounds", async () => {
    const { product } = await createProduct(db, org);
    const mine = await createBenefit(db, org);
    const res = await post(product.id, { benefits: [mine.id, foreign.benefit, mine.id] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        problem("value_error", ["body", "benefits", 1], "Benefit not found.", foreign.benefit),
        problem("value_error", ["body", "benefits", 2], "Duplicate benefit.", mine.id),
      ],
    });
    expect(await db.productBenefit.count({ where: { product_id: product.id } })).toBe(0);
    const tooMany = await post(product.id, { benefits: Array.from({ length: 51 }, () => mine.id) });
    expect(tooMany.body.detail).toEqual([
      problem("too_long", ["body", "benefits"], "Should have at most 50 items", expect.any(String)),
    ]);
    expect((await post(product.id, {})).body.detail).toEqual([
      problem("missing", ["body", "benefits"], "Field required"),
    ]);
    expect((await post(foreign.product, { benefits: [] })).status).toBe(404);
    expect((await post(product.id, { benefits: [] }, readOnly)).status).toBe(403);
  });
});
