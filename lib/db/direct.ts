// Statements of the hottest routes, sent straight to the driver (pg's pool, or PGlite) rather than
// through Prisma's query engine. Measured on this project (issue 10): a `findFirst` of an order
// with its five relations costs about 0.7–1.1 ms of CPU through Prisma and 0.15–0.2 ms as one SQL
// statement on the pool; a one-row `$queryRaw`, 0.15–0.2 ms against 0.05 ms (0.31 against 0.08 in
// a transaction). On PostgreSQL a transaction's statements go straight to its own connection
// (./transaction-connection.ts); on PGlite's transactions, or on a client without a registered
// driver (e.g. a test's own PrismaClient), the same SQL runs through `$queryRawUnsafe`, so callers
// write one statement either way.
//
// So a direct statement's result must read the same through pg, PGlite and Prisma: rows come back
// as JSON text (`row_to_json(...)::text`) or columns every driver parses alike (text, integer,
// boolean, uuid, arrays of those). pg reads `timestamp` as local time, for one.
import type { Db, DbOrTx } from "./client";
import type { Prisma } from "../generated/prisma/client";

export type DirectQuery = <R = Record<string, unknown>>(
  text: string,
  values?: readonly unknown[],
) => Promise<R[]>;

/** The rows of one statement, read a part at a time (./cursor.ts). */
export type DirectCursor<R> = {
  /** The next `count` rows at most; fewer (or none) at the end. */
  read(count: number): Promise<R[]>;
  /** Ends the read and gives its connection back; safe to call twice. */
  close(): Promise<void>;
};

/** How to reach a client's driver: one statement at a time, outside any transaction. */
export type DirectDriver = {
  query: DirectQuery;
  /**
   * One long read that may use PostgreSQL's parallel workers, which the app's sessions otherwise
   * plan none of (./client.ts); the same as `query` where there are none (PGlite).
   */
  parallelQuery?: DirectQuery;
  /**
   * One statement's rows in order, from a single execution (one sort however many parts are
   * read), on a connection of its own until closed. PostgreSQL only: on PGlite an open read would
   * hold the one connection every other request waits for.
   */
  openCursor?: <R>(text: string, values: readonly unknown[]) => Promise<DirectCursor<R>>;
};

// On globalThis, like the connections themselves (./client.ts): Next.js may load this module once
// per route bundle and once for instrumentation, and the client registered by the first must be
// found by all.
const registry = globalThis as unknown as { __directDrivers?: WeakMap<object, DirectDriver> };
const drivers = (registry.__directDrivers ??= new WeakMap<object, DirectDriver>());

/** Called where a client is created: statements given this client go straight to its driver. */
export function registerDirectDriver(client: object, driver: DirectDriver): void {
  drivers.set(client, driver);
}

/** The driver behind `db` when it is a registered client; Prisma's raw path otherwise (transactions). */
export function directQuery(db: DbOrTx): DirectQuery {
  const direct = drivers.get(db);
  if (direct) return direct.query;
  return <R>(text: string, values: readonly unknown[] = []) => db.$queryRawUnsafe<R[]>(text, ...values);
}

/**
 * A statement written with Prisma's `sql` tag, sent like `directQuery`'s (inside a transaction, on
 * its own connection: ./transaction-connection.ts). The two ways must agree on what goes in and
 * comes out, so its values carry no Date (times go as ISO text cast to `timestamp`) and its result
 * columns no `timestamp`, `bigint` or `numeric` (pg reads those differently from Prisma).
 */
export async function directSql<R = Record<string, unknown>>(
  db: DbOrTx,
  statement: Prisma.Sql,
): Promise<R[]> {
  if (statement.values.some((value) => value instanceof Date)) {
    throw new Error("A direct statement takes times as ISO text, not Date (see directSql).");
  }
  return directQuery(db)<R>(statement.text, statement.values);
}

/** The driver's cursor for `db` (a registered client on PostgreSQL), or null where there is none. */
export function directCursorOpener(db: DbOrTx): DirectDriver["openCursor"] | null {
  return drivers.get(db)?.openCursor ?? null;
}

/**
 * For a statement that reads much of a large table (the orders list's exact count): allowed
 * PostgreSQL's parallel workers, on connections of its own (lib/db/client.ts). Like directQuery
 * elsewhere (a transaction, PGlite, a client without a registered driver).
 */
export function directParallelQuery(db: DbOrTx): DirectQuery {
  return drivers.get(db)?.parallelQuery ?? directQuery(db);
}

/**
 * Work whose one write is a single statement, atomic on its own: on a registered client it runs
 * alone, with no BEGIN and COMMIT around it; in a transaction, in it; on any other client inside
 * `$transaction`, so that a client whose transactions add writes of their own commits those with
 * it. That client is the Idempotency-Key layer's (lib/api/idempotency.ts): its transactions store
 * the request's answer with the effect, so a crash between the two cannot make the retry run it
 * twice.
 */
