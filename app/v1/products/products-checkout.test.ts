// Archiving through the products API at checkout: an archived product or price cannot be bought
// (creating a session, switching a session to it, confirming one opened before), while a product
// with a new price sells the new one and past orders still show what they bought.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { PATCH as update } from "./[id]/route";
import { POST as createCheckout } from "../checkouts/custom/route";
import { PATCH as updateClient } from "../checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getOrder } from "../orders/[id]/route";
import { problem } from "./test-helpers";

let db: Db;
let token: string;
let org: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
});

const patch = (id: string, body: unknown) => call(update, { token, method: "PATCH", params: { id }, body });
const checkout = (body: Record<string, unknown>) => call(createCheckout, { token, body });
const PAYMENT = {
  customer_email: "buyer@example.com",
  customer_name: "Buyer",
  customer_billing_address: { country: "US" },
  confirmation_token_id: TEST_TOKENS.succeeds,
};

describe("archived products and prices cannot be bought", () => {
  it("refuses a session for an archived product or its price, and confirming one opened before", async () => {
    const { product, price } = await createProduct(db, org, { price: { price_amount: 1000 } });
    const customer = await createCustomer(db, org);
    const order = await createOrder(db, org, { customerId: customer.id, priceId: price.id });
    const opened = await checkout({ product_price_id: price.id });
    expect(opened.status).toBe(201);

    expect((await patch(product.id, { is_archived: true })).status).toBe(200);
    const byProduct = await checkout({ product_id: product.id });
    expect(byProduct.status).toBe(422);
    expect(byProduct.body.detail).toEqual([
      problem("value_error", ["body", "product_id"], "Product is archived or has no price.", product.id),
    ]);
    const byPrice = await checkout({ product_price_id: price.id });
    expect(byPrice.status).toBe(422);
    expect(byPrice.body.detail).toEqual([
      problem("value_error", ["body", "product_price_id"], "Price is archived.", price.id),
    ]);
    const paying = await call(confirm, {
      params: { client_secret: opened.body.client_secret },
      body: PAYMENT,
    });
    expect(paying.status).toBe(422);
    expect(paying.body.detail).toEqual([
      problem("value_error", ["body", "product_price_id"], "Price is archived.", price.id),
    ]);
    expect(await db.order.count({ where: { product_id: product.id } })).toBe(1);

    // The past order still shows the product, archived, and the price it was sold at.
    const past = await call(getOrder, { token, params: { id: order.id } });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({
      amount: 1000,
      product: { id: product.id, is_archived: true },
      product_price: { id: price.id, price_amount: 1000, is_archived: false },
    });
  });

  it("sells the new price once a price is replaced; the archived one is refused everywhere", async () => {
    const { product, price: old } = await createProduct(db, org, { price: { price_amount: 1000 } });
    const opened = await checkout({ product_price_id: old.id });
    expect(opened.status).toBe(201);
    const replaced = await patch(product.id, { prices: [{ amount_type: "fixed", price_amount: 1200 }] });
    expect(replaced.status).toBe(200);
    const fresh = replaced.body.prices[0];

    const byProduct = await checkout({ product_id: product.id });
    expect(byProduct.status).toBe(201);
    expect(byProduct.body).toMatchObject({ product_price_id: fresh.id, amount: 1200 });
    expect(byProduct.body.product.prices.map((p: { id: string }) => p.id)).toEqual([fresh.id]);
    const byOld = await checkout({ product_price_id: old.id });
    expect(byOld.status).toBe(422);
    expect(byOld.body.detail).toEqual([
      problem("value_error", ["body", "product_price_id"], "Price is archived.", old.id),
    ]);

    // A session opened on the new price cannot switch to the old one; the one opened on the old
    // price cannot be paid, but can switch to the new price and then be paid at its amount.
    const switching = await call(updateClient, {
      method: "PATCH",
      params: { client_secret: byProduct.body.client_secret },
      body: { product_price_id: old.id },
    });
    expect(switching.status).toBe(422);
    const stale = await call(confirm, {
      params: { client_secret: opened.body.client_secret },
      body: PAYMENT,
    });
    expect(stale.status).toBe(422);
    expect(stale.body.detail).toEqual([
      problem("value_error", ["body", "product_price_id"], "Price is archived.", old.id),
    ]);
    const paid = await call(confirm, {
      params: { client_secret: opened.body.client_secret },
      body: { ...PAYMENT, product_price_id: fresh.id },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "confirmed", product_price_id: fresh.id, amount: 1200 });
  });
});
