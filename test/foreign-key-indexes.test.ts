// Every foreign key column leads an index, unless it is listed below with why nothing reads by it.
// A read by an unindexed foreign key costs nothing on a test database and reads the whole table on
// a merchant's: an order's benefit grants (every purchase's receipt) went through 3,886 pages per
// purchase at 200,000 past purchases. The parent's DELETE reads by the column too (the restrict or
// cascade check), so a parent that is deleted needs the index as well.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";

/** `table.column`: why no index is needed. */
const UNINDEXED: Record<string, string> = {
  "benefit_grants.organization_id":
    "read through (customer_id), (order_id) or (subscription_id); an organization is never deleted",
  "checkout_sessions.discount_id": "never read by; a discount is soft-deleted (deleted_at), never removed",
  "checkout_sessions.product_price_id": "never read by; a price is archived, never removed",
  "checkout_links.discount_id": "never read by; a discount is soft-deleted (deleted_at), never removed",
  "orders.product_price_id": "never read by; a price is archived, never removed",
  "subscriptions.discount_id": "never read by; a discount is soft-deleted (deleted_at), never removed",
  "subscriptions.price_id": "never read by; a price is archived, never removed",
  "subscriptions.product_id": "never read by alone (lists go by organization); a product is archived",
};

describe("foreign keys", () => {
  it("lead an index each, but for the listed ones", async () => {
    const db = await getDb();
    const rows = await db.$queryRawUnsafe<{ fk: string }[]>(`
      SELECT c.conrelid::regclass::text || '.' || a.attname AS fk
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f'
         AND NOT EXISTS (SELECT 1 FROM pg_index i
                          WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
       ORDER BY 1`);
    expect(rows.map((row) => row.fk)).toEqual(Object.keys(UNINDEXED).sort());
  });
});
