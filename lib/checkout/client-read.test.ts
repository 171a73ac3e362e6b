// The one-statement read of a buyer's session returns exactly what Prisma's include returned (the
// shape every caller of findClientCheckout was written against), on a session that has every
// relation: a discount, custom fields, benefits, medias in order, an archived price left out, and
// several offered products. Through the driver (no transaction) and through a transaction.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { clientSecretHash } from "./client-secret";
import { readClientCheckout } from "./client-read";
import { checkoutClientInclude } from "./schemas";
import {
  createBenefit,
  createCheckout,
  createCustomField,
  createDiscount,
  createMedia,
  createOrganization,
  createProduct,
} from "@/lib/factories";

let hash = "";
let bareHash = "";

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const [first, second] = [
    await createBenefit(db, org.id, { type: "license_keys", properties: { limit_activations: 3 } }),
    await createBenefit(db, org.id),
  ];
  const { product, price } = await createProduct(db, org.id, {
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
    benefitIds: [second.id, first.id],
    product: { metadata: { tier: "pro", seats: 3 } },
  });
  // A second price, then an archived one the checkout must not offer.
  const yearly = (data: { price_amount: number; created_at?: Date; is_archived?: boolean }) =>
    db.productPrice.create({
      data: {
        id: randomUUID(),
        product_id: product.id,
        type: "recurring",
        recurring_interval: "year",
        amount_type: "fixed",
        price_currency: "usd",
        ...data,
      },
    });
  await yearly({ price_amount: 9000, created_at: new Date("2030-01-01T00:00:00.123Z") });
  await yearly({ price_amount: 100, is_archived: true });
  for (const order of [1, 0]) {
    const media = await createMedia(db, org.id, { last_modified_at: new Date("2026-01-02T03:04:05.678Z") });
    await db.productMedia.create({ data: { product_id: product.id, media_id: media.id, order } });
  }
  await createCustomField(db, org.id, { attachTo: { productId: product.id, required: true, order: 1 } });
  await createCustomField(db, org.id, { type: "number", attachTo: { productId: product.id, order: 0 } });
  const { product: other } = await createProduct(db, org.id, { benefitIds: [first.id] });
  const discount = await createDiscount(db, org.id, {
    code: "SAVE10",
    ends_at: new Date("2031-05-06T07:08:09.010Z"),
  });
  const session = await createCheckout(db, org.id, price.id, {
    discount_id: discount.id,
    customer_email: "buyer@example.com",
    customer_billing_address: { country: "US", state: "US-NY" },
    metadata: { ref: "x", n: 2 },
    custom_field_data: { a: 1 },
    confirmed_at: new Date("2026-11-24T10:00:00.001Z"),
  });
  for (const [order, productId] of [other.id, product.id].entries()) {
    await db.checkoutSessionProduct.create({
      data: { checkout_session_id: session.id, product_id: productId, order },
    });
  }
  hash = clientSecretHash(session.client_secret);
  const { price: bare } = await createProduct(db, org.id);
  bareHash = clientSecretHash((await createCheckout(db, org.id, bare.id)).client_secret);
});

async function viaPrisma(secretHash: string) {
  const db = await getDb();
  return db.checkoutSession.findUnique({
    where: { client_secret_hash: secretHash },
    include: checkoutClientInclude,
    relationLoadStrategy: "query",
  });
}

describe("readClientCheckout", () => {
  it("returns what Prisma's include returns, with every relation", async () => {
    const expected = await viaPrisma(hash);
    expect(expected?.checkout_products).toHaveLength(2);
    expect(expected?.product.prices).toHaveLength(2);
    expect(await readClientCheckout(await getDb(), hash)).toEqual(expected);
  });

  it("returns the same inside a transaction, and for a session with no discount or offered products", async () => {
    const db = await getDb();
    const [inTx, bare] = await db.$transaction(async (tx) => [
      await readClientCheckout(tx, hash),
      await readClientCheckout(tx, bareHash),
    ]);
    expect(inTx).toEqual(await viaPrisma(hash));
    expect(bare).toEqual(await viaPrisma(bareHash));
    expect(bare?.discount).toBeNull();
  });

  it("returns null for an unknown secret", async () => {
    expect(await readClientCheckout(await getDb(), clientSecretHash("cs_unknown"))).toBeNull();
  });
});
