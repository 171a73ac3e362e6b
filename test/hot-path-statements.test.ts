// Round trips on the hot routes (issue 10): counts the SQL statements one request sends to
// PostgreSQL, so a change that brings back a query per relation or a second read of a row shows up
// here rather than in a benchmark. Rate limits are raised so that the counted requests are admitted.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createLicenseKey,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call, type CallResult } from "@/test/http";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { GET as listOrders } from "@/app/v1/orders/route";
import { GET as getKey } from "@/app/v1/license-keys/[id]/route";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";
import { POST as activate } from "@/app/v1/customer-portal/license-keys/activate/route";
import { POST as deactivate } from "@/app/v1/customer-portal/license-keys/deactivate/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { buyer, openCheckout, startStripe, stripeShop } from "@/test/stripe-shop";

const statements: string[] = [];
let counting = false;
const clientQuery = pg.Client.prototype.query;
const ids: Record<string, string> = {};
const savedEnv = { ...process.env };

async function statementsOf(request: () => Promise<CallResult>) {
  await request(); // the first request of a token also refreshes last_used_at
  statements.length = 0;
  counting = true;
  const response = await request().finally(() => (counting = false));
  expect(response.status).toBe(200);
  return statements.length;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("statements per request on PostgreSQL", () => {
  beforeAll(async () => {
    process.env.RATE_LIMIT_TOKEN_PER_MINUTE = "100000";
    process.env.RATE_LIMIT_IP_PER_MINUTE = "100000";
    process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = "100000";
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      // A statement's text, whether it came as a string or as a config (a named prepared statement).
      if (counting)
        statements.push(
          typeof args[0] === "string" ? args[0] : String((args[0] as { text?: unknown })?.text),
        );
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof clientQuery;
    const db = await getDb();
    const org = await createOrganization(db);
    const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: {} });
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id, {});
    const order = await createOrder(db, org.id, { customerId: customer.id, priceId: price.id });
    const key = await createLicenseKey(db, org.id, {
      benefitId: benefit.id,
      customerId: customer.id,
      key: { limit_activations: 10, limit_usage: 100 },
    });
    Object.assign(ids, { org: org.id, order: order.id, key: key.id, keyValue: key.key });
    // The bench:confirm purchase: a monthly subscription whose benefit is a license key.
    const { price: monthly } = await createProduct(db, org.id, {
      price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
      benefitIds: [benefit.id],
    });
    ids.monthlyPrice = monthly.id;
    ids.token = (await createToken(db, org.id)).token;
  });
  afterAll(() => {
    pg.Client.prototype.query = clientQuery;
    process.env = savedEnv;
  });

  it("GET /v1/orders/{id}: one statement: the token with its organization and rate limit, and the order with its relations", async () => {
    expect(await statementsOf(() => call(getOrder, { token: ids.token, params: { id: ids.order! } }))).toBe(
      1,
    );
  });

  it("GET /v1/orders: token and rate limit, the page's ids, their rows with relations, the count", async () => {
    // The relations are read for the page's rows only, after the ids are sorted and cut: in one
    // statement PostgreSQL joined them to every row it sorted (46–55 ms at 1,000,000 orders).
    expect(await statementsOf(() => call(listOrders, { token: ids.token }))).toBe(4);
  });

  it("GET /v1/license-keys/{id}: one statement: the token and rate limit, and the key with customer and activations", async () => {
    expect(await statementsOf(() => call(getKey, { token: ids.token, params: { id: ids.key! } }))).toBe(1);
  });

  it("validate: both rate limits in one statement, one conditional UPDATE returning the key with its customer", async () => {
    const body = { key: ids.keyValue, organization_id: ids.org, increment_usage: 1 };
    expect(await statementsOf(() => call(validate, { body }))).toBe(2);
  });

  it("activate: both rate limits in one statement, then one call of activate_license_key (the key locked, the device's activation found or inserted)", async () => {
    const body = { key: ids.keyValue, organization_id: ids.org, label: "Laptop" };
    expect(await statementsOf(() => call(activate, { body }))).toBe(2);
  });

  it("deactivate: both rate limits in one statement, one conditional UPDATE", async () => {
    const activation = await call(activate, {
      body: { key: ids.keyValue, organization_id: ids.org, label: "Desk" },
    });
    expect(activation.status).toBe(200);
    statements.length = 0;
    counting = true;
    const response = await call(deactivate, {
      body: { key: ids.keyValue, organization_id: ids.org, activation_id: activation.body.id },
    }).finally(() => (counting = false));
    expect(response.status).toBe(204);
    expect(statements.length).toBe(2);
  });

  async function newSession() {
    return createCheckout(await getDb(), ids.org!, ids.monthlyPrice!);
  }

  function confirmSession(session: { client_secret: string }, n: number) {
    return call(confirm, {
      params: { client_secret: session.client_secret },
      body: {
        confirmation_token_id: "tok_visa",
        customer_email: `statements-${n}@example.com`,
        customer_name: "Statement Counter",
        customer_billing_address: { country: "US", state: "US-NY", line1: "1 St", city: "New York" },
      },
    });
  }

  it("confirm with a card: the rate limit, the unlocked check, then two transactions around the charge", async () => {
    // The rate limit (1), the check (1). BEGIN, the session locked, read, its attempts checked, tax rates, active
    // subscriptions, the card-testing budgets read (lib/checkout/card-testing.ts), the attempt, COMMIT (9). BEGIN, the attempt locked and read, its update, the
    // session locked and read, the customer upsert, one session update, the job, the buyer's view,
    // the customer session, COMMIT (10). Between the two, the test processor's charge: one
    // statement of its own (its ledger row, lib/payments/test-processor.ts), where a real processor
    // is a network call (1). Each of the two reads of the session with its products,
    // prices, benefits, medias, custom fields, discount and organization is one statement of
    // correlated subqueries (lib/checkout/client-read.ts): as Prisma's include it was 19 statements
    // (one per relation) and cost the server about 0.5 ms of CPU each; as Prisma's joined form
    // PostgreSQL spent 14–23 ms planning it. Webhook events (customer.created,
    // checkout.updated) add none when nobody listens: the session's row lock reads who listens in
    // the same statement (lib/webhooks/listeners.ts `lockRowForEvents`).
    const sessions = [await newSession(), await newSession()];
    let n = 0;
    expect(await statementsOf(() => confirmSession(sessions[n]!, n++))).toBe(22);
  });

  it("confirm with a card through Stripe (the fake on loopback): the same, plus the processor's own records", async () => {
    // The same two transactions as the test processor's (9 and 10), with a subscription's card saved
    // in the second (its brand and last four: one upsert, lib/payments/saved-cards.ts). Before the
    // first, the organization's Stripe keys are read to ask Stripe for the card's fingerprint (the
    // card-testing budget by card, lib/checkout/card-testing.ts) (1). Between them, instead of the
    // test processor's ledger row: the keys read again for the charge (1), the buyer's Stripe
    // Customer looked up, recorded and read back (3: a concurrent first purchase of the same email
    // may have recorded another, lib/stripe/customers.ts), and the intent's id recorded once Stripe
    // created it, before it is confirmed (1, lib/stripe/processor.ts). Stripe itself: four
    // requests (the token, the Customer, the intent, its confirm), each far slower than these.
    const stripe = await startStripe();
    try {
      const db = await getDb();
      const shop = await stripeShop(db, stripe, {
        price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
      });
      const sessions = [await openCheckout(shop), await openCheckout(shop)];
      let n = 0;
      const count = await statementsOf(() =>
        call(confirm, {
          params: { client_secret: sessions[n]!.client_secret },
          body: {
            ...buyer(shop.stripe.token("4242424242424242")),
            customer_email: `stripe-statements-${n++}@example.com`,
          },
        }),
      );
      expect(count).toBe(29);
    } finally {
      await stripe.stop();
    }
  });

  it("checkout.process: the claim, BEGIN, the session locked and read, the price with its benefits, subscription, order, grant, key, session, the receipt's order read (one statement), the order numbered, the receipt, its send job, the job's finish, COMMIT", async () => {
    const db = await getDb();
    await runDueJobs(db, jobHandlers, { limit: 100 }); // the confirm test's jobs
    expect((await confirmSession(await newSession(), 100)).status).toBe(200);
    statements.length = 0;
    counting = true;
    const result = await runDueJobs(db, jobHandlers, { limit: 1 }).finally(() => (counting = false));
    expect(result).toMatchObject({ claimed: 1, succeeded: 1 });
    // Its seven webhook events add no statement when nobody listens (the session's lock reads who does);
    // the receipt email adds three (its order read, the email row, its send job); the order's
    // number one (the organization's counter taken and set on the order: lib/orders/invoice-numbers.ts).
    expect(statements.length).toBe(15);
    // The number locks the organization until COMMIT, so it comes late: only the receipt (the
    // email, its job; its order was read before), the job's finish and COMMIT follow it.
    const numbered = statements.findIndex((text) => /INSERT INTO invoice_counters/.test(text));
    expect(numbered).toBeGreaterThan(0);
    expect(statements.length - 1 - numbered).toBe(4);
  });

  it("email.send (the receipt): the claim, the attempt recorded while the claim holds, the outcome, the job's finish", async () => {
    const db = await getDb();
    await runDueJobs(db, jobHandlers, { limit: 100 });
    expect((await confirmSession(await newSession(), 101)).status).toBe(200);
    await runDueJobs(db, jobHandlers, { limit: 1 }); // checkout.process, which queues the receipt
    statements.length = 0;
    counting = true;
    const result = await runDueJobs(db, jobHandlers, { limit: 1 }).finally(() => (counting = false));
    expect(result).toMatchObject({ claimed: 1, succeeded: 1 });
    // No transaction: each write stands alone, and the attempt and the finish only while this
    // worker's claim holds (lib/email/send.ts); it was 10 with a transaction around the attempt.
    expect(statements.length).toBe(4);
    expect(await db.email.count({ where: { to: "statements-101@example.com", status: "sent" } })).toBe(1);
  });
});
