// Several currencies (docs/currencies.md) through the real route handlers: products priced in usd
// and eur, the organization's default and country overrides, fixed discounts with an amount per
// currency, the checkout's currency on create and on every write, a purchase in eur, its renewal
// in eur after the default changed, and metrics one currency at a time.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createToken } from "@/lib/factories";
import { ensureRecurringJobs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as createProduct } from "@/app/v1/products/route";
import { PATCH as updateProduct } from "@/app/v1/products/[id]/route";
import { PATCH as updateOrganization } from "@/app/v1/organizations/[id]/route";
import { POST as createDiscount } from "@/app/v1/discounts/route";
import { PATCH as updateDiscount } from "@/app/v1/discounts/[id]/route";
import { POST as createCheckout } from "@/app/v1/checkouts/custom/route";
import { PATCH as updateCheckout } from "@/app/v1/checkouts/custom/[id]/route";
import { PATCH as updateClient } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as metrics } from "@/app/v1/metrics/route";
import { PATCH as updateSubscription } from "@/app/v1/subscriptions/[id]/route";
import { RETRY_RENEWAL_JOB } from "@/lib/subscriptions/dunning";

let db: Db;
let token: string;
let organizationId: string;
/** A one-time product at $20.00 / 18,00 €, and a monthly one at $10.00 / 9,00 €. */
let oneTime: { id: string; usd: string; eur: string };
let monthly: { id: string; usd: string; eur: string };

const post = (handler: typeof createProduct, body: unknown) => call(handler, { token, body });
const patch = (handler: typeof updateProduct, id: string, body: unknown) =>
  call(handler, { token, method: "PATCH", params: { id }, body });
const client = (secret: string, body: unknown) =>
  call(updateClient, { method: "PATCH", params: { client_secret: secret }, body });

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Currencies Org" });
  organizationId = organization.id;
  token = (await createToken(db, organizationId)).token;
  const made = await post(createProduct, {
    name: "Two currencies",
    prices: [
      { amount_type: "fixed", price_amount: 2000, price_currency: "usd" },
      { amount_type: "fixed", price_amount: 1800, price_currency: "EUR" },
    ],
  });
  expect(made.status).toBe(201);
  oneTime = { id: made.body.id, usd: made.body.prices[0].id, eur: made.body.prices[1].id };
  const sub = await post(createProduct, {
    name: "Monthly in two currencies",
    recurring_interval: "month",
    prices: [
      { amount_type: "fixed", price_amount: 1000, price_currency: "usd" },
      { amount_type: "fixed", price_amount: 900, price_currency: "eur" },
    ],
  });
  expect(sub.status).toBe(201);
  monthly = { id: sub.body.id, usd: sub.body.prices[0].id, eur: sub.body.prices[1].id };
});

