// Tax-inclusive prices through the real routes (docs/tax.md "Tax-inclusive prices"): a French
// seller's organization default and a price's own `tax_behavior` (API in and out, bad values
// refused); a German consumer pays the inclusive price, its 19 % taken out of it, with a discount
// coming off the price as shown; the order's amounts are tax-exclusive and consistent; a partial
// refund takes its tax in proportion; a subscription renews with the behaviour it was sold with;
// `location` is inclusive for a German buyer and exclusive for an American one.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createDiscount, createOrganization, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { loadReceipt } from "@/lib/receipts/receipt";
import { renewalAmounts } from "@/lib/subscriptions/renewal-amounts";
import { call } from "@/test/http";
import { runJobsExceptDelivery } from "@/test/webhook-events";
import { POST as createCheckout } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { POST as createProduct } from "@/app/v1/products/route";
import { PATCH as updateOrganization } from "@/app/v1/organizations/[id]/route";
import { POST as createRefund } from "@/app/v1/refunds/route";

let db: Db;
let token: string;
let orgId: string;

async function product(body: Record<string, unknown>) {
  const created = await call(createProduct, {
    method: "POST",
    token,
    body: { name: `P ${randomUUID()}`, ...body },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; prices: { id: string; tax_behavior: string | null }[] };
}

async function buy(productId: string, country: string, extra: Record<string, unknown> = {}) {
  const created = await call(createCheckout, {
    method: "POST",
    token,
    body: { product_id: productId, customer_billing_address: { country }, ...extra },
  });
  expect(created.status).toBe(201);
  const paid = await call(confirm, {
    params: { client_secret: created.body.client_secret },
    body: {
      customer_email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
      customer_name: "Erika Mustermann",
      customer_billing_address: { country },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(paid.status).toBe(200);
  await runJobsExceptDelivery(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: created.body.id } });
  return { checkout: created.body, order };
}

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db, {
    legal_name: "Vendeur SAS",
    address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
  });
  orgId = org.id;
  token = (await createToken(db, org.id)).token;
  for (const [country, basis_points] of [
    ["FR", 2000],
    ["DE", 1900],
  ] as const) {
    await db.taxRate.create({
      data: { id: randomUUID(), organization_id: org.id, country, state: null, basis_points },
    });
  }
});