export function atomicWrite<T>(db: DbOrTx, work: (query: DirectQuery) => Promise<T>): Promise<T> {
  const direct = drivers.get(db);
  if (direct) return work(direct.query);
  // A transaction's client has no $transaction: the statement is already inside one.
  if (!("$transaction" in db)) return work(directQuery(db));
  return (db as Db).$transaction((tx) => work(directQuery(tx)));
}

/**
 * The `timestamp` columns of the tables whose rows the direct statements return, by table. JSON
 * renders them as ISO text without a zone; they hold UTC (test: lib/db/direct.test.ts checks these
 * lists against prisma/schema.prisma, so a new column cannot be missed).
 */
export const TIMESTAMP_COLUMNS = {
  orders: ["created_at", "modified_at", "invoice_issued_at"],
  customers: ["created_at", "modified_at", "deleted_at", "tax_id_verified_at"],
  products: ["created_at", "modified_at"],
  product_prices: ["created_at", "modified_at"],
  discounts: ["created_at", "modified_at", "starts_at", "ends_at", "deleted_at"],
  subscriptions: [
    "created_at",
    "modified_at",
    "current_period_start",
    "current_period_end",
    "started_at",
    "ended_at",
    "canceled_at",
    "ends_at",
    "trial_start",
    "trial_end",
    "period_anchor_at",
  ],
  license_keys: ["created_at", "modified_at", "last_validated_at", "expires_at"],
  license_key_activations: ["created_at", "modified_at", "deleted_at"],
  checkout_sessions: [
    "created_at",
    "modified_at",
    "expires_at",
    "confirmed_at",
    "trial_end",
    "customer_tax_id_verified_at",
  ],
  organizations: ["created_at", "modified_at", "blocked_at"],
  benefits: ["created_at", "modified_at"],
  medias: ["created_at", "last_modified_at"],
  custom_fields: ["created_at", "modified_at"],
  payment_attempts: ["created_at", "modified_at", "resolved_at"],
  checkout_links: ["created_at", "modified_at", "deleted_at"],
  jobs: ["created_at", "modified_at", "run_at", "locked_at", "finished_at"],
} as const;

export type DirectTable = keyof typeof TIMESTAMP_COLUMNS;

/** A `timestamp` rendered by row_to_json ("2026-11-23T22:16:49.123") as the UTC instant it is. */
export function utc(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/**
 * A row of `table` as Prisma would return it: `json` is row_to_json's text (or its parsed object,
 * as some drivers parse json columns) and the table's timestamp columns become Dates.
 */
export function rowFromJson<T>(table: DirectTable, json: string | Record<string, unknown>): T {
  const row = (typeof json === "string" ? JSON.parse(json) : json) as Record<string, unknown>;
  for (const column of TIMESTAMP_COLUMNS[table]) {
    const value = row[column];
    if (typeof value === "string") row[column] = utc(value);
  }
  return row as T;
}

/** Like rowFromJson, for a column that may be NULL (a LEFT JOIN that found nothing). */
export function optionalRowFromJson<T>(
  table: DirectTable,
  json: string | Record<string, unknown> | null | undefined,
): T | null {
  return json == null ? null : rowFromJson<T>(table, json);
}

/** Where a resource read's values go in the statement that runs it (see ResourceRead). */
export type ReadPlaceholders = {
  /** An expression of type uuid[]: the organizations the caller may see. */
  organizations: string;
  /** The read's own values, in order (`$2`, `$3`... when it runs alone). */
  values: string[];
};

/**
 * A read of one resource among the caller's organizations: one statement that returns at most one
 * row, whose single column `row` is JSON text. It is written as a function of its placeholders so
 * that the same read can run alone (runResourceRead) or inside the statement that admits an access
 * token (lib/api/auth.ts): the hottest GET routes then cost one round trip instead of two.
 */
export type ResourceRead<R> = {
  sql: (placeholders: ReadPlaceholders) => string;
  /** How many values the read takes after the organizations. */
  valueCount: number;
  /** The resource as the service returns it, from the parsed `row`. */
  decode: (row: Record<string, unknown>) => R;
};

const standalone = new WeakMap<ResourceRead<unknown>, string>();

/** Runs `read` alone: the resource, or null when none of `organizationIds` has it. */
export async function runResourceRead<R>(
  db: DbOrTx,
  read: ResourceRead<R>,
  organizationIds: readonly string[],
  values: readonly unknown[],
): Promise<R | null> {
  let text = standalone.get(read);
  if (!text) {
    const placeholders = Array.from({ length: read.valueCount }, (_, i) => `$${i + 2}`);
    text = read.sql({ organizations: "$1::uuid[]", values: placeholders });
    standalone.set(read, text);
  }
  const [row] = await directQuery(db)<{ row: string }>(text, [organizationIds, ...values]);
  return row ? decodeResourceRow(read, row.row) : null;
}

/** The resource from a read's `row` (JSON text, or already parsed by drivers that parse json). */
export function decodeResourceRow<R>(read: ResourceRead<R>, row: string | Record<string, unknown>): R {
  return read.decode(typeof row === "string" ? (JSON.parse(row) as Record<string, unknown>) : row);
}
