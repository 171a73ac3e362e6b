// The row lock that serializes requests racing on one row (two confirms of a checkout, a renewal
// and a cancellation): SELECT ... FOR UPDATE inside the caller's transaction, held until it ends.
// The table name cannot be a bind parameter, so it comes from this list and nowhere else.
import { Prisma } from "../generated/prisma/client";
import type { Tx } from "../db/client";

export const LOCKABLE_TABLES = [
  "checkout_sessions",
  "discounts",
  "license_keys",
  "payment_attempts",
  "subscriptions",
] as const;
export type LockableTable = (typeof LOCKABLE_TABLES)[number];

/**
 * Locks the row `id` of `table` until the transaction ends; false when there is no such row
 * (the caller's own lookup then answers 404 or skips). One statement.
 */
export async function lockRow(tx: Tx, table: LockableTable, id: string): Promise<boolean> {
  // A runtime check too: a cast or an `any` must not turn this into SQL injection.
  if (!LOCKABLE_TABLES.includes(table))
    throw new Error(`lockRow: "${String(table)}" is not a lockable table`);
  const rows = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM ${Prisma.raw(table)} WHERE id = ${id}::uuid FOR UPDATE`,
  );
  return rows.length > 0;
}
