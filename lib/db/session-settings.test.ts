// The app's own PostgreSQL sessions run without parallel query workers (lib/db/client.ts: a web
// request's statements are short and many run at once; a parallel plan's 30 ms start took the
// orders list at 1,000,000 orders from 2–5 ms to 39 ms).
import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { CURSOR_IDLE_TIMEOUT_MS } from "./cursor";
import { directCursorOpener } from "./direct";

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL session settings", () => {
  it("plans no parallel workers, for Prisma's statements and the direct ones alike", async () => {
    const db = await getDb();
    const [viaPrisma] = await db.$queryRawUnsafe<{ max_parallel_workers_per_gather: string }[]>(
      "SHOW max_parallel_workers_per_gather",
    );
    expect(viaPrisma).toEqual({ max_parallel_workers_per_gather: "0" });
    const inTransaction = await db.$transaction((tx) =>
      tx.$queryRawUnsafe<{ max_parallel_workers_per_gather: string }[]>(
        "SHOW max_parallel_workers_per_gather",
      ),
    );
    expect(inTransaction).toEqual([{ max_parallel_workers_per_gather: "0" }]);
  });

  it("gives the cursors' connections one parallel worker and the idle reader's cut-off", async () => {
    const open = directCursorOpener(await getDb());
    expect(open).not.toBeNull();
    const cursor = await open!<{ workers: string; idle: string }>(
      "SELECT current_setting('max_parallel_workers_per_gather') AS workers, current_setting('idle_in_transaction_session_timeout') AS idle",
      [],
    );
    const rows = await cursor.read(1);
    await cursor.close();
    expect(rows).toEqual([{ workers: "1", idle: `${CURSOR_IDLE_TIMEOUT_MS / 60_000}min` }]);
  });
});
