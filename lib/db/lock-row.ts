// Locking a row and reading it in one statement. `SELECT * ... FOR UPDATE` returns the columns
// under their Prisma field names (the schema maps no field to another column name) with the same
// values a Prisma read gives (dates, parsed JSON, enums as their names).
import type { CheckoutSession, PaymentAttempt } from "../generated/prisma/client";
import { Prisma } from "../generated/prisma/client";
import type { Tx } from "./client";

type LockableRows = { checkout_sessions: CheckoutSession; payment_attempts: PaymentAttempt };

/** Locks the row with this id until the transaction ends and returns it (null: no such row). */
export async function lockRowById<T extends keyof LockableRows>(
  tx: Tx,
  table: T,
  id: string,
): Promise<LockableRows[T] | null> {
  const rows = await tx.$queryRaw<LockableRows[T][]>`
    SELECT * FROM ${Prisma.raw(table)} WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}