describe("products in several currencies", () => {
  it("keeps one price per currency, interval and amount type", async () => {
    expect((await db.productPrice.findMany({ where: { product_id: oneTime.id } })).length).toBe(2);
    const duplicate = await post(createProduct, {
      name: "Twice in euros",
      prices: [
        { amount_type: "fixed", price_amount: 2000, price_currency: "usd" },
        { amount_type: "fixed", price_amount: 1800, price_currency: "eur" },
        { amount_type: "fixed", price_amount: 1700, price_currency: "eur" },
      ],
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "prices", 2, "price_currency"],
        msg: "The product already has a fixed price in EUR: one price per currency.",
        input: "eur",
      },
    ]);
    // PATCH: adding a third currency is fine; a second eur price next to the kept one is not.
    const before = await db.productPrice.count({ where: { product_id: oneTime.id } });
    const refused = await patch(updateProduct, oneTime.id, {
      prices: [
        { id: oneTime.usd },
        { id: oneTime.eur },
        { amount_type: "fixed", price_amount: 1500, price_currency: "eur" },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "prices", 2, "price_currency"]);
    expect(await db.productPrice.count({ where: { product_id: oneTime.id } })).toBe(before);
    const added = await patch(updateProduct, oneTime.id, {
      prices: [
        { id: oneTime.usd },
        { id: oneTime.eur },
        { amount_type: "fixed", price_amount: 1600, price_currency: "gbp" },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.prices.map((p: { price_currency: string }) => p.price_currency)).toEqual([
      "usd",
      "eur",
      "gbp",
    ]);
    // Removing the currency again archives its price.
    const removed = await patch(updateProduct, oneTime.id, {
      prices: [{ id: oneTime.usd }, { id: oneTime.eur }],
    });
    expect(removed.body.prices.map((p: { price_currency: string }) => p.price_currency)).toEqual([
      "usd",
      "eur",
    ]);
  });
});

describe("the organization's currencies", () => {
  it("sets the default and the country overrides, and refuses bad codes without a change", async () => {
    const ok = await patch(updateOrganization, organizationId, {
      default_presentment_currency: "EUR",
      currency_by_country: { ch: "eur" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      default_presentment_currency: "eur",
      currency_by_country: { CH: "eur" },
    });
    for (const body of [
      { default_presentment_currency: "xxx" },
      { default_presentment_currency: 12 },
      { currency_by_country: { CHE: "eur" } },
      { currency_by_country: { CH: "euro" } },
      { currency_by_country: ["eur"] },
      {
        currency_by_country: Object.fromEntries(
          Array.from({ length: 251 }, (_, i) => [
            `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
            "usd",
          ]),
        ),
      },
    ]) {
      const res = await patch(updateOrganization, organizationId, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.error).toBe("RequestValidationError");
    }
    const row = await db.organization.findUniqueOrThrow({ where: { id: organizationId } });
    expect([row.default_presentment_currency, row.currency_by_country]).toEqual(["eur", { CH: "eur" }]);
    // Back to the reference's default for the rest of the file.
    await patch(updateOrganization, organizationId, {
      default_presentment_currency: "usd",
      currency_by_country: null,
    });
  });
});

describe("fixed discounts with an amount per currency", () => {
  it("stores the map with the primary pair, refuses contradictions, and updates the map", async () => {
    const made = await post(createDiscount, {
      name: "Five off",
      type: "fixed",
      duration: "once",
      code: "FIVEOFF",
      amount: 500,
      currency: "usd",
      amounts: { EUR: 450 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ amount: 500, currency: "usd", amounts: { usd: 500, eur: 450 } });
    const onlyMap = await post(createDiscount, {
      name: "Map only",
      type: "fixed",
      duration: "once",
      amounts: { eur: 300, gbp: 250 },
    });
    expect(onlyMap.body).toMatchObject({ amount: 300, currency: "eur", amounts: { eur: 300, gbp: 250 } });
    const contradiction = await post(createDiscount, {
      name: "Contradiction",
      type: "fixed",
      duration: "once",
      amount: 500,
      amounts: { usd: 400 },
    });
    expect(contradiction.status).toBe(422);
    expect(contradiction.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "amounts", "usd"],
        msg: "amounts.usd must equal amount.",
        input: 400,
      },
    ]);
    for (const amounts of [
      { usd: -1 },
      { euro: 5 },
      { usd: 1.5 },
      "500",
      Object.fromEntries(
        Array.from({ length: 51 }, (_, i) => [
          `a${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
          1,
        ]),
      ),
    ]) {
      const res = await post(createDiscount, {
        name: "Bad",
        type: "fixed",
        duration: "once",
        amount: 100,
        amounts,
      });
      expect(res.status).toBe(422);
    }
    const updated = await patch(updateDiscount, onlyMap.body.id, { amounts: { eur: 350, usd: 400 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ amount: 350, currency: "eur", amounts: { eur: 350, usd: 400 } });
    const percentage = await post(createDiscount, {
      name: "Ten",
      type: "percentage",
      basis_points: 1000,
      duration: "once",
      amounts: { usd: 1 },
    });
    expect(percentage.status).toBe(201);
    expect(percentage.body.amounts).toEqual({});
  });
});

describe("the checkout's currency", () => {
  it("is the one asked for, else the billing country's, else the default, else the first price's", async () => {
    const asked = await post(createCheckout, { product_id: oneTime.id, currency: "EUR" });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ currency: "eur", product_price_id: oneTime.eur, amount: 1800 });
    // The prices to pick among are the session's currency's; the product lists them all.
    expect(asked.body.prices[oneTime.id].map((p: { id: string }) => p.id)).toEqual([oneTime.eur]);
    expect(asked.body.product.prices).toHaveLength(2);

    const german = await post(createCheckout, {
      products: [oneTime.id],
      customer_billing_address: { country: "DE" },
    });
    expect(german.body).toMatchObject({ currency: "eur", product_price_id: oneTime.eur });
    const japanese = await post(createCheckout, {
      product_id: oneTime.id,
      customer_billing_address: { country: "JP" },
    });
    expect(japanese.body).toMatchObject({ currency: "usd", product_price_id: oneTime.usd });
    const customer = await createCustomer(db, organizationId, { billing_address: { country: "AT" } });
    const fromCustomer = await post(createCheckout, { product_id: oneTime.id, customer_id: customer.id });
    expect(fromCustomer.body.currency).toBe("eur");

    // The organization's override and default.
    await patch(updateOrganization, organizationId, {
      currency_by_country: { DE: "gbp" },
      default_presentment_currency: "eur",
    });
    const overridden = await post(createCheckout, {
      product_id: oneTime.id,
      customer_billing_address: { country: "DE" },
    });
    expect(overridden.body.currency).toBe("eur"); // gbp is not among the product's: the default
    const none = await post(createCheckout, { product_id: oneTime.id });
    expect(none.body.currency).toBe("eur");
    await patch(updateOrganization, organizationId, {
      currency_by_country: null,
      default_presentment_currency: "jpy",
    });
    const first = await post(createCheckout, { product_id: oneTime.id });
    expect(first.body.currency).toBe("usd");
    await patch(updateOrganization, organizationId, { default_presentment_currency: "usd" });
  });

  it("refuses a currency the product has no price in, or that contradicts the price named", async () => {
    const before = await db.checkoutSession.count();
    const missing = await post(createCheckout, { product_id: oneTime.id, currency: "gbp" });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "currency"],
        msg: "The product has no price in GBP.",
        input: "gbp",
      },
    ]);
    const contradicting = await post(createCheckout, { product_price_id: oneTime.usd, currency: "eur" });
    expect(contradicting.body.detail).toEqual([
      { type: "value_error", loc: ["body", "currency"], msg: "The price is in USD.", input: "eur" },
    ]);
    for (const currency of ["eu", "euro", 5, "€€€"]) {
      const res = await post(createCheckout, { product_id: oneTime.id, currency });
      expect(res.status).toBe(422);
    }
    expect(await db.checkoutSession.count()).toBe(before);
  });

  it("follows the billing country until a currency is picked, and keeps a picked one", async () => {
    const created = await post(createCheckout, { product_id: oneTime.id });
    const secret = created.body.client_secret;
    expect(created.body.currency).toBe("usd");
    const german = await client(secret, { customer_billing_address: { country: "DE" } });
    expect(german.body).toMatchObject({ currency: "eur", product_price_id: oneTime.eur, total_amount: 1800 });
    const picked = await client(secret, { currency: "usd" });
    expect(picked.body).toMatchObject({ currency: "usd", product_price_id: oneTime.usd, total_amount: 2000 });
    const french = await client(secret, { customer_billing_address: { country: "FR" } });
    expect(french.body.currency).toBe("usd");
    const refused = await client(secret, { currency: "gbp" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({
      loc: ["body", "currency"],
      msg: "The product has no price in GBP.",
    });
    // The merchant may pick too.
    const merchant = await patch(updateCheckout, created.body.id, { currency: "eur" });
    expect(merchant.body).toMatchObject({ currency: "eur", product_price_id: oneTime.eur });
  });

  it("switches a fixed discount to its amount in the new currency, or refuses to drop the merchant's", async () => {
    const created = await post(createCheckout, { product_id: oneTime.id });
    const secret = created.body.client_secret;
    const coded = await client(secret, { discount_code: "fiveoff" });
    expect(coded.body).toMatchObject({ currency: "usd", discount_amount: 500, total_amount: 1500 });
    const euros = await client(secret, { currency: "eur" });
    expect(euros.status).toBe(200);
    expect(euros.body).toMatchObject({
      currency: "eur",
      discount_amount: 450,
      total_amount: 1350,
      discount: { code: "FIVEOFF", amounts: { usd: 500, eur: 450 } },
    });
    // A discount without an amount in gbp: the buyer's code goes, the merchant's stays and refuses.
    await patch(updateProduct, oneTime.id, {
      prices: [
        { id: oneTime.usd },
        { id: oneTime.eur },
        { amount_type: "fixed", price_amount: 1600, price_currency: "gbp" },
      ],
    });
    const usdOnly = await post(createDiscount, {
      name: "USD only",
      type: "fixed",
      duration: "once",
      amount: 100,
    });
    const locked = await post(createCheckout, { product_id: oneTime.id, discount_id: usdOnly.body.id });
    const refused = await client(locked.body.client_secret, { currency: "gbp" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "currency"],
        msg: "The checkout's discount has no amount in GBP.",
        input: "gbp",
      },
    ]);
    const dropped = await client(secret, { currency: "gbp" });
    expect(dropped.body).toMatchObject({ currency: "gbp", discount: null, total_amount: 1600 });
    await patch(updateProduct, oneTime.id, { prices: [{ id: oneTime.usd }, { id: oneTime.eur }] });
  });

  it("confirms in eur: an eur order, an eur subscription that renews in eur after the default changed", async () => {
    const created = await post(createCheckout, {
      product_id: monthly.id,
      customer_billing_address: { country: "DE" },
    });
    expect(created.body).toMatchObject({ currency: "eur", product_price_id: monthly.eur });
    const start = new Date();
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: "euro@example.com",
        customer_name: "Euro Buyer",
        // A country change at confirm does not move the currency the buyer was shown.
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.currency).toBe("eur");
    while ((await runDueJobs(db, jobHandlers, { limit: 50 })).claimed > 0);
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: created.body.id } });
    expect(order).toMatchObject({ currency: "eur", amount: 900, product_price_id: monthly.eur });
    const subscription = await db.subscription.findUniqueOrThrow({ where: { checkout_id: created.body.id } });
    expect(subscription).toMatchObject({ currency: "eur", amount: 900, price_id: monthly.eur });

    await patch(updateOrganization, organizationId, {
      default_presentment_currency: "usd",
      currency_by_country: { DE: "usd" },
    });
    const due = new Date(subscription.current_period_end!.getTime() + 60_000);
    await db.job.updateMany({
      where: { status: "pending", name: { not: RETRY_RENEWAL_JOB } },
      data: { run_at: start },
    });
    await ensureRecurringJobs(db, jobHandlers, due);
    while ((await runDueJobs(db, jobHandlers, { now: due, limit: 50 })).claimed > 0);
    const orders = await db.order.findMany({
      where: { subscription_id: subscription.id },
      orderBy: { created_at: "asc" },
    });
    expect(orders.map((o) => [o.billing_reason, o.currency, o.amount])).toEqual([
      ["subscription_create", "eur", 900],
      ["subscription_cycle", "eur", 900],
    ]);
    // A plan change to a product without a price in eur is refused: the subscription keeps its currency.
    const dollarsOnly = await post(createProduct, {
      name: "Dollars only",
      recurring_interval: "month",
      prices: [{ amount_type: "fixed", price_amount: 3000, price_currency: "usd" }],
    });
    const change = await patch(updateSubscription, subscription.id, { product_id: dollarsOnly.body.id });
    expect(change.status).toBe(422);
    expect(change.body.detail[0].msg).toBe(
      "The product has no fixed price in EUR: a subscription keeps its currency.",
    );
    await patch(updateOrganization, organizationId, { currency_by_country: null });
  });
});

