// insertRow and updateRow must return what Prisma's create and update return for the same data,
// and store the same row: times as UTC, JSON as JSON, enums as their names, left-out columns at
// their defaults (insert) or as they were (update). Checked on
// a real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL), outside and inside a
// transaction (where the statement goes to the transaction's own connection).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { insertRow, updateRow } from "@/lib/db/row-writes";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Order, Subscription } from "@/lib/generated/prisma/client";
import { createCustomer, createOrganization, createProduct } from "@/lib/factories";

let db: Db;
let organizationId: string;
let customerId: string;
let productId: string;
let priceId: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  customerId = (await createCustomer(db, organizationId)).id;
  const { product, price } = await createProduct(db, organizationId, {
    price: { recurring_interval: "month" },
  });
  productId = product.id;
  priceId = price.id;
});

function orderData(id: string) {
  return {
    id,
    invoice_number: `INSERT-${id}`,
    // Milliseconds and a time near midnight UTC: a zone slip would show in the date.
    created_at: new Date("2030-03-31T23:59:58.123Z"),
    organization_id: organizationId,
    metadata: { plan: "pro", seats: 3, nested: { a: [1, 2] } },
    custom_field_data: {},
    status: "paid" as const,
    amount: 1234,
    tax_amount: 56,
    currency: "usd",
    billing_reason: "purchase" as const,
    billing_address: { country: "US", state: "US-NY", line1: "1 Main St" },
    product_price_type: "recurring" as const,
    customer_id: customerId,
    product_id: productId,
    product_price_id: priceId,
    discount_id: null,
    subscription_id: null,
    checkout_id: null,
  };
}

describe("insertRow and updateRow", () => {
  it("returns and stores what Prisma's create does, outside and inside a transaction", async () => {
    const viaPrisma = await db.order.create({ data: orderData(randomUUID()) });
    const direct = await insertRow<Order>(db, "orders", orderData(randomUUID()));
    const inTransaction = await db.$transaction((tx) =>
      insertRow<Order>(tx, "orders", orderData(randomUUID())),
    );
    for (const row of [direct, inTransaction]) {
      const differing = { id: row.id, invoice_number: row.invoice_number };
      expect(row).toEqual({ ...viaPrisma, ...differing });
      expect(await db.order.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
    }
    // Left out: the database's defaults (refunded_amount 0, modified_at NULL...), as with Prisma.
    expect(direct).toMatchObject({ refunded_amount: 0, modified_at: null });
    expect(direct.created_at.toISOString()).toBe("2030-03-31T23:59:58.123Z");
  });

  it("leaves out an undefined column, and stores null for null", async () => {
    const id = randomUUID();
    const row = await insertRow<Subscription>(db, "subscriptions", {
      id,
      created_at: new Date("2030-01-01T00:00:00.000Z"),
      organization_id: organizationId,
      amount: 1000,
      currency: "usd",
      recurring_interval: "month",
      status: "active",
      current_period_start: new Date("2030-01-01T00:00:00.000Z"),
      current_period_end: null,
      started_at: undefined,
      customer_id: customerId,
      product_id: productId,
      price_id: priceId,
    });
    expect(row).toEqual(await db.subscription.findUniqueOrThrow({ where: { id } }));
    expect(row).toMatchObject({
      metadata: {},
      current_period_end: null,
      started_at: null,
      cancel_at_period_end: false,
    });
  });

  it("updates as Prisma's update does: only the columns given; DbNull stores NULL; none: null", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await insertRow<Order>(db, "orders", orderData(a));
    await insertRow<Order>(db, "orders", orderData(b));
    const changes = {
      modified_at: new Date("2030-04-01T00:00:00.001Z"),
      status: "refunded" as const,
      refunded_amount: 1234,
      metadata: { refunded: true },
      billing_address: Prisma.DbNull,
    };
    const viaPrisma = await db.order.update({ where: { id: a }, data: changes });
    const direct = await db.$transaction((tx) => updateRow<Order>(tx, "orders", b, changes));
    expect(direct).toEqual({ ...viaPrisma, id: b, invoice_number: `INSERT-${b}` });
    expect(await db.order.findUniqueOrThrow({ where: { id: b } })).toEqual(direct);
    expect(direct).toMatchObject({ billing_address: null, amount: 1234, currency: "usd" });
    expect(await updateRow(db, "orders", randomUUID(), { status: "paid" })).toBeNull();
    // A Prisma operation is not understood: the database refuses it rather than store it.
    await expect(updateRow(db, "orders", b, { amount: { increment: 1 } })).rejects.toThrow();
    expect((await db.order.findUniqueOrThrow({ where: { id: b } })).amount).toBe(1234);
  });

  it("writes nothing but plain identifiers as names", async () => {
    await expect(insertRow(db, "orders", { 'id"); DROP TABLE orders; --': randomUUID() })).rejects.toThrow(
      "not a plain identifier",
    );
    await expect(updateRow(db, "orders", randomUUID(), { "status = 'paid', amount": 0 })).rejects.toThrow(
      "not a plain identifier",
    );
  });
});
