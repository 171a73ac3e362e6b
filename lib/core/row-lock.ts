// The row lock that serializes requests racing on one row (two confirms of a checkout, a renewal
// and a cancellation): SELECT ... FOR UPDATE inside the caller's transaction, held until it ends.
// The table name cannot be a bind parameter, so it comes from this list and nowhere else.
import type { CheckoutSession, PaymentAttempt } from "../generated/prisma/client";
import type { Tx } from "../db/client";
import { directQuery, rowFromJson } from "../db/direct";

export const LOCKABLE_TABLES = [
  "benefits",
  "checkout_links",
  "checkout_sessions",
  "custom_fields",
  "customers",
  "discounts",
  "license_keys",
  "organizations",
  "medias",
  "orders",
  "payment_attempts",
  "products",
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
  // Straight to the transaction's connection (lib/db/direct.ts): many transactions begin with it.
  const rows = await directQuery(tx)(`SELECT id FROM ${table} WHERE id = $1::uuid FOR UPDATE`, [id]);
  return rows.length > 0;
}

type RowOf = { checkout_sessions: CheckoutSession; payment_attempts: PaymentAttempt };

/**
 * Locks the row and reads it in one statement (null: no such row), as Prisma reads it: the columns
 * under their Prisma field names (the schema maps no field to another column name), timestamps as
 * Dates, JSON parsed, enums as their names (lib/db/direct.ts `rowFromJson`).
 */
export async function lockRowById<T extends keyof RowOf & LockableTable>(
  tx: Tx,
  table: T,
  id: string,
): Promise<RowOf[T] | null> {
  if (!LOCKABLE_TABLES.includes(table))
    throw new Error(`lockRowById: "${String(table)}" is not a lockable table`);
  const [row] = await directQuery(tx)<{ row: string }>(
    `SELECT row_to_json(t)::text AS row FROM ${table} t WHERE t.id = $1::uuid FOR UPDATE`,
    [id],
  );
  return row ? rowFromJson<RowOf[T]>(table, row.row) : null;
}
