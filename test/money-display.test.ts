// A yen order as the dashboard shows it: the API's amount (minor units, and yen has none) through
// the formatter every dashboard page uses (lib/money.ts). It used to print ¥500 as ¥5.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { getDb } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { formatMoney } from "@/lib/money";
import { call } from "./http";

// Opening the database (a fresh PGlite) is the slow part: in the hook, with its longer timeout.
beforeAll(async () => {
  await getDb();
});

describe("money on the dashboard", () => {
  it.each([
    ["jpy", 500, "¥500"],
    ["usd", 4900, "$49.00"],
    ["bhd", 1500, "BHD 1.500"],
  ])("a %s order of %i minor units reads %s", async (currency, amount, expected) => {
    const db = await getDb();
    const org = await createOrganization(db);
    const { token } = await createToken(db, org.id);
    const { price } = await createProduct(db, org.id, {
      price: { price_currency: currency, price_amount: amount },
    });
    const customer = await createCustomer(db, org.id);
    const order = await createOrder(db, org.id, { customerId: customer.id, priceId: price.id });

    const res = await call(getOrder, { path: `/v1/orders/${order.id}`, params: { id: order.id }, token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount, currency });
    expect(formatMoney(res.body.amount, res.body.currency).replace(/\s/g, " ")).toBe(expected);
  });
});
