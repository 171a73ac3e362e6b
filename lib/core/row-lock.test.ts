// lockRow on a real database: it holds the row until the transaction ends, and refuses any table
// that is not on its list.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createDiscount, createOrganization } from "../factories";
import { lockRow, type LockableTable } from "./row-lock";

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
