// lockRow on a real database: it holds the row until the transaction ends, and refuses any table
// that is not on its list. lockRowById and lib/webhooks/listeners.ts `lockRowForEvents` read the
// row as Prisma does (they are statements sent straight to the driver).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import {
  createCheckout,
  createCustomer,
  createDiscount,
  createOrganization,
  createProduct,
} from "../factories";
import { createPaidOrder } from "../factories/refunds";
import { createWebhookEndpoint } from "../factories/webhooks";
import { lockRowForEvents } from "../webhooks/listeners";
import { lockRow, lockRowById, type LockableTable } from "./row-lock";

describe("lockRow", () => {
  // Opening (and migrating) the database belongs to the hook's budget, not a test's.
  beforeAll(async () => {
    await getDb();
  });

  // PGlite has one connection: a second transaction would wait for the first, not fail.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "locks the row for the transaction: another transaction cannot take it meanwhile",
    async () => {
      const db = await getDb();
      const org = await createOrganization(db);
      const discount = await createDiscount(db, org.id, {});
      const tryLockElsewhere = () =>
        db.$transaction(async (tx) => {
          const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM discounts WHERE id = ${discount.id}::uuid FOR UPDATE NOWAIT`;
          return rows.length;
        });
      let whileHeld: unknown;
      await db.$transaction(async (tx) => {
        expect(await lockRow(tx, "discounts", discount.id)).toBe(true);
        whileHeld = await tryLockElsewhere().catch(() => "locked");
      });
      expect(whileHeld).toBe("locked");
      expect(await tryLockElsewhere()).toBe(1);
    },
  );

  it("answers false for a row that does not exist", async () => {
    const db = await getDb();
    const found = await db.$transaction((tx) =>
      lockRow(tx, "subscriptions", "00000000-0000-4000-8000-000000000000"),
    );
    expect(found).toBe(false);
  });

  it("refuses a table name that is not on the list, whatever the types said", async () => {
    const db = await getDb();
    const table = "discounts; DROP TABLE orders" as LockableTable;
    await expect(
      db.$transaction((tx) => lockRow(tx, table, "00000000-0000-4000-8000-000000000000")),
    ).rejects.toThrow(/not a lockable table/);
  });
});

describe("lockRowById and lockRowForEvents", () => {
  it("read the row as Prisma does: Dates, parsed JSON (null, nested, unicode), enums; null when there is none", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id, {});
    const session = await createCheckout(db, org.id, price.id, {
      customer_id: customer.id,
      customer_billing_address: { country: "FR", line1: "1 rue de l’Église" },
      metadata: { nested: { list: [1, "two", null] }, quote: 'say "hi"' },
      expires_at: new Date("2027-03-04T05:06:07.089Z"),
    });
    const { order, payment } = await createPaidOrder(db, org.id, {
      customerId: customer.id,
      priceId: price.id,
    });
    await createWebhookEndpoint(db, org.id, { events: ["order.created", "checkout.updated"] });

    const [byId, attempt, forEvents, orderForEvents, missing] = await db.$transaction(async (tx) => [
      await lockRowById(tx, "checkout_sessions", session.id),
      await lockRowById(tx, "payment_attempts", payment.id),
      await lockRowForEvents(tx, "checkout_sessions", session.id),
      await lockRowForEvents(tx, "orders", order.id),
      await lockRowForEvents(tx, "orders", "00000000-0000-4000-8000-000000000000"),
    ]);
    const prismaSession = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(byId).toEqual(prismaSession);
    expect(forEvents).toEqual(prismaSession);
    expect(attempt).toEqual(await db.paymentAttempt.findUniqueOrThrow({ where: { id: payment.id } }));
    expect(orderForEvents).toEqual(await db.order.findUniqueOrThrow({ where: { id: order.id } }));
    expect(missing).toBeNull();
    expect(byId?.expires_at).toEqual(new Date("2027-03-04T05:06:07.089Z"));
    expect(byId?.customer_billing_address).toEqual({ country: "FR", line1: "1 rue de l’Église" });
  });
});