describe("metrics per currency", () => {
  it("never adds amounts of different currencies", async () => {
    const org = await createOrganization(db, { default_presentment_currency: "eur" });
    const reader = (await createToken(db, org.id, { scopes: ["metrics:read"] })).token;
    const customer = await createCustomer(db, org.id);
    const product = await call(createProduct, {
      token: (await createToken(db, org.id)).token,
      body: {
        name: "Metered",
        prices: [
          { amount_type: "fixed", price_amount: 1000, price_currency: "usd" },
          { amount_type: "fixed", price_amount: 800, price_currency: "eur" },
        ],
      },
    });
    const [usd, eur] = product.body.prices;
    const day = new Date("2026-03-02T12:00:00.000Z");
    await createOrder(db, org.id, { customerId: customer.id, priceId: usd.id, order: { created_at: day } });
    await createOrder(db, org.id, { customerId: customer.id, priceId: eur.id, order: { created_at: day } });
    await createOrder(db, org.id, { customerId: customer.id, priceId: eur.id, order: { created_at: day } });
    const query = { start_date: "2026-03-01", end_date: "2026-03-03", interval: "day" };
    const byDefault = await call(metrics, { token: reader, query });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toMatchObject({
      currency: "eur",
      currencies: ["eur", "usd"],
      totals: { orders: 2, revenue: 1600, average_order_value: 800 },
    });
    const dollars = await call(metrics, { token: reader, query: { ...query, currency: "USD" } });
    expect(dollars.body).toMatchObject({ currency: "usd", totals: { orders: 1, revenue: 1000 } });
    const none = await call(metrics, { token: reader, query: { ...query, currency: "gbp" } });
    expect(none.body.totals).toMatchObject({ orders: 0, revenue: 0 });
    const bad = await call(metrics, { token: reader, query: { ...query, currency: "euro" } });
    expect(bad.status).toBe(422);
  });
});