describe("the behaviour in the API", () => {
  it("an organization's default and a price's own are set, shown, and checked", async () => {
    const set = await call(updateOrganization, {
      method: "PATCH",
      token,
      params: { id: orgId },
      body: { default_tax_behavior: "location" },
    });
    expect(set.status).toBe(200);
    expect(set.body.default_tax_behavior).toBe("location");
    const refused = await call(updateOrganization, {
      method: "PATCH",
      token,
      params: { id: orgId },
      body: { default_tax_behavior: "sometimes" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "default_tax_behavior"]);
    expect((await db.organization.findUniqueOrThrow({ where: { id: orgId } })).default_tax_behavior).toBe(
      "location",
    );

    const own = await product({
      prices: [
        { amount_type: "fixed", price_amount: 11900, price_currency: "eur", tax_behavior: "inclusive" },
      ],
    });
    expect(own.prices[0]!.tax_behavior).toBe("inclusive");
    const inherited = await product({
      prices: [{ amount_type: "fixed", price_amount: 1000, price_currency: "eur" }],
    });
    expect(inherited.prices[0]!.tax_behavior).toBeNull();
    const bad = await call(createProduct, {
      method: "POST",
      token,
      body: { name: "Bad", prices: [{ amount_type: "fixed", price_amount: 1000, tax_behavior: "included" }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "prices", 0, "tax_behavior"]);
  });
});

describe("an inclusive price", () => {
  it("a German consumer pays 119.00 with 19.00 VAT inside; the order is 100.00 + 19.00", async () => {
    const p = await product({
      prices: [
        { amount_type: "fixed", price_amount: 11900, price_currency: "eur", tax_behavior: "inclusive" },
      ],
    });
    const { checkout, order } = await buy(p.id, "DE");
    expect(checkout).toMatchObject({
      tax_behavior: "inclusive",
      amount: 11900,
      discount_amount: 0,
      net_amount: 10000,
      subtotal_amount: 10000,
      tax_amount: 1900,
      total_amount: 11900,
    });
    expect(order).toMatchObject({
      amount: 10000,
      discount_amount: 0,
      tax_amount: 1900,
      tax_behavior: "inclusive",
      tax_basis_points: 1900,
    });
    const shown = await call(getOrder, { token, params: { id: order.id } });
    expect(shown.body).toMatchObject({
      subtotal_amount: 10000,
      net_amount: 10000,
      tax_amount: 1900,
      total_amount: 11900,
    });
  });

  it("a 10 % discount comes off the price as shown; the order's discount is tax-exclusive; a refund's tax is proportional", async () => {
    const p = await product({
      prices: [
        { amount_type: "fixed", price_amount: 11900, price_currency: "eur", tax_behavior: "inclusive" },
      ],
    });
    const discount = await createDiscount(db, orgId, {
      type: "percentage",
      basis_points: 1000,
      duration: "once",
    });
    const { checkout, order } = await buy(p.id, "DE", { discount_id: discount.id });
    // 11900 − 1190 = 10710 paid; 10710 × 19/119 = 1710 VAT; net 9000.
    expect(checkout).toMatchObject({
      discount_amount: 1190,
      net_amount: 9000,
      tax_amount: 1710,
      total_amount: 10710,
    });
    // The list price's net is 10000, so 1000 of it was discounted: 10000 − 1000 = 9000; + 1710 = 10710.
    expect(order).toMatchObject({ amount: 9000, discount_amount: 1000, tax_amount: 1710 });
    const shown = await call(getOrder, { token, params: { id: order.id } });
    expect(shown.body).toMatchObject({
      subtotal_amount: 10000,
      discount_amount: 1000,
      net_amount: 9000,
      tax_amount: 1710,
      total_amount: 10710,
    });

    // The receipt reads the same tax-exclusive lines: 100.00 − 10.00, 17.10 tax, 107.10.
    const receipt = await loadReceipt(db, order.id);
    expect(receipt!.totals.slice(0, 4).map((row) => row.value)).toEqual([
      "€100.00",
      "-€10.00",
      "€17.10",
      "€107.10",
    ]);

    const refund = await call(createRefund, {
      method: "POST",
      token,
      body: { order_id: order.id, amount: 5000, reason: "customer_request" },
    });
    expect(refund.status).toBe(201);
    // 5000 × 1710 / 10710 = 798.32 → 798.
    expect(refund.body).toMatchObject({ amount: 5000, tax_amount: 798 });
  });

  it("a subscription renews with the behaviour and rate it was sold with", async () => {
    const p = await product({
      recurring_interval: "month",
      prices: [
        { amount_type: "fixed", price_amount: 11900, price_currency: "eur", tax_behavior: "inclusive" },
      ],
    });
    const { order } = await buy(p.id, "DE");
    const subscription = await db.subscription.findUniqueOrThrow({
      where: { id: order.subscription_id! },
      include: { discount: true },
    });
    expect(subscription.tax_behavior).toBe("inclusive");
    const next = await renewalAmounts(db as never, subscription, subscription.current_period_end!);
    expect(next.amounts).toMatchObject({ subtotal_amount: 10000, tax_amount: 1900, total_amount: 11900 });
    expect(next.tax).toEqual({ behavior: "inclusive", basisPoints: 1900 });
  });
});

describe("`location`", () => {
  it("is inclusive for a German buyer and exclusive for an American one (no rate: no tax)", async () => {
    const p = await product({
      prices: [{ amount_type: "fixed", price_amount: 5000, price_currency: "eur", tax_behavior: "location" }],
    });
    const german = await buy(p.id, "DE");
    expect(german.checkout).toMatchObject({ tax_behavior: "inclusive", tax_amount: 798, total_amount: 5000 });
    const american = await buy(p.id, "US");
    expect(american.checkout).toMatchObject({ tax_behavior: "exclusive", tax_amount: 0, total_amount: 5000 });
    expect(american.order).toMatchObject({
      amount: 5000,
      tax_amount: 0,
      tax_behavior: "exclusive",
      tax_basis_points: 0,
    });
  });

  it("an exclusive price adds the French rate on top for a French buyer", async () => {
    const p = await product({
      prices: [
        { amount_type: "fixed", price_amount: 10000, price_currency: "eur", tax_behavior: "exclusive" },
      ],
    });
    const { checkout, order } = await buy(p.id, "FR");
    expect(checkout).toMatchObject({ tax_behavior: "exclusive", tax_amount: 2000, total_amount: 12000 });
    expect(order).toMatchObject({ amount: 10000, tax_amount: 2000, tax_basis_points: 2000 });
  });
});
