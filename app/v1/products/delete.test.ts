// DELETE /v1/products/{id} through the real handlers: a product nothing refers to is deleted (204)
// with its prices and attachments, the images and benefits it showed staying; one with an order, a
// subscription, a checkout, a checkout link or a discount is 409 ProductNotDeletable and stays;
// `is_deletable` says which beforehand, on one product and in the list; another organization's is
// 404; products:write is needed; and a checkout created while the product is deleted, in parallel,
// either wins (the delete is refused) or finds no product: never both, never a 5xx.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { lockRow } from "@/lib/core/row-lock";
import {
  attachCustomField,
  createBenefit,
  createCheckout,
  createCustomer,
  createCustomField,
  createDiscount,
  createMedia,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as list } from "./route";
import { DELETE as remove, GET as getOne } from "./[id]/route";
import { POST as createCheckoutRoute } from "../checkouts/route";

let db: Db;
let org: string;
let token: string;
let readOnly: string;
let otherToken: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["products:read"] })).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
});

const del = (id: string, as = token) => call(remove, { token: as, method: "DELETE", params: { id } });
const deletable = async (id: string) =>
  (await call(getOne, { token, params: { id } })).body.is_deletable as boolean;

const REFUSAL = {
  error: "ProductNotDeletable",
  detail:
    "This product has orders, subscriptions, checkouts, checkout links or discounts: archive it instead.",
};

describe("DELETE /v1/products/{id}", () => {
  it("deletes a product nothing refers to, with its prices and attachments, and answers 204", async () => {
    const { product } = await createProduct(db, org);
    const benefit = await createBenefit(db, org);
    const media = await createMedia(db, org);
    const field = await createCustomField(db, org);
    await db.productBenefit.create({ data: { product_id: product.id, benefit_id: benefit.id, order: 0 } });
    await db.productMedia.create({ data: { product_id: product.id, media_id: media.id, order: 0 } });
    await attachCustomField(db, product.id, field.id);
    expect(await deletable(product.id)).toBe(true);

    const res = await del(product.id);
    expect(res).toMatchObject({ status: 204, body: null });
    expect(await db.product.findUnique({ where: { id: product.id } })).toBeNull();
    expect(await db.productPrice.count({ where: { product_id: product.id } })).toBe(0);
    expect(await db.productBenefit.count({ where: { product_id: product.id } })).toBe(0);
    expect(await db.productMedia.count({ where: { product_id: product.id } })).toBe(0);
    expect(await db.attachedCustomField.count({ where: { product_id: product.id } })).toBe(0);
    // What it showed stays.
    expect(await db.benefit.count({ where: { id: benefit.id } })).toBe(1);
    expect(await db.media.count({ where: { id: media.id } })).toBe(1);
    expect(await db.customField.count({ where: { id: field.id } })).toBe(1);
    // Gone: a second delete and a read are 404.
    expect((await del(product.id)).status).toBe(404);
    expect((await call(getOne, { token, params: { id: product.id } })).status).toBe(404);
  });

  it("deletes an archived product nothing refers to", async () => {
    const { product } = await createProduct(db, org, { product: { is_archived: true } });
    expect((await del(product.id)).status).toBe(204);
  });

  const uses: [string, (productId: string, priceId: string) => Promise<unknown>][] = [
    [
      "an order",
      async (_product, price) =>
        createOrder(db, org, { customerId: (await createCustomer(db, org)).id, priceId: price }),
    ],
    [
      "a subscription (its order deleted: the subscription alone refers to it)",
      async (_product, price) => {
        const order = await createOrder(db, org, {
          customerId: (await createCustomer(db, org)).id,
          priceId: price,
          withBenefits: false,
        });
        await db.order.delete({ where: { id: order.id } });
        expect(await db.subscription.count({ where: { id: order.subscription_id! } })).toBe(1);
      },
    ],
    ["a checkout session", (_product, price) => createCheckout(db, org, price, { amount: 1000 })],
    [
      "a checkout link",
      (product) =>
        db.checkoutLink.create({
          data: {
            id: randomUUID(),
            organization_id: org,
            link_products: { create: [{ product_id: product, order: 0 }] },
          },
        }),
    ],
    ["a discount limited to it", (product) => createDiscount(db, org, { productIds: [product] })],
  ];

  for (const [name, use] of uses) {
    it(`refuses with 409 ProductNotDeletable a product with ${name}, and changes nothing`, async () => {
      const recurring = name.startsWith("a subscription");
      const { product, price } = await createProduct(db, org, {
        price: recurring ? { type: "recurring" } : {},
      });
      await use(product.id, price.id);
      expect(await deletable(product.id)).toBe(false);

      const res = await del(product.id);
      expect(res).toEqual({ status: 409, body: REFUSAL, headers: expect.anything() });
      expect(await db.product.findUnique({ where: { id: product.id } })).toMatchObject({
        id: product.id,
        is_archived: false,
      });
      expect(await db.productPrice.count({ where: { product_id: product.id } })).toBe(1);
    });
  }

  it("says is_deletable in the list, per product", async () => {
    const own = await createOrganization(db);
    const ownToken = (await createToken(db, own.id)).token;
    const free = await createProduct(db, own.id);
    const sold = await createProduct(db, own.id);
    const discounted = await createProduct(db, own.id);
    await createOrder(db, own.id, {
      customerId: (await createCustomer(db, own.id)).id,
      priceId: sold.price.id,
    });
    await createDiscount(db, own.id, { productIds: [discounted.product.id] });

    const res = await call(list, { token: ownToken, query: { limit: 10 } });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(
      (res.body.items as { id: string; is_deletable: boolean }[]).map((item) => [item.id, item.is_deletable]),
    );
    expect(byId).toEqual({
      [free.product.id]: true,
      [sold.product.id]: false,
      [discounted.product.id]: false,
    });
  });

  it("answers 404 for another organization's product and leaves it", async () => {
    const { product } = await createProduct(db, org);
    const res = await del(product.id, otherToken);
    expect(res).toMatchObject({ status: 404, body: { error: "ResourceNotFound" } });
    expect(await db.product.count({ where: { id: product.id } })).toBe(1);
  });

  it("needs products:write (403) and a valid id (422)", async () => {
    const { product } = await createProduct(db, org);
    expect(await del(product.id, readOnly)).toMatchObject({
      status: 403,
      body: { error: "insufficient_scope" },
    });
    expect(await db.product.count({ where: { id: product.id } })).toBe(1);
    expect((await del("not-a-uuid")).status).toBe(422);
  });

  it("races a checkout's creation: exactly one of them wins, and nothing answers 5xx", async () => {
    const rounds = 8;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const { product } = await createProduct(db, org);
      const [checkout, deletion] = await Promise.all([
        call(createCheckoutRoute, { token, body: { products: [product.id] } }),
        del(product.id),
      ]);
      expect(checkout.status, JSON.stringify(checkout.body)).toBeLessThan(500);
      expect(deletion.status, JSON.stringify(deletion.body)).toBeLessThan(500);
      const sessions = await db.checkoutSession.count({ where: { product_id: product.id } });
      const exists = (await db.product.count({ where: { id: product.id } })) === 1;
      if (checkout.status === 201) {
        // The checkout got there first: the delete saw it.
        expect(deletion).toMatchObject({ status: 409, body: REFUSAL });
        expect(exists).toBe(true);
        expect(sessions).toBe(1);
        outcomes.push("checkout");
      } else {
        // The delete got there first: the checkout found no product (422 on its id, or 409 from
        // the foreign key when it had read the product before the delete committed).
        expect(deletion.status).toBe(204);
        expect([409, 422]).toContain(checkout.status);
        expect(exists).toBe(false);
        expect(sessions).toBe(0);
        outcomes.push("delete");
      }
    }
    expect(outcomes).toHaveLength(rounds);
  });
});

