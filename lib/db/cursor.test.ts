// The cursor of the orders export (./cursor.ts), on PostgreSQL (PGlite has none): parts in order,
// one snapshot, its own bounded pool, and every way a read can end giving its connection back.
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../core/errors";
import { asRateLimited } from "../orders/export";
import { CursorsBusyError, openCursor } from "./cursor";

const url = process.env.DATABASE_URL;
const pools: pg.Pool[] = [];
let writer: pg.Client;

/** A pool like the app's cursor pool, with one connection and short timeouts. */
function cursorPool(options: { idleMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 300,
    options: `-c idle_in_transaction_session_timeout=${options.idleMs ?? 60_000}`,
  });
  pool.on("error", () => {});
  pools.push(pool);
  return pool;
}

const numbers = (rows: { n: number }[]) => rows.map((row) => row.n);

describe.skipIf(!process.env.TEST_DATABASE_URL)("openCursor on PostgreSQL", () => {
  beforeAll(async () => {
    writer = new pg.Client({ connectionString: url });
    await writer.connect();
    await writer.query("CREATE TABLE cursor_items (n int PRIMARY KEY)");
  });
  afterEach(async () => {
    await writer.query("DELETE FROM cursor_items");
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await writer.query("DROP TABLE cursor_items");
    await writer.end();
  });

  it("reads one statement's rows in parts, in its order, with its values", async () => {
    const pool = cursorPool();
    const cursor = await openCursor<{ n: number }>(
      pool,
      "SELECT g AS n FROM generate_series(1, $1::int) g ORDER BY g DESC",
      [10],
    );
    expect(numbers(await cursor.read(4))).toEqual([10, 9, 8, 7]);
    expect(numbers(await cursor.read(4))).toEqual([6, 5, 4, 3]);
    expect(numbers(await cursor.read(4))).toEqual([2, 1]);
    expect(await cursor.read(4)).toEqual([]);
    await cursor.close();
    await cursor.close(); // twice is harmless
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    await expect(cursor.read(1)).rejects.toThrow("This cursor is closed.");
  });

  it("sees one snapshot: rows written after it opened are neither read nor missing", async () => {
    await writer.query("INSERT INTO cursor_items VALUES (1), (2), (3)");
    const cursor = await openCursor<{ n: number }>(cursorPool(), "SELECT n FROM cursor_items ORDER BY n", []);
    expect(numbers(await cursor.read(1))).toEqual([1]);
    await writer.query("INSERT INTO cursor_items VALUES (0), (4)");
    await writer.query("DELETE FROM cursor_items WHERE n = 3");
    expect(numbers(await cursor.read(10))).toEqual([2, 3]);
    await cursor.close();
  });

  it("refuses a read with 429 while its pool's connections are all reading, and takes the next one", async () => {
    const pool = cursorPool();
    const first = await openCursor(pool, "SELECT 1 AS n", []);
    const busy = await openCursor(pool, "SELECT 2 AS n", []).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(CursorsBusyError);
    // The export answers it as the contract's 429 (lib/orders/export.ts).
    const refused = (() => {
      try {
        return asRateLimited(busy);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).code).toBe("RateLimitExceeded");
    // The contract's 429 says when to come back.
    expect((refused as ApiError).headers).toEqual({ "Retry-After": "30" });
    await first.close();
    const next = await openCursor<{ n: number }>(pool, "SELECT 2 AS n", []);
    expect(numbers(await next.read(5))).toEqual([2]);
    await next.close();
  });

  it("gives the connection back when the statement fails, and rolls back", async () => {
    const pool = cursorPool();
    await expect(openCursor(pool, "SELECT n FROM no_such_table", [])).rejects.toThrow(/no_such_table/);
    const cursor = await openCursor<{ n: number }>(pool, "SELECT 7 AS n", []);
    expect(numbers(await cursor.read(1))).toEqual([7]);
    await cursor.close();
    // A failure while reading (division by zero at the third row) ends the read the same way.
    const failing = await openCursor(pool, "SELECT 10 / (3 - g) AS n FROM generate_series(1, 5) g", []);
    expect(numbers((await failing.read(2)) as { n: number }[])).toEqual([5, 10]);
    await expect(failing.read(2)).rejects.toThrow(/division by zero/);
    const after = await openCursor<{ n: number }>(pool, "SELECT 8 AS n", []);
    expect(numbers(await after.read(1))).toEqual([8]);
    await after.close();
  });

  it("cuts off a reader that stops asking for rows, without ending the process, and frees its connection", async () => {
    const pool = cursorPool({ idleMs: 200 });
    const cursor = await openCursor<{ n: number }>(
      pool,
      "SELECT g AS n FROM generate_series(1, 3) g ORDER BY g",
      [],
    );
    expect(numbers(await cursor.read(1))).toEqual([1]);
    // The subject is the pool's real idle cut-off (its timer against a real connection): the reader
    // stays silent past it. Faking timers here would fake the database driver's too.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(cursor.read(1)).rejects.toThrow();
    await cursor.close();
    const next = await openCursor<{ n: number }>(pool, "SELECT 9 AS n", []);
    expect(numbers(await next.read(1))).toEqual([9]);
    await next.close();
  });
});
