// The live-subscription check a recurring confirm makes (one subscription per customer): what it
// finds, and that its cost does not grow with the organization's subscriptions. Checked on a real
// database (PGlite by default, PostgreSQL with TEST_DATABASE_URL) with 20,000 live subscriptions of
// other buyers in the same organization.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { createCustomer, createOrganization, createProduct } from "@/lib/factories";
import { findLiveSubscription, liveSubscriptionStatement, type Buyer } from "@/lib/subscriptions/live";

const T0 = new Date("2030-01-01T00:00:00.000Z");
const OTHERS = 20_000;

let db: Db;
let organizationId: string;
let productId: string;
let priceId: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  const { product, price } = await createProduct(db, organizationId, {
    price: { recurring_interval: "month" },
  });
  productId = product.id;
  priceId = price.id;
  // Other buyers, each with a live subscription: what a busy organization holds.
  await db.$executeRaw`
    INSERT INTO customers (id, created_at, organization_id, email, name)
    SELECT gen_random_uuid(), ${T0.toISOString()}::timestamp, ${organizationId}::uuid,
           'other' || n || '@example.com', 'Other ' || n
      FROM generate_series(1, ${OTHERS}::int) AS n`;
  await db.$executeRaw`
    INSERT INTO subscriptions (id, created_at, organization_id, amount, currency, recurring_interval, status,
                               current_period_start, customer_id, product_id, price_id)
    SELECT gen_random_uuid(), c.created_at, c.organization_id, 1000, 'usd', 'month', 'active',
           c.created_at, c.id, ${productId}::uuid, ${priceId}::uuid
      FROM customers c WHERE c.organization_id = ${organizationId}::uuid`;
  await db.$executeRaw`ANALYZE customers`;
  await db.$executeRaw`ANALYZE subscriptions`;
});

async function subscribe(customerId: string, status: "active" | "trialing" | "past_due" | "canceled") {
  const [row] = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO subscriptions (id, created_at, organization_id, amount, currency, recurring_interval, status,
                               current_period_start, customer_id, product_id, price_id)
    VALUES (gen_random_uuid(), ${T0.toISOString()}::timestamp, ${organizationId}::uuid, 1000, 'usd', 'month',
            ${status}::"SubscriptionStatus", ${T0.toISOString()}::timestamp, ${customerId}::uuid,
            ${productId}::uuid, ${priceId}::uuid)
    RETURNING id::text AS id`;
  return row!.id;
}

/** Pages (8 kB) PostgreSQL touched to answer the check. */
async function pagesRead(buyer: Buyer): Promise<number> {
  const statement = liveSubscriptionStatement(organizationId, buyer);
  const [row] = await db.$queryRaw<{ "QUERY PLAN": unknown }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`,
  );
  const plan = (
    typeof row!["QUERY PLAN"] === "string" ? JSON.parse(row!["QUERY PLAN"]) : row!["QUERY PLAN"]
  ) as { Plan: Record<string, number> }[];
  const top = plan[0]!.Plan;
  return (top["Shared Hit Blocks"] ?? 0) + (top["Shared Read Blocks"] ?? 0) + (top["Local Hit Blocks"] ?? 0);
}

describe("a buyer's live subscription", () => {
  it("is found by the session's customer or by the buyer's email in any case, in any live status", async () => {
    for (const status of ["active", "trialing", "past_due"] as const) {
      const customer = await createCustomer(db, organizationId, { email: `live-${status}@example.com` });
      const id = await subscribe(customer.id, status);
      expect(await findLiveSubscription(db, organizationId, { customerId: customer.id })).toBe(id);
      expect(
        await findLiveSubscription(db, organizationId, { email: `Live-${status.toUpperCase()}@Example.com` }),
      ).toBe(id);
    }
  });

  it("is not a canceled one, another organization's, or another buyer's", async () => {
    const customer = await createCustomer(db, organizationId, { email: "ended@example.com" });
    await subscribe(customer.id, "canceled");
    expect(await findLiveSubscription(db, organizationId, { customerId: customer.id })).toBeNull();
    expect(await findLiveSubscription(db, organizationId, { email: "ended@example.com" })).toBeNull();

    // The same email in another organization, subscribed there.
    const elsewhere = (await createOrganization(db)).id;
    const twin = await createCustomer(db, elsewhere, { email: "twin@example.com" });
    const { product, price } = await createProduct(db, elsewhere, { price: { recurring_interval: "month" } });
    await db.$executeRaw`
      INSERT INTO subscriptions (id, created_at, organization_id, amount, currency, recurring_interval, status,
                                 current_period_start, customer_id, product_id, price_id)
      VALUES (gen_random_uuid(), ${T0.toISOString()}::timestamp, ${elsewhere}::uuid, 1000, 'usd', 'month',
              'active', ${T0.toISOString()}::timestamp, ${twin.id}::uuid, ${product.id}::uuid, ${price.id}::uuid)`;
    expect(await findLiveSubscription(db, organizationId, { email: "twin@example.com" })).toBeNull();
    expect(await findLiveSubscription(db, organizationId, { customerId: twin.id })).toBeNull();
    expect(await findLiveSubscription(db, organizationId, { email: "nobody@example.com" })).toBeNull();
  });

  it(`reads a few pages whatever the organization's size (${OTHERS} other live subscriptions)`, async () => {
    const customer = await createCustomer(db, organizationId, { email: "pages@example.com" });
    await subscribe(customer.id, "active");
    // An index lookup each: the customer by (organization_id, email), their subscriptions by
    // customer_id. Reading the organization's subscriptions instead touches hundreds of pages.
    for (const buyer of [
      { customerId: customer.id },
      { email: "pages@example.com" },
      { email: "new-buyer@example.com" },
    ]) {
      expect(await pagesRead(buyer)).toBeLessThanOrEqual(12);
    }
  });
});
