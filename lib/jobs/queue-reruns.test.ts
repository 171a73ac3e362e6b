// Jobs that work a queue of their own (webhook deliveries): an enqueue with onDuplicate "rerun"
// while the job runs makes it run once more, a handler's `runAgainAt` queues it again for later,
// and `notify` wakes listeners when the enqueueing transaction commits. On PostgreSQL, an enqueue
// racing with the job's final transaction is never lost.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, listen, type Db } from "@/lib/db/client";
import { enqueueJob, JOBS_CHANNEL, runDueJobs, type JobHandlers } from "@/lib/jobs/queue";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let db: Db;

beforeAll(async () => {
  db = await getDb();
});

beforeEach(async () => {
  await db.job.deleteMany();
});

const jobs = () =>
  db.job.findMany({ where: { name: "t.queue" }, orderBy: [{ created_at: "asc" }, { run_at: "asc" }] });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("onDuplicate: rerun, advance", () => {
  it("advance brings a waiting job's run_at forward, never back; rerun alone leaves it", async () => {
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", runAt: at(60_000), now: T0 });
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", runAt: at(5_000), now: T0, onDuplicate: "rerun" });
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", runAt: at(90_000), now: T0, advance: true });
    expect((await jobs()).map((j) => [j.status, j.run_at, j.rerun_requested])).toEqual([
      ["pending", at(60_000), false],
    ]);
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", runAt: at(5_000), now: T0, advance: true });
    expect((await jobs()).map((j) => [j.status, j.run_at, j.rerun_requested])).toEqual([
      ["pending", at(5_000), false],
    ]);
    // The default ("skip") leaves it alone.
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", runAt: T0, now: T0 });
    expect((await jobs())[0]!.run_at).toEqual(at(5_000));
  });

  it("an enqueue while the job runs makes it run once more right after", async () => {
    const runs: number[] = [];
    const handlers: JobHandlers = {
      "t.queue": {
        ownsTransactions: true,
        run: async (_db, _payload, ctx) => {
          runs.push(ctx.job.attempts);
          // Work arrives while this run is under way (committed at once: outside its transactions).
          if (runs.length === 1)
            await enqueueJob(db, "t.queue", { n: 2 }, { dedupeKey: "q", now: ctx.now, onDuplicate: "rerun" });
        },
      },
    };
    await enqueueJob(db, "t.queue", { n: 1 }, { dedupeKey: "q", now: T0, onDuplicate: "rerun" });
    expect(await runDueJobs(db, handlers, { now: at(1000), limit: 1 })).toMatchObject({ succeeded: 1 });
    const [first, second] = await jobs();
    expect(first).toMatchObject({ status: "succeeded", dedupe_key: null, rerun_requested: true });
    // Queued again under the same key, due at once, with the first job's payload.
    expect(second).toMatchObject({
      status: "pending",
      dedupe_key: "q",
      run_at: at(1000),
      attempts: 0,
      rerun_requested: false,
      payload: { n: 1 },
    });
    expect(await runDueJobs(db, handlers, { now: at(1000) })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(runs).toHaveLength(2);
    // Nothing asked for a third run.
    expect(await runDueJobs(db, handlers, { now: at(2000) })).toMatchObject({ claimed: 0 });
    expect((await jobs()).map((j) => j.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("a claim answers the requests made before it: a retried job does not run twice more", async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      "t.queue": {
        ownsTransactions: true,
        run: async (_db, _payload, ctx) => {
          calls += 1;
          if (calls === 1) {
            await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", now: ctx.now, onDuplicate: "rerun" });
            throw new Error("failed after the request");
          }
        },
      },
    };
    const error = console.error;
    console.error = () => {};
    try {
      await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", now: T0 });
      expect(await runDueJobs(db, handlers, { now: T0 })).toMatchObject({ retried: 1 });
      expect((await jobs()).map((j) => [j.status, j.rerun_requested])).toEqual([["pending", true]]);
      expect(await runDueJobs(db, handlers, { now: at(60_000) })).toMatchObject({ succeeded: 1 });
    } finally {
      console.error = error;
    }
    expect(calls).toBe(2);
    expect((await jobs()).map((j) => j.status)).toEqual(["succeeded"]);
  });
});

describe("runAgainAt", () => {
  it("queues the job again for that time under the same key", async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      "t.queue": {
        run: async () => {
          calls += 1;
          return calls === 1 ? { runAgainAt: at(300_000) } : undefined;
        },
      },
    };
    await enqueueJob(db, "t.queue", { endpoint: "e1" }, { dedupeKey: "q", now: T0 });
    await runDueJobs(db, handlers, { now: T0 });
    expect((await jobs()).map((j) => [j.status, j.dedupe_key, j.run_at, j.payload])).toEqual([
      ["succeeded", null, T0, { endpoint: "e1" }],
      ["pending", "q", at(300_000), { endpoint: "e1" }],
    ]);
    // Meanwhile a plain enqueue of the key is a no-op.
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", now: at(1000) });
    expect(await db.job.count({ where: { name: "t.queue" } })).toBe(2);
    expect((await runDueJobs(db, handlers, { now: at(299_999) })).claimed).toBe(0);
    expect(await runDueJobs(db, handlers, { now: at(300_000) })).toMatchObject({ succeeded: 1 });
    expect(calls).toBe(2);
    expect((await jobs()).map((j) => j.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("a rerun requested during the run wins over a later runAgainAt", async () => {
    const handlers: JobHandlers = {
      "t.queue": {
        ownsTransactions: true,
        run: async (_db, _payload, ctx) => {
          await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", now: ctx.now, onDuplicate: "rerun" });
          return { runAgainAt: at(3_600_000) };
        },
      },
    };
    await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", now: T0 });
    await runDueJobs(db, handlers, { now: T0, limit: 1 });
    expect((await jobs()).map((j) => [j.status, j.run_at])).toEqual([
      ["succeeded", T0],
      ["pending", T0],
    ]);
  });
});

describe("notify", () => {
  it("wakes listeners when the enqueueing transaction commits, not when it rolls back", async () => {
    const heard: string[] = [];
    const unlisten = await listen(JOBS_CHANNEL, (payload) => heard.push(payload));
    try {
      const wait = (count: number) =>
        vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(count), { timeout: 2000, interval: 10 });
      await db.$transaction(async (tx) => {
        await enqueueJob(tx, "t.queue", {}, { now: T0, notify: true });
        // An absence inside an open transaction can only be watched for a while: this wait is the
        // subject (nothing heard before the commit), not a wait for something to happen.
        await new Promise((r) => setTimeout(r, 50));
        expect(heard).toEqual([]);
      });
      await wait(1);
      expect(heard).toEqual(["t.queue"]);
      await db
        .$transaction(async (tx) => {
          await enqueueJob(tx, "t.other", {}, { now: T0, notify: true });
          throw new Error("rolled back");
        })
        .catch(() => {});
      await enqueueJob(db, "t.queue", {}, { now: T0 });
      await enqueueJob(db, "t.last", {}, { now: T0, notify: true });
      await wait(2);
      expect(heard).toEqual(["t.queue", "t.last"]);
    } finally {
      await unlisten();
    }
  });
});

describe.skipIf(!onPostgres)("an enqueue racing with the job's last transaction (PostgreSQL)", () => {
  it("is never lost: the job either sees the flag or the key is free for a new job", async () => {
    for (const commitFirst of ["enqueue", "finish"] as const) {
      await db.job.deleteMany();
      const handlerDone = deferred();
      const enqueueWaiting = deferred();
      const handlers: JobHandlers = {
        "t.queue": {
          ownsTransactions: true,
          run: async () => {
            handlerDone.resolve();
            // The run has looked at its work; the enqueue happens between now and its last commit.
            if (commitFirst === "enqueue") await enqueueWaiting.promise;
          },
        },
      };
      await enqueueJob(db, "t.queue", {}, { dedupeKey: "q", now: T0 });
      let finished = false;
      const running = runDueJobs(db, handlers, { now: T0, limit: 1 }).finally(() => (finished = true));
      await handlerDone.promise;
      const enqueued = db.$transaction(async (tx) => {
        await enqueueJob(tx, "t.queue", {}, { dedupeKey: "q", now: T0, onDuplicate: "rerun" });
        enqueueWaiting.resolve();
        // Still uncommitted: the job row is locked, so the job's finish waits for this commit. It
        // commits once the finish is either done or seen waiting for that lock.
        await vi.waitFor(
          async () => {
            if (finished) return;
            const [row] = await db.$queryRaw<{ n: number }[]>`
              SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`;
            expect(row!.n, "the job's finish waiting for the lock").toBeGreaterThan(0);
          },
          { timeout: 4000, interval: 5 },
        );
      });
      await Promise.all([running, enqueued]);
      const rows = await jobs();
      expect(
        rows.filter((j) => j.status === "pending" && j.dedupe_key === "q"),
        commitFirst,
      ).toHaveLength(1);
    }
  });
});
