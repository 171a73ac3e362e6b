// Test databases on PostgreSQL: one migrated template per run, one copy per test file. A copy
// (CREATE DATABASE ... TEMPLATE) and its DROP take about 0.2 s each here, most of it the server's:
// a worker makes the next file's copy while the current file runs, and drops a finished file's
// copy without waiting for it (the run's end drops what is left: ./global-setup.ts).
import { randomBytes } from "node:crypto";
import pg from "pg";

export function testServerUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

export function urlForDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The copies of one run's template share its name as a prefix, for the run's end to find them. */
export function copyPrefix(template: string): string {
  return `${template}_copy_`;
}

function createCopy(serverUrl: string, template: string): Promise<string> {
  const database = `${copyPrefix(template)}${randomBytes(6).toString("hex")}`;
  return withAdminClient(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${database} TEMPLATE ${template}`),
  ).then(() => database);
}

// Kept on the worker's global object: test files share their worker's process (vitest.config.ts),
// and each file's setup module is evaluated anew.
const NEXT_COPY = Symbol.for("test-database.next-copy");
type WithNextCopy = typeof globalThis & { [NEXT_COPY]?: { template: string; copy: Promise<string> } };

/**
 * A fresh copy of `template` for this test file: the one made ahead while the previous file ran,
 * else a new one; then the next file's copy is started.
 */
export async function takeTemplateCopy(serverUrl: string, template: string): Promise<string> {
  const holder = globalThis as WithNextCopy;
  const ahead = holder[NEXT_COPY];
  holder[NEXT_COPY] = undefined;
  let database: string | null = null;
  if (ahead?.template === template) database = await ahead.copy.catch(() => null);
  database ??= await createCopy(serverUrl, template);
  const next = createCopy(serverUrl, template);
  // Awaited by the next file, which makes its own if this failed; never an unhandled rejection.
  next.catch(() => undefined);
  holder[NEXT_COPY] = { template, copy: next };
  return database;
}

const PENDING_DROPS = Symbol.for("test-database.pending-drops");
type WithPendingDrops = typeof globalThis & { [PENDING_DROPS]?: Set<Promise<unknown>> };

/** Drops a file's copy in the background: nothing waits for it, and the run's end sweeps leftovers. */
export function dropCopyLater(serverUrl: string, database: string): void {
  const holder = globalThis as WithPendingDrops;
  const pending = (holder[PENDING_DROPS] ??= new Set());
  const drop = withAdminClient(serverUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  ).catch(() => undefined);
  pending.add(drop);
  void drop.finally(() => pending.delete(drop));
}

/**
 * Waits for this worker's background database work (the next file's copy, the last file's drop).
 * For a test that measures what PostgreSQL does (pages read, dead index entries cleaned up): the
 * server's work on other databases must not overlap its measurement.
 */
export async function settleBackgroundCopies(): Promise<void> {
  const holder = globalThis as WithNextCopy & WithPendingDrops;
  await holder[NEXT_COPY]?.copy.catch(() => undefined);
  await Promise.all([...(holder[PENDING_DROPS] ?? [])]);
}

/** Drops every copy of `template` still there (made ahead and never used, or not dropped yet). */
export async function dropCopies(serverUrl: string, template: string): Promise<void> {
  await withAdminClient(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [copyPrefix(template)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
