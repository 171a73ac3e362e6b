// The database's statements let the event loop turn between them (docs/embedded-tail.md): on the
// embedded database a burst of statements used to run back to back inside one iteration, which kept
// Node.js from accepting connections for seconds under load.
import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { directQuery } from "./direct";
import { StatementTurns } from "./statement-turns";

/** A hand-turned event loop: `turn()` runs what was scheduled for the next iteration. */
function manualLoop() {
  let scheduled: (() => void)[] = [];
  return {
    nextTurn: (callback: () => void) => void scheduled.push(callback),
    turn: async () => {
      const due = scheduled;
      scheduled = [];
      for (const callback of due) callback();
      await settle();
    },
    get pending() {
      return scheduled.length;
    },
  };
}

/** Lets every promise continuation run (microtasks only: the hand-turned loop does not move). */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe("statement turns", () => {
  it("starts a statement at once when the database is idle, then one per event-loop iteration, in order", async () => {
    const loop = manualLoop();
    const turns = new StatementTurns(loop.nextTurn);
    const started: number[] = [];
    const finished: number[] = [];
    const runs = [1, 2, 3, 4].map((n) =>
      turns.run(async () => {
        started.push(n);
        await Promise.resolve();
        finished.push(n);
        return n;
      }),
    );
    await settle();
    expect(started).toEqual([1]);
    expect(finished).toEqual([1]);
    expect(turns.waiting).toBe(3);
    for (const expected of [
      [1, 2],
      [1, 2, 3],
      [1, 2, 3, 4],
    ]) {
      await loop.turn();
      expect(started).toEqual(expected);
    }
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    expect(turns.waiting).toBe(0);
  });

  it("holds the turn for a whole transaction, and hands over at once when it outlasted its iteration", async () => {
    const loop = manualLoop();
    const turns = new StatementTurns(loop.nextTurn);
    let commit!: () => void;
    const order: string[] = [];
    const transaction = turns.run(async () => {
      order.push("transaction begins");
      await new Promise<void>((resolve) => (commit = resolve));
      order.push("transaction commits");
    });
    const next = turns.run(async () => void order.push("next statement"));
    await settle();
    // Iterations pass while the transaction waits for the app: the next statement keeps waiting.
    await loop.turn();
    await loop.turn();
    expect(order).toEqual(["transaction begins"]);
    commit();
    await settle();
    expect(order).toEqual(["transaction begins", "transaction commits", "next statement"]);
    await Promise.all([transaction, next]);
  });

  it("lets a failed statement hand its turn over", async () => {
    const loop = manualLoop();
    const turns = new StatementTurns(loop.nextTurn);
    const failed = turns.run(async () => {
      throw new Error("refused");
    });
    const next = turns.run(async () => "ran");
    await expect(failed).rejects.toThrow("refused");
    await loop.turn();
    expect(await next).toBe("ran");
  });

  it("lets the app's event loop turn between the statements of a burst (the database in use)", async () => {
    const db = await getDb();
    const query = directQuery(db);
    await query("SELECT 1");
    let finished = 0;
    let finishedWhenTheLoopTurned: number | null = null;
    setImmediate(() => (finishedWhenTheLoopTurned = finished));
    const burst = Array.from({ length: 20 }, (_, i) =>
      query<{ n: number }>("SELECT $1::int AS n", [i]).then((rows) => {
        finished++;
        return rows[0]!.n;
      }),
    );
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await new Promise((resolve) => setImmediate(resolve));
    // Before: all 20 ran back to back before Node.js looked at its sockets once. PostgreSQL answers
    // over the network, so none has finished by then.
    expect(finishedWhenTheLoopTurned).toBeLessThanOrEqual(1);
  });
});