/** Returns once some statement of this database waits for a row lock. */
async function someoneWaitsForALock() {
  await vi.waitFor(
    async () => {
      const [row] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      expect(row!.n, "a statement waiting for a row lock").toBeGreaterThan(0);
    },
    { timeout: 5_000, interval: 10 },
  );
}

// Each order of the two, made certain: the first holds its transaction open until the second waits.
describe.skipIf(!process.env.TEST_DATABASE_URL)("DELETE and a checkout, one waiting for the other", () => {
  it("a checkout being created first: the delete waits for it, then sees it (409)", async () => {
    const { product, price } = await createProduct(db, org);
    // Wrapped: a promise returned from the callback would be awaited before the commit.
    const { deletion } = await db.$transaction(async (tx) => {
      // The checkout's insert takes its foreign key's lock on the product, until it commits.
      await createCheckout(tx, org, price.id, { amount: 1000 });
      const deletion = del(product.id);
      await someoneWaitsForALock();
      return { deletion };
    });
    expect(await deletion).toMatchObject({ status: 409, body: REFUSAL });
    expect(await db.product.count({ where: { id: product.id } })).toBe(1);
  });

  it("a delete holding the product first: the checkout waits, then finds it gone (409, no session)", async () => {
    const { product } = await createProduct(db, org);
    const { checkout } = await db.$transaction(async (tx) => {
      // What DELETE's transaction does (lib/products/delete.ts): lock, then delete.
      await lockRow(tx, "products", product.id);
      const checkout = call(createCheckoutRoute, { token, body: { products: [product.id] } });
      await someoneWaitsForALock();
      await tx.product.delete({ where: { id: product.id } });
      return { checkout };
    });
    const res = await checkout;
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ error: "ConflictError" });
    expect(await db.checkoutSession.count({ where: { product_id: product.id } })).toBe(0);
  });
});
