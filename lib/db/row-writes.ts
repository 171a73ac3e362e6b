// One row inserted or updated by a statement sent straight (./direct.ts) and returned as Prisma's
// `create` or `update` returns it: for the purchase path's writes whose row is used afterwards (the
// subscription and order for their events, a payment attempt). Measured in-process in a
// transaction, a Prisma create of a subscription or an order cost 0.65 ms of CPU (its engine
// renders the statement, runs it and maps the row back), a one-row statement sent straight 0.36.
//
// The statement names only the columns given (on insert the database fills the others with its
// defaults, as Prisma's create does: the schema-drift test keeps the two sets of defaults alike)
// and PostgreSQL types each value from its column. Values: a Date goes as ISO text (the column is a
// UTC `timestamp`, see directSql), a plain object as JSON text (a `jsonb` column), an array as a
// PostgreSQL array, Prisma.DbNull as NULL and Prisma.JsonNull as JSON null; undefined leaves the
// column out. No Prisma operation (`{ increment: 1 }`) is understood: such a value is refused.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "./client";
import { directSql, rowFromJson, type DirectTable } from "./direct";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function parameter(column: string, value: unknown): unknown {
  if (value === Prisma.DbNull) return null;
  if (value === Prisma.JsonNull) return "null";
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Object.prototype)
      throw new Error(`row-writes: the value of ${column} is not a plain object.`);
    return JSON.stringify(value);
  }
  return value;
}

/** The columns of `data` that are set (undefined leaves a column out), checked as plain names. */
function columnsOf(table: DirectTable, data: Record<string, unknown>): string[] {
  const columns = Object.keys(data).filter((column) => data[column] !== undefined);
  for (const name of [table, ...columns]) {
    // Names come from code, never from a request; still, nothing but a plain identifier is written.
    if (!IDENTIFIER.test(name))
      throw new Error(`row-writes: ${JSON.stringify(name)} is not a plain identifier.`);
  }
  return columns;
}

async function returnedRow<T>(db: DbOrTx, table: DirectTable, statement: Prisma.Sql): Promise<T | null> {
  const rows = await directSql<{ row: string | Record<string, unknown> }>(db, statement);
  return rows[0] ? rowFromJson<T>(table, rows[0].row) : null;
}

/** Inserts `data` into `table` and returns the row stored, timestamps as Dates (rowFromJson). */
export async function insertRow<T>(
  db: DbOrTx,
  table: DirectTable,
  data: Record<string, unknown>,
): Promise<T> {
  const columns = columnsOf(table, data);
  const row = await returnedRow<T>(
    db,
    table,
    Prisma.sql`
    INSERT INTO ${Prisma.raw(table)} (${Prisma.raw(columns.join(", "))})
    VALUES (${Prisma.join(columns.map((column) => parameter(column, data[column])))})
    RETURNING row_to_json(${Prisma.raw(table)}.*)::text AS row`,
  );
  return row!;
}

/**
 * Sets `data` on the row of `table` with this id and returns the row as it is now; null when there
 * is none (Prisma's update would throw P2025: the caller decides).
 */
export async function updateRow<T>(
  db: DbOrTx,
  table: DirectTable,
  id: string,
  data: Record<string, unknown>,
): Promise<T | null> {
  const columns = columnsOf(table, data);
  if (!columns.length) throw new Error("row-writes: an update sets at least one column.");
  const assignments = columns.map(
    (column) => Prisma.sql`${Prisma.raw(column)} = ${parameter(column, data[column])}`,
  );
  return returnedRow<T>(
    db,
    table,
    Prisma.sql`
    UPDATE ${Prisma.raw(table)} SET ${Prisma.join(assignments)}
     WHERE id = ${id}::uuid
    RETURNING row_to_json(${Prisma.raw(table)}.*)::text AS row`,
  );
}
