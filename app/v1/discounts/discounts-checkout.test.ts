// Discounts made through the API at checkout, deleting a discount that orders and sessions used,
// and code uniqueness under concurrent creation (PostgreSQL: PGlite runs one statement at a time).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { GET as list, POST as create } from "./route";
import { DELETE as remove, GET as getOne } from "./[id]/route";
import { POST as createCheckout } from "../checkouts/custom/route";
import { PATCH as updateClient } from "../checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getOrder } from "../orders/[id]/route";

let db: Db;
let token: string;
let organizationId: string;
let alpha: Awaited<ReturnType<typeof createProduct>>;
let beta: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  token = (await createToken(db, organizationId)).token;
  alpha = await createProduct(db, organizationId, { price: { price_amount: 1000 } });
  beta = await createProduct(db, organizationId, { price: { price_amount: 2000 } });
});

const post = (body: unknown) => call(create, { token, body });
const openCheckout = async (priceId: string, body: Record<string, unknown> = {}) => {
  const res = await call(createCheckout, { token, body: { product_price_id: priceId, ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: string; client_secret: string; discount_amount: number };
};
const applyCode = (secret: string, code: string) =>
  call(updateClient, { params: { client_secret: secret }, method: "PATCH", body: { discount_code: code } });

describe("a discount created through the API at checkout", () => {
  it("applies by id and by code (any case), only to its products", async () => {
    const made = await post({
      name: "Welcome",
      type: "fixed",
      amount: 300,
      currency: "usd",
      duration: "once",
      code: "WELCOME",
      products: [alpha.product.id],
    });
    expect(made.status).toBe(201);

    const byId = await openCheckout(alpha.price.id, { discount_id: made.body.id });
    expect(byId).toMatchObject({ discount_amount: 300, total_amount: 700, discount: { code: "WELCOME" } });

    const byCode = await applyCode((await openCheckout(alpha.price.id)).client_secret, "welcome");
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({ discount_id: made.body.id, discount_amount: 300, total_amount: 700 });

    const elsewhere = await applyCode((await openCheckout(beta.price.id)).client_secret, "WELCOME");
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "discount_code"],
        msg: "Discount does not apply to this product.",
        input: "WELCOME",
      },
    ]);
  });

  it("prices a percentage discount created through the API", async () => {
    const made = await post({ name: "Quarter", type: "percentage", basis_points: 2500, duration: "forever" });
    const session = await openCheckout(beta.price.id, { discount_id: made.body.id });
    expect(session).toMatchObject({ discount_amount: 500, subtotal_amount: 1500 });
  });
});

describe("DELETE /v1/discounts/{id}", () => {
  it("removes a used discount from the API while past orders keep it and their amounts", async () => {
    const made = await post({
      name: "Farewell",
      type: "percentage",
      basis_points: 2000,
      duration: "once",
      code: "GONE",
    });
    const id: string = made.body.id;
    const customer = await createCustomer(db, organizationId);
    const order = await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId: alpha.price.id,
      order: { discount_id: id, amount: 800 },
      withBenefits: false,
    });
    const holding = await openCheckout(alpha.price.id);
    expect((await applyCode(holding.client_secret, "gone")).body.discount_amount).toBe(200);

    const deleted = await call(remove, { token, method: "DELETE", params: { id } });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();

    expect((await call(getOne, { token, params: { id } })).status).toBe(404);
    expect((await call(remove, { token, method: "DELETE", params: { id } })).status).toBe(404);
    const listed = await call(list, { token, query: { limit: 100 } });
    expect(listed.body.items.map((d: { id: string }) => d.id)).not.toContain(id);

    // The order still shows the discount it got, with its amounts.
    const past = await call(getOrder, { token, params: { id: order.id } });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ amount: 800, discount_id: id, discount: { id, code: "GONE" } });
    expect(await db.discount.findUniqueOrThrow({ where: { id } })).toMatchObject({
      deleted_at: expect.any(Date),
      code: "GONE",
      code_key: null,
    });

    // A session still holding it cannot be paid with it; the code no longer works.
    const paying = await call(confirm, {
      params: { client_secret: holding.client_secret },
      body: {
        customer_email: "buyer@example.com",
        customer_name: "Buyer",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(paying.status).toBe(422);
    expect(paying.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "discount_id"],
        msg: "Discount is no longer redeemable.",
        input: id,
      },
    ]);
    const retry = await applyCode((await openCheckout(alpha.price.id)).client_secret, "GONE");
    expect(retry.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "discount_code"],
        msg: "Discount code is not valid.",
        input: "GONE",
      },
    ]);
    const byId = await call(createCheckout, {
      token,
      body: { product_price_id: alpha.price.id, discount_id: id },
    });
    expect(byId.status).toBe(422);
    expect(byId.body.detail[0]).toMatchObject({ loc: ["body", "discount_id"] });

    // Its code is free for a new discount.
    const reused = await post({
      name: "Again",
      type: "percentage",
      basis_points: 500,
      duration: "once",
      code: "gone",
    });
    expect(reused.status).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("code uniqueness under concurrent creation", () => {
  it("lets exactly one of 20 simultaneous creations of one code through", async () => {
    const codes = Array.from({ length: 20 }, (_, i) => (i % 2 ? "RACE2026" : "race2026"));
    const results = await Promise.all(
      codes.map((code, i) =>
        post({ name: `Racer ${i}`, type: "percentage", basis_points: 100, duration: "once", code }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(res.body.error).toBe("ResourceAlreadyExists");
    }
    expect(await db.discount.count({ where: { code_key: "race2026" } })).toBe(1);
  });
});
