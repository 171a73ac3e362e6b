// The one way to reach the database. Connects lazily on first use (never at import time: `next
// build` evaluates route modules), applies pending migrations first, and then hands out a single
// PrismaClient per process:
// - DATABASE_URL set: PostgreSQL through @prisma/adapter-pg with a connection pool;
// - otherwise: embedded PostgreSQL (PGlite) in DATA_DIR, locked against a second process.
// The drivers are imported when connecting, only the configured one: a PostgreSQL server never
// loads PGlite, and the embedded one never loads pg.
import type { PGlite } from "@electric-sql/pglite";
import path from "node:path";
import type pg from "pg";
import { databaseConfig, type DatabaseConfig } from "../config";
import { PrismaClient, type Prisma } from "../generated/prisma/client";
import { registerDirectDriver } from "./direct";
import { directStatementName, prismaStatementName } from "./statement-names";
import { directTransactions, noteTransactionConnections } from "./transaction-connection";
import { lockDatabaseFolder } from "./folder-lock";
import { takingTurns } from "./statement-turns";
import { applyMigrations, type SqlRunner } from "./migrate";
import { checkServerSecretOpensDatabase } from "../secrets/sealed-values";
import { CURSOR_CONNECT_TIMEOUT_MS, CURSOR_CONNECTIONS, CURSOR_IDLE_TIMEOUT_MS, openCursor } from "./cursor";

export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
/** What services accept: the client, or a transaction opened on it. */
export type DbOrTx = Db | Tx;

/** Stops listening. */
export type Unlisten = () => Promise<void>;

type Connection = {
  prisma: PrismaClient;
  close: () => Promise<void>;
  config: DatabaseConfig;
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<Unlisten>;
  /** The embedded database only: a consistent dump of its data folder (lib/db/backup-socket.ts). */
  dumpDataDir?: () => Promise<Blob>;
};

// Kept on globalThis so `next dev` hot reloads reuse the connection instead of opening the PGlite
// folder a second time. Keyed by configuration so a test file that points elsewhere gets its own.
const registry = globalThis as unknown as { __dbConnections?: Map<string, Promise<Connection>> };
const connections = (registry.__dbConnections ??= new Map());

function keyOf(config: DatabaseConfig) {
  return config.kind === "postgres"
    ? `pg:${config.url}${config.preparedStatements ? "" : " unnamed"}`
    : `pglite:${config.dataDir}`;
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await db.query<R>(sql, params)).rows }),
    exec: (sql: string) => db.exec(sql),
  };
}

export function pgRunner(client: pg.Client | pg.PoolClient): SqlRunner {
  return {
    query: async <R>(sql: string, params?: unknown[]) => ({
      rows: (await client.query(sql, params as unknown[])).rows as R[],
    }),
    exec: (sql: string) => client.query(sql),
  };
}

// A new in-memory database runs initdb and then every migration: about 2.5 s. The test suite, which
// opens one per test file, migrates one once and starts each of them from its dump instead (about
// 0.9 s; test/global-setup.ts). Migrations still run after loading, so a stale dump is caught up.
let memoryDatabaseDump: Blob | undefined;

/** Starts every in-memory database this process opens (`DATA_DIR=memory://…`) from `dump`. */
export function startMemoryDatabasesFrom(dump: Blob): void {
  memoryDatabaseDump = dump;
}

