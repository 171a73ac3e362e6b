// A statement read a part at a time through a PostgreSQL cursor (the orders export, issue 10).
// Keyset pages re-run the statement for every part: sorted by a column no index holds in that order
// (a customer's email, an amount then a date), each part sorted every matching row again. At
// 1,000,000 orders a 1,000-row part cost 2.7–3.1 s sorted by customer (a whole export, 45–52
// minutes) and the export by amount then date took 183 s; through a cursor each takes 8–10 s: one
// sort of about 3 s, then a few milliseconds per part.
//
// The cursor lives in a read-only REPEATABLE READ transaction, so the whole read sees one snapshot:
// an order written meanwhile is neither missed nor repeated. Its connection comes from a small
// pool of its own, so that long reads never take the API's connections; a read that waits longer
// than CURSOR_CONNECT_TIMEOUT_MS for one is refused (429), and a reader that stops asking for parts
// is cut off by PostgreSQL after CURSOR_IDLE_TIMEOUT_MS (idle_in_transaction_session_timeout).
import type pg from "pg";
import type { DirectCursor } from "./direct";

/** Reads through cursors at once per server instance; others wait for one to finish. */
export const CURSOR_CONNECTIONS = 2;
export const CURSOR_CONNECT_TIMEOUT_MS = 30_000;
export const CURSOR_IDLE_TIMEOUT_MS = 300_000;

const CURSOR_NAME = "direct_read";

/**
 * Every cursor connection stayed busy for CURSOR_CONNECT_TIMEOUT_MS. The caller answers 429 with
 * Retry-After (lib/orders/export.ts): this layer knows no HTTP and no API error (lib/core imports
 * lib/db, not the reverse).
 */
export class CursorsBusyError extends Error {
  readonly retryAfterSeconds = CURSOR_CONNECT_TIMEOUT_MS / 1000;
  constructor() {
    super(
      `${CURSOR_CONNECTIONS} exports are already running on this server; try again when one has finished.`,
    );
  }
}

/** Opens `text` as a cursor on a connection from `pool` (see above): the first part is not read yet. */
export async function openCursor<R>(
  pool: pg.Pool,
  text: string,
  values: readonly unknown[],
): Promise<DirectCursor<R>> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    // pg-pool's wait running out is a plain Error whose message is all that tells it apart.
    if (error instanceof Error && /timeout/i.test(error.message)) {
      throw new CursorsBusyError();
    }
    throw error;
  }
  let open = true;
  // The connection may fail while no statement runs on it (PostgreSQL ends an idle reader's
  // session): pg reports that as an "error" event, which would end the process unheard.
  let lost: Error | null = null;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on("error", onLost);
  /** Ends the transaction and gives the connection back; a failed one is closed, not reused. */
  const finish = async (failed: boolean) => {
    if (!open) return;
    open = false;
    let broken = failed || lost !== null;
    try {
      if (!lost) await client.query(broken ? "ROLLBACK" : "COMMIT");
    } catch {
      broken = true;
    } finally {
      // A broken connection is closed by the pool and keeps the listener: it may still report.
      if (!broken) client.removeListener("error", onLost);
      client.release(broken);
    }
  };
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // Planned for reading every row (the default plans for the first tenth).
    await client.query("SET LOCAL cursor_tuple_fraction = 1");
    await client.query({ text: `DECLARE ${CURSOR_NAME} NO SCROLL CURSOR FOR ${text}`, values: [...values] });
  } catch (error) {
    await finish(true);
    throw error;
  }
  return {
    read: async (count) => {
      if (!open) throw new Error("This cursor is closed.");
      try {
        if (lost) throw lost;
        const result = await client.query<R & pg.QueryResultRow>(
          `FETCH ${Math.max(1, Math.floor(count))} FROM ${CURSOR_NAME}`,
        );
        return result.rows;
      } catch (error) {
        await finish(true);
        throw error;
      }
    },
    close: () => finish(false),
  };
}
