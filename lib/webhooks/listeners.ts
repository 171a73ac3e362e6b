// Which event types an organization's enabled endpoints listen to, asked once per transaction and
// organization, so that a transaction writing several changes pays one read when nobody listens
// (and the hot paths none: their row lock reads it in the same statement, `lockRowForEvents`).
// emit.ts consults this before anything else; under its advisory lock it reads the endpoints again,
// so a cached answer can only make it skip an event nobody listened to when the transaction began.
import { Prisma } from "../generated/prisma/client";
import type { Tx } from "../db/client";
import { directSql, rowFromJson } from "../db/direct";
import { LOCKABLE_TABLES, type LockableTable } from "../core/row-lock";

type Listened = ReadonlySet<string>;

// Keyed by the transaction client: gone with it. A root client (a transaction client has no
// $connect) is never cached, since it outlives every transaction and would keep a stale answer.
const byTransaction = new WeakMap<object, Map<string, Promise<Listened>>>();

function cacheOf(tx: Tx): Map<string, Promise<Listened>> | null {
  if (typeof (tx as { $connect?: unknown }).$connect === "function") return null;
  let cache = byTransaction.get(tx);
  if (!cache) {
    cache = new Map();
    byTransaction.set(tx, cache);
  }
  return cache;
}

/**
 * SQL for the event types the enabled endpoints of `organizationId` (an SQL expression, e.g. a
 * column of the row being read) listen to, as text[]: empty when there are none.
 */
export function listenedTypesSql(organizationId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(array_agg(DISTINCT t.type), '{}'::text[])
      FROM webhook_endpoints w CROSS JOIN LATERAL unnest(w.events) AS t(type)
     WHERE w.organization_id = ${organizationId} AND w.enabled)`;
}

/** Records what a statement of this transaction read along with its row (no statement of its own). */
export function primeListeners(tx: Tx, organizationId: string, types: readonly string[]): void {
  cacheOf(tx)?.set(organizationId, Promise.resolve(new Set(types)));
}

/** The event types listened to in the organization, read once per transaction. */
export function listenedTypes(tx: Tx, organizationId: string): Promise<Listened> {
  const cache = cacheOf(tx);
  const cached = cache?.get(organizationId);
  if (cached) return cached;
  const read = directSql<{ types: string[] }>(
    tx,
    Prisma.sql`SELECT ${listenedTypesSql(Prisma.sql`${organizationId}::uuid`)} AS types`,
  ).then(([row]) => new Set(row?.types ?? []) as Listened);
  cache?.set(organizationId, read);
  return read;
}

export async function isListened(tx: Tx, organizationId: string, type: string): Promise<boolean> {
  return (await listenedTypes(tx, organizationId)).has(type);
}

/**
 * `SELECT ... FOR UPDATE` of one row, read as Prisma reads it (like lib/core/row-lock.ts
 * `lockRowById`), that also reads who listens in the row's organization, in the same statement: the
 * transaction's later events then cost no statement when nobody listens. Null when there is no
 * such row.
 */
export async function lockRowForEvents<T extends { organization_id: string }>(
  tx: Tx,
  table: LockableTable,
  id: string,
): Promise<T | null> {
  if (!LOCKABLE_TABLES.includes(table))
    throw new Error(`lockRowForEvents: "${String(table)}" is not a lockable table`);
  const [found] = await directSql<{ row: string; listened: string[] }>(
    tx,
    Prisma.sql`SELECT row_to_json(r)::text AS row, ${listenedTypesSql(Prisma.sql`r.organization_id`)} AS listened
      FROM ${Prisma.raw(table)} r WHERE r.id = ${id}::uuid FOR UPDATE OF r`,
  );
  if (!found) return null;
  const row = rowFromJson<T>(table, found.row);
  primeListeners(tx, row.organization_id, found.listened);
  return row;
}