async function openPglite(dataDir: string): Promise<{ db: PGlite; release: () => void }> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dataDir.startsWith("memory://")) {
    const db = await PGlite.create(dataDir, memoryDatabaseDump ? { loadDataDir: memoryDatabaseDump } : {});
    return { db, release: () => {} };
  }
  const release = lockDatabaseFolder(dataDir);
  try {
    const db = await PGlite.create(path.join(dataDir, "pgdata"));
    return { db, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Parallel workers a long read (directParallelQuery) may plan, besides its own backend. */
export const PARALLEL_READ_WORKERS = 1;

async function connect(config: DatabaseConfig): Promise<Connection> {
  if (config.kind === "pglite") {
    const { db, release } = await openPglite(config.dataDir);
    try {
      await applyMigrations(pgliteRunner(db));
      // Before anything reads or seals a value: refuses a database restored without its secret.
      await checkServerSecretOpensDatabase((sql) => db.query(sql));
      // PGlite learns the database's array types when it opens: one a migration has just created
      // (an enum's, such as "PriceType"[] in the orders list's count) would be sent as plain text
      // ("malformed array literal") until it is told to look again.
      await db.refreshArrayTypes();
    } catch (error) {
      await db.close();
      release();
      throw error;
    }
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    // The app's statements start one per event-loop iteration, so that a loaded server still
    // accepts connections and reads requests between them (./statement-turns.ts).
    const shared = takingTurns(db);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(shared) });
    // PGlite runs a query only between transactions, so a direct statement never lands in one.
    registerDirectDriver(prisma, {
      query: async (text, values) => (await shared.query(text, values as unknown[])).rows as never,
    });
    return {
      prisma,
      config,
      // One process, one session: a NOTIFY committed by any transaction reaches this listener.
      listen: (channel, onNotify) => db.listen(channel, onNotify).then((unlisten) => () => unlisten()),
      // CHECKPOINT first, so a restore starts without replaying the log. Then the dump, once no
      // transaction is open (Prisma's run under PGlite's transaction lock; statements outside one
      // take it too) and between two statements: it holds committed data only.
      dumpDataDir: async () => {
        await db.exec("CHECKPOINT");
        return db._runExclusiveTransaction(() => db.dumpDataDir("none"));
      },
      close: async () => {
        await prisma.$disconnect();
        await db.close();
        release();
      },
    };
  }
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import("pg"), import("@prisma/adapter-pg")]);
  const migrator = new pg.Client({ connectionString: config.url });
  await migrator.connect();
  try {
    await applyMigrations(pgRunner(migrator));
    // Before anything reads or seals a value: refuses a database restored without its secret.
    await checkServerSecretOpensDatabase((sql) => migrator.query(sql));
  } finally {
    await migrator.end();
  }
  // One pool for Prisma and for the hot routes' direct statements (./direct.ts).
  // No parallel workers for the app's statements: they are short and many run at once, so a
  // worker only takes a core from another request, and starting workers costs about 30 ms. At
  // 1,000,000 orders PostgreSQL chose a parallel plan for the orders list's page (Prisma's
  // LATERAL joins inflate its cost estimate): 39 ms, against 2–5 ms serial (issue 10,
  // `npm run bench:orders`). A DATABASE_URL's own `options` are not overridden.
  const ownOptions = new URL(config.url).searchParams.has("options");
  /** Session settings for a pool's connections, sent as the connection's `options`. */
  const withSettings = (settings: Record<string, number>) =>
    ownOptions
      ? {}
      : {
          options: Object.entries(settings)
            .map(([name, value]) => `-c ${name}=${value}`)
            .join(" "),
        };
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    ...withSettings({ max_parallel_workers_per_gather: 0 }),
  });
  /** A pool of its own for one kind of long read, opened on first use. */
  const lazyPool = (purpose: string, options: pg.PoolConfig) => {
    let opened: pg.Pool | null = null;
    return {
      get: () => {
        if (!opened) {
          opened = new pg.Pool({ connectionString: config.url, ...options });
          opened.on("error", (error) =>
            console.error(`PostgreSQL pool (${purpose}): an idle connection failed:`, error.message),
          );
        }
        return opened;
      },
      end: async () => {
        await opened?.end().catch(() => {});
      },
    };
  };
  // The exception: statements that read most of a large table (directParallelQuery: the orders
  // list's exact count of 700,000 rows, 48 ms serial, 32 ms with one worker beside the backend, 34–36
  // ms with two: on two cores a second worker only competes), on two connections of their own.
  const parallel = lazyPool("parallel reads", {
    max: 2,
    ...withSettings({ max_parallel_workers_per_gather: PARALLEL_READ_WORKERS }),
  });
  // Reads through a cursor (./cursor.ts: the orders export) hold a connection for as long as the
  // download lasts: connections of their own, which PostgreSQL closes when a reader stops asking
  // for rows; one parallel worker for their one sort.
  const cursors = lazyPool("cursors", {
    max: CURSOR_CONNECTIONS,
    connectionTimeoutMillis: CURSOR_CONNECT_TIMEOUT_MS,
    ...withSettings({
      max_parallel_workers_per_gather: PARALLEL_READ_WORKERS,
      idle_in_transaction_session_timeout: CURSOR_IDLE_TIMEOUT_MS,
    }),
  });
  // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool; without a
  // listener its error event would end the process.
  pool.on("error", (error) => console.error("PostgreSQL pool: an idle connection failed:", error.message));
  // Named statements are prepared (./statement-names.ts), unless the operator turned them off.
  const named = config.preparedStatements;
  const prisma = new PrismaClient({
    // An unnamed statement is "" to pg.
    adapter: new PrismaPg(pool, {
      statementNameGenerator: (query) => (named && prismaStatementName(query.sql)) || "",
    }),
  });
  const prepared = (text: string, values: readonly unknown[] = []): pg.QueryConfig => ({
    name: named ? directStatementName(text) : undefined,
    text,
    values: values as unknown[],
  });
  registerDirectDriver(prisma, {
    query: async (text, values) => (await pool.query(prepared(text, values))).rows,
    parallelQuery: async (text, values) => (await parallel.get().query(prepared(text, values))).rows,
    openCursor: (text, values) => openCursor(cursors.get(), text, values),
  });
  // Inside a transaction, too: on the transaction's own connection (./transaction-connection.ts).
  noteTransactionConnections(pool);
  directTransactions(prisma, prepared);
  const listeners = new Set<Unlisten>();
  return {
    prisma,
    config,
    listen: async (channel, onNotify) => {
      const unlisten = await listenOnPostgres(pg, config.url, channel, onNotify);
      listeners.add(unlisten);
      return async () => {
        listeners.delete(unlisten);
        await unlisten();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await prisma.$disconnect();
      // The adapter does not end a pool it was given.
      await Promise.all([pool.end().catch(() => {}), parallel.end(), cursors.end()]);
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others), reconnecting after a
 * second when it breaks (PostgreSQL restarted): notifications sent meanwhile are lost, which is
 * why listeners only speed things up and never replace polling.
 */
async function listenOnPostgres(
  pg: typeof import("pg").default,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", (error) => {
      console.error(`LISTEN ${channel}: the connection failed (${error.message}); listening again.`);
      next.end().catch(() => {});
      if (client === next) client = null;
      schedule();
    });
    await next.connect();
    // The channel is an identifier: quoted, with quotes doubled.
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    if (stopped) await next.end().catch(() => {});
    else client = next;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      open().catch((error: Error) => {
        console.error(`LISTEN ${channel}: cannot connect (${error.message}); trying again.`);
        schedule();
      });
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

function connection(): Promise<Connection> {
  const config = databaseConfig();
  const key = keyOf(config);
  let pending = connections.get(key);
  if (!pending) {
    pending = connect(config);
    connections.set(key, pending);
    // A failed open must not be cached: the next request tries again.
    pending.catch(() => connections.delete(key));
  }
  return pending;
}

export async function getDb(): Promise<Db> {
  return (await connection()).prisma;
}

/**
 * Calls `onNotify` for each NOTIFY on `channel` committed by any connection to this database (any
 * instance on PostgreSQL). Best effort: a broken listening connection is reopened, and what was
 * sent meanwhile is missed.
 */
export async function listen(channel: string, onNotify: (payload: string) => void): Promise<Unlisten> {
  return (await connection()).listen(channel, onNotify);
}

/** A consistent dump of the embedded database's data folder, taken while it serves (`npm run db:backup`). */
export async function dumpEmbeddedDatabase(): Promise<Blob> {
  const { dumpDataDir } = await connection();
  if (!dumpDataDir) throw new Error("Only the embedded database is dumped by the server.");
  return dumpDataDir();
}

export async function closeDb(): Promise<void> {
  const key = keyOf(databaseConfig());
  const pending = connections.get(key);
  if (!pending) return;
  connections.delete(key);
  await (await pending).close();
}
