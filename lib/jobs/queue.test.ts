// The durable job queue on a real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL),
// driven with an injected clock. Handlers record their work in a scratch table of this file's own
// database, so "ran exactly once" and "left nothing behind" are counted in rows, not in memory.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import {
  DEFAULT_LEASE_MS,
  enqueueJob,
  ensureRecurringJobs,
  retryDelayMs,
  runDueJobs,
  type JobContext,
  type JobHandlers,
} from "@/lib/jobs/queue";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let db: Db;

beforeAll(async () => {
  db = await getDb();
  await db.$executeRawUnsafe(
    `CREATE TABLE job_effects (id serial PRIMARY KEY, job_id uuid NOT NULL, worker text NOT NULL, value text)`,
  );
});

beforeEach(async () => {
  await db.job.deleteMany();
  await db.$executeRawUnsafe(`DELETE FROM job_effects`);
  vi.restoreAllMocks();
});

type Effect = { job_id: string; worker: string; value: string | null };

async function effect(tx: Tx, ctx: JobContext, worker: string, value: string | null = null) {
  await tx.$executeRaw`INSERT INTO job_effects (job_id, worker, value) VALUES (${ctx.job.id}::uuid, ${worker}, ${value})`;
}

const effects = () =>
  db.$queryRaw<Effect[]>`SELECT job_id::text AS job_id, worker, value FROM job_effects ORDER BY id`;

const jobsNamed = (name: string) => db.job.findMany({ where: { name }, orderBy: { run_at: "asc" } });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Quiet the queue's console.error for handlers that fail on purpose. */
const quiet = () => vi.spyOn(console, "error").mockImplementation(() => {});

describe("enqueueJob and runDueJobs", () => {
  it("runs a due job once with its payload and marks it succeeded", async () => {
    const seen: { payload: unknown; now: Date; attempts: number }[] = [];
    const handlers: JobHandlers = {
      "t.echo": {
        run: async (tx, payload, ctx) => {
          seen.push({ payload, now: ctx.now, attempts: ctx.job.attempts });
          await effect(tx, ctx, "w1", JSON.stringify(payload));
        },
      },
    };
    await enqueueJob(db, "t.echo", { n: 42, tags: ["a"] }, { dedupeKey: "echo:1", now: T0 });
    const [queued] = await jobsNamed("t.echo");
    expect(queued).toMatchObject({ status: "pending", attempts: 0, run_at: T0, dedupe_key: "echo:1" });

    expect(await runDueJobs(db, handlers, { now: T0, workerId: "w1" })).toEqual({
      claimed: 1,
      succeeded: 1,
      failed: 0,
      retried: 0,
    });
    expect(seen).toEqual([{ payload: { n: 42, tags: ["a"] }, now: T0, attempts: 1 }]);
    const [job] = await jobsNamed("t.echo");
    expect(job).toMatchObject({
      status: "succeeded",
      attempts: 1,
      finished_at: T0,
      dedupe_key: null,
      locked_at: null,
      locked_by: "w1",
      last_error: null,
    });

    // Nothing left to do: later passes claim nothing and the handler never runs again.
    expect((await runDueJobs(db, handlers, { now: at(3_600_000), workerId: "w2" })).claimed).toBe(0);
    expect(seen).toHaveLength(1);
    expect(await effects()).toEqual([{ job_id: job!.id, worker: "w1", value: '{"n":42,"tags":["a"]}' }]);
  });

  it("does not run a job before its run_at", async () => {
    const run = vi.fn(async () => {});
    const handlers: JobHandlers = { "t.later": { run } };
    await enqueueJob(db, "t.later", {}, { runAt: at(60_000), now: T0 });

    expect((await runDueJobs(db, handlers, { now: T0 })).claimed).toBe(0);
    expect((await runDueJobs(db, handlers, { now: at(59_999) })).claimed).toBe(0);
    expect(run).not.toHaveBeenCalled();
    expect((await jobsNamed("t.later"))[0]).toMatchObject({ status: "pending", attempts: 0 });

    expect(await runDueJobs(db, handlers, { now: at(60_000) })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs due jobs oldest run_at first and respects the limit", async () => {
    const order: number[] = [];
    const handlers: JobHandlers = {
      "t.order": { run: async (_tx, payload: { n: number }) => void order.push(payload.n) },
    };
    for (const n of [3, 1, 2]) await enqueueJob(db, "t.order", { n }, { runAt: at(n * 1000), now: T0 });
    expect((await runDueJobs(db, handlers, { now: at(10_000), limit: 2 })).claimed).toBe(2);
    expect(order).toEqual([1, 2]);
    expect((await runDueJobs(db, handlers, { now: at(10_000), limit: 2 })).claimed).toBe(1);
    expect(order).toEqual([1, 2, 3]);
  });

  it("a dedupe key allows one pending or running job, and a new one after success", async () => {
    const duplicatesWhileRunning: number[] = [];
    const handlers: JobHandlers = {
      "t.dedupe": {
        run: async (tx, _payload, ctx) => {
          // While the job runs, its key is still held: enqueueing it again is a no-op.
          await enqueueJob(tx, "t.dedupe", { n: 99 }, { dedupeKey: "dd", now: ctx.now });
          duplicatesWhileRunning.push(await tx.job.count({ where: { name: "t.dedupe" } }));
          await effect(tx, ctx, "w");
        },
      },
    };
    await enqueueJob(db, "t.dedupe", { n: 1 }, { dedupeKey: "dd", now: T0 });
    await enqueueJob(db, "t.dedupe", { n: 2 }, { dedupeKey: "dd", now: T0 });
    const pending = await jobsNamed("t.dedupe");
    expect(pending).toHaveLength(1);
    expect(pending[0]!.payload).toEqual({ n: 1 });

    expect(await runDueJobs(db, handlers, { now: T0 })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(duplicatesWhileRunning).toEqual([1]);
    expect(await jobsNamed("t.dedupe")).toHaveLength(1);

    await enqueueJob(db, "t.dedupe", { n: 3 }, { dedupeKey: "dd", now: at(1000) });
    const after = await jobsNamed("t.dedupe");
    expect(after.map((job) => [job.status, job.dedupe_key, job.payload])).toEqual([
      ["succeeded", null, { n: 1 }],
      ["pending", "dd", { n: 3 }],
    ]);
    // Jobs without a key never collide.
    await enqueueJob(db, "t.dedupe", { n: 4 }, { now: at(1000) });
    await enqueueJob(db, "t.dedupe", { n: 4 }, { now: at(1000) });
    expect(await jobsNamed("t.dedupe")).toHaveLength(4);
  });

  it("rolls back a failing handler's writes and retries it with exponential backoff", async () => {
    quiet();
    let calls = 0;
    const handlers: JobHandlers = {
      "t.flaky": {
        run: async (tx, _payload, ctx) => {
          calls += 1;
          await effect(tx, ctx, "w", `attempt ${ctx.job.attempts}`);
          if (calls < 3) throw new Error(`boom ${calls}`);
        },
      },
    };
    await enqueueJob(db, "t.flaky", {}, { dedupeKey: "flaky", now: T0 });

    expect(await runDueJobs(db, handlers, { now: T0, workerId: "w" })).toEqual({
      claimed: 1,
      succeeded: 0,
      failed: 0,
      retried: 1,
    });
    expect(await effects()).toEqual([]);
    let [job] = await jobsNamed("t.flaky");
    expect(job).toMatchObject({
      status: "pending",
      attempts: 1,
      run_at: at(retryDelayMs(1)),
      locked_at: null,
      locked_by: null,
      finished_at: null,
      dedupe_key: "flaky",
    });
    expect(job!.last_error).toBe("Error: boom 1");
    expect(retryDelayMs(1)).toBe(2000);

    // Not before the backoff has passed.
    expect((await runDueJobs(db, handlers, { now: at(retryDelayMs(1) - 1) })).claimed).toBe(0);
    const second = at(retryDelayMs(1));
    expect(await runDueJobs(db, handlers, { now: second })).toMatchObject({ claimed: 1, retried: 1 });
    [job] = await jobsNamed("t.flaky");
    expect(job).toMatchObject({ status: "pending", attempts: 2, last_error: "Error: boom 2" });
    expect(job!.run_at).toEqual(new Date(second.getTime() + retryDelayMs(2)));
    expect(retryDelayMs(2)).toBe(4000);
    expect(await effects()).toEqual([]);

    const third = job!.run_at;
    expect(await runDueJobs(db, handlers, { now: third })).toMatchObject({ claimed: 1, succeeded: 1 });
    [job] = await jobsNamed("t.flaky");
    expect(job).toMatchObject({ status: "succeeded", attempts: 3, last_error: null, finished_at: third });
    expect((await effects()).map((e) => e.value)).toEqual(["attempt 3"]);
  });

  it("caps the backoff at an hour", () => {
    expect(retryDelayMs(3)).toBe(8000);
    expect(retryDelayMs(11)).toBe(2_048_000);
    expect(retryDelayMs(12)).toBe(3_600_000);
    expect(retryDelayMs(40)).toBe(3_600_000);
  });

  it("after maxAttempts marks the job failed and commits onPermanentFailure's writes", async () => {
    quiet();
    const reasons: string[] = [];
    const handlers: JobHandlers = {
      "t.doomed": {
        run: async (tx, _payload, ctx) => {
          await effect(tx, ctx, "run");
          throw new Error("still broken");
        },
        onPermanentFailure: async (tx, payload: { id: string }, reason, ctx) => {
          reasons.push(reason);
          await effect(tx, ctx, "onPermanentFailure", payload.id);
        },
      },
    };
    await enqueueJob(db, "t.doomed", { id: "x1" }, { dedupeKey: "doomed", maxAttempts: 3, now: T0 });

    let now = T0;
    for (const attempt of [1, 2]) {
      expect(await runDueJobs(db, handlers, { now })).toMatchObject({ claimed: 1, retried: 1 });
      const [job] = await jobsNamed("t.doomed");
      expect(job).toMatchObject({ status: "pending", attempts: attempt });
      now = job!.run_at;
    }
    expect(reasons).toEqual([]);
    expect(await runDueJobs(db, handlers, { now })).toEqual({
      claimed: 1,
      succeeded: 0,
      failed: 1,
      retried: 0,
    });
    const [job] = await jobsNamed("t.doomed");
    expect(job).toMatchObject({
      status: "failed",
      attempts: 3,
      finished_at: now,
      dedupe_key: null,
      locked_at: null,
      last_error: "Error: still broken",
    });
    expect(reasons).toEqual(["Error: still broken"]);
    expect(await effects()).toEqual([{ job_id: job!.id, worker: "onPermanentFailure", value: "x1" }]);
    // Failed for good: never claimed again, and the key is free for a fresh job.
    expect((await runDueJobs(db, handlers, { now: at(86_400_000) })).claimed).toBe(0);
    await enqueueJob(db, "t.doomed", { id: "x2" }, { dedupeKey: "doomed", now: at(86_400_000) });
    expect(await jobsNamed("t.doomed")).toHaveLength(2);
  });

  it("a handler's own maxAttempts decides when it gives up", async () => {
    quiet();
    const onPermanentFailure = vi.fn(async () => {});
    const handlers: JobHandlers = {
      "t.once": {
        maxAttempts: 1,
        run: async () => {
          throw new Error("no retries");
        },
        onPermanentFailure,
      },
    };
    await enqueueJob(db, "t.once", {}, { now: T0 });
    expect(await runDueJobs(db, handlers, { now: T0 })).toMatchObject({ claimed: 1, failed: 1 });
    expect((await jobsNamed("t.once"))[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(onPermanentFailure).toHaveBeenCalledTimes(1);
  });

  it("rolls back a failure that onPermanentFailure cannot record, and tries again after the lease", async () => {
    quiet();
    let failRecording = true;
    const handlers: JobHandlers = {
      "t.unrecordable": {
        maxAttempts: 1,
        run: async () => {
          throw new Error("broken");
        },
        onPermanentFailure: async (tx, _payload, _reason, ctx) => {
          await effect(tx, ctx, "onPermanentFailure");
          if (failRecording) throw new Error("cannot record");
        },
      },
    };
    await enqueueJob(db, "t.unrecordable", {}, { now: T0 });
    await runDueJobs(db, handlers, { now: T0, workerId: "w1" });
    expect(await effects()).toEqual([]);
    expect((await jobsNamed("t.unrecordable"))[0]).toMatchObject({ status: "running", locked_by: "w1" });

    failRecording = false;
    const later = at(DEFAULT_LEASE_MS + 1);
    expect(await runDueJobs(db, handlers, { now: later, workerId: "w2" })).toMatchObject({
      claimed: 1,
      failed: 1,
    });
    expect((await jobsNamed("t.unrecordable"))[0]).toMatchObject({ status: "failed", attempts: 2 });
    expect(await effects()).toHaveLength(1);
  });

  it("fails a job that has no handler", async () => {
    quiet();
    await enqueueJob(db, "t.unknown", { a: 1 }, { dedupeKey: "unknown", now: T0 });
    expect(await runDueJobs(db, {}, { now: T0 })).toEqual({
      claimed: 1,
      succeeded: 0,
      failed: 1,
      retried: 0,
    });
    const [job] = await jobsNamed("t.unknown");
    expect(job).toMatchObject({ status: "failed", attempts: 1, dedupe_key: null, finished_at: T0 });
    expect(job!.last_error).toMatch(/No handler is registered for job "t\.unknown"/);
  });
});

describe("leases", () => {
  const leaseHandlers = (worker: string): JobHandlers => ({
    "t.lease": { run: (tx, _payload, ctx) => effect(tx, ctx, worker, String(ctx.job.attempts)) },
  });

  /** A view of `db` whose transactions wait for `gate`: the worker claimed its jobs, then stalled. */
  function stallingDb(gate: Promise<void>, onStall: () => void): Db {
    return new Proxy(db, {
      get(target, property) {
        if (property === "$transaction") {
          return async (...args: unknown[]) => {
            onStall();
            await gate;
            return (target.$transaction as (...a: unknown[]) => Promise<unknown>)(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  it("re-claims a running job whose lease expired, and the first worker's late finish cannot commit", async () => {
    quiet();
    await enqueueJob(db, "t.lease", {}, { dedupeKey: "lease", now: T0 });
    const gate = deferred();
    const stalled = deferred();
    const workerA = runDueJobs(stallingDb(gate.promise, stalled.resolve), leaseHandlers("A"), {
      workerId: "A",
      now: T0,
    });
    await stalled.promise;
    expect((await jobsNamed("t.lease"))[0]).toMatchObject({
      status: "running",
      locked_by: "A",
      locked_at: T0,
      attempts: 1,
    });

    // While A's lease holds, nobody else takes the job.
    expect(
      (await runDueJobs(db, leaseHandlers("B"), { workerId: "B", now: at(DEFAULT_LEASE_MS) })).claimed,
    ).toBe(0);
    const later = at(DEFAULT_LEASE_MS + 1);
    expect(await runDueJobs(db, leaseHandlers("B"), { workerId: "B", now: later })).toEqual({
      claimed: 1,
      succeeded: 1,
      failed: 0,
      retried: 0,
    });

    // A wakes up and runs the job it claimed long ago: its work must not commit.
    gate.resolve();
    expect(await workerA).toEqual({ claimed: 1, succeeded: 0, failed: 0, retried: 1 });
    const [job] = await jobsNamed("t.lease");
    expect(job).toMatchObject({ status: "succeeded", locked_by: "B", attempts: 2, finished_at: later });
    expect(await effects()).toEqual([{ job_id: job!.id, worker: "B", value: "2" }]);
  });

  it("a stale claim cannot commit even when the new claim has the same worker id", async () => {
    // runDueJobs' default id is per process (`worker-<pid>`): two passes of one process, or two
    // containers that both run as pid 1, share it. The claim itself must be what finishing checks.
    quiet();
    await enqueueJob(db, "t.lease", {}, { dedupeKey: "lease", now: T0 });
    const gateFirst = deferred();
    const stalledFirst = deferred();
    const first = runDueJobs(stallingDb(gateFirst.promise, stalledFirst.resolve), leaseHandlers("first"), {
      now: T0,
    });
    await stalledFirst.promise;
    // The second pass re-claims the job after the lease and is about to run it...
    const gateSecond = deferred();
    const stalledSecond = deferred();
    const later = at(DEFAULT_LEASE_MS + 1);
    const second = runDueJobs(
      stallingDb(gateSecond.promise, stalledSecond.resolve),
      leaseHandlers("second"),
      {
        now: later,
      },
    );
    await stalledSecond.promise;
    // ...when the stale first pass wakes up and finishes first: it must not commit.
    gateFirst.resolve();
    expect(await first).toEqual({ claimed: 1, succeeded: 0, failed: 0, retried: 1 });
    gateSecond.resolve();
    expect(await second).toEqual({ claimed: 1, succeeded: 1, failed: 0, retried: 0 });
    const [job] = await jobsNamed("t.lease");
    expect(job).toMatchObject({ status: "succeeded", attempts: 2, finished_at: later });
    expect(await effects()).toEqual([{ job_id: job!.id, worker: "second", value: "2" }]);
  });

  it("a stale claim's failure does not put back a job another claim is running", async () => {
    quiet();
    await enqueueJob(db, "t.lease", {}, { dedupeKey: "lease", now: T0 });
    const failing: JobHandlers = {
      "t.lease": {
        run: async () => {
          throw new Error("stale worker failed");
        },
      },
    };
    const gateFirst = deferred();
    const stalledFirst = deferred();
    const first = runDueJobs(stallingDb(gateFirst.promise, stalledFirst.resolve), failing, { now: T0 });
    await stalledFirst.promise;
    const gateSecond = deferred();
    const stalledSecond = deferred();
    const later = at(DEFAULT_LEASE_MS + 1);
    const second = runDueJobs(
      stallingDb(gateSecond.promise, stalledSecond.resolve),
      leaseHandlers("second"),
      {
        now: later,
      },
    );
    await stalledSecond.promise;

    gateFirst.resolve();
    expect(await first).toMatchObject({ claimed: 1, succeeded: 0 });
    // Still held by the second claim: not back to pending, where a third worker could take it.
    expect((await jobsNamed("t.lease"))[0]).toMatchObject({
      status: "running",
      locked_at: later,
      attempts: 2,
      last_error: null,
    });
    expect((await runDueJobs(db, leaseHandlers("third"), { workerId: "third", now: later })).claimed).toBe(0);

    gateSecond.resolve();
    expect(await second).toMatchObject({ claimed: 1, succeeded: 1 });
    expect((await effects()).map((row) => row.worker)).toEqual(["second"]);
  });

  it("gives up on a job whose workers keep dying once maxAttempts claims have run out", async () => {
    quiet();
    const run = vi.fn(async () => {});
    const reasons: string[] = [];
    const handlers: JobHandlers = {
      "t.poison": {
        maxAttempts: 2,
        run,
        onPermanentFailure: async (_tx, _payload, reason) => void reasons.push(reason),
      },
    };
    await enqueueJob(db, "t.poison", {}, { dedupeKey: "poison", now: T0 });
    // Two workers claim it and die (their passes never get to run the job).
    const never = new Promise<void>(() => {});
    for (const [worker, now] of [
      ["dies-1", T0],
      ["dies-2", at(DEFAULT_LEASE_MS + 1)],
    ] as const) {
      const stalled = deferred();
      void runDueJobs(stallingDb(never, stalled.resolve), handlers, { workerId: worker, now });
      await stalled.promise;
    }
    expect((await jobsNamed("t.poison"))[0]).toMatchObject({ status: "running", attempts: 2 });

    // The third claim is past maxAttempts: the job fails for good instead of running forever.
    const later = at(2 * DEFAULT_LEASE_MS + 2);
    expect(await runDueJobs(db, handlers, { workerId: "w3", now: later })).toMatchObject({
      claimed: 1,
      failed: 1,
    });
    expect(run).not.toHaveBeenCalled();
    const [job] = await jobsNamed("t.poison");
    expect(job).toMatchObject({ status: "failed", attempts: 3, finished_at: later, dedupe_key: null });
    expect(job!.last_error).toMatch(/2 attempts/);
    expect(reasons).toEqual([job!.last_error]);
  });

  it("a recurring job whose workers keep dying is simply rescheduled", async () => {
    quiet();
    const run = vi.fn(async () => {});
    const handlers: JobHandlers = { "t.tick": { repeatEveryMs: 60_000, maxAttempts: 1, run } };
    await ensureRecurringJobs(db, handlers, T0);
    const stalled = deferred();
    void runDueJobs(stallingDb(new Promise<void>(() => {}), stalled.resolve), handlers, {
      workerId: "dies",
      now: T0,
    });
    await stalled.promise;
    const later = at(DEFAULT_LEASE_MS + 1);
    expect(await runDueJobs(db, handlers, { workerId: "w2", now: later })).toMatchObject({
      claimed: 1,
      retried: 1,
    });
    expect(run).not.toHaveBeenCalled();
    expect((await jobsNamed("t.tick"))[0]).toMatchObject({
      status: "pending",
      attempts: 0,
      run_at: at(DEFAULT_LEASE_MS + 1 + 60_000),
      dedupe_key: "recurring:t.tick",
    });
  });

  it.skipIf(!onPostgres)(
    "a worker whose lease expired while its transaction was open rolls back (PostgreSQL)",
    async () => {
      quiet();
      await enqueueJob(db, "t.lease", {}, { dedupeKey: "lease", now: T0 });
      const entered = deferred();
      const gate = deferred();
      const slowA: JobHandlers = {
        "t.lease": {
          run: async (tx, _payload, ctx) => {
            await effect(tx, ctx, "A", String(ctx.job.attempts));
            entered.resolve();
            await gate.promise;
          },
        },
      };
      const workerA = runDueJobs(db, slowA, { workerId: "A", now: T0 });
      await entered.promise;

      const later = at(DEFAULT_LEASE_MS + 1);
      expect(await runDueJobs(db, leaseHandlers("B"), { workerId: "B", now: later })).toMatchObject({
        claimed: 1,
        succeeded: 1,
      });
      gate.resolve();
      expect(await workerA).toEqual({ claimed: 1, succeeded: 0, failed: 0, retried: 1 });
      const [job] = await jobsNamed("t.lease");
      expect(job).toMatchObject({ status: "succeeded", locked_by: "B", attempts: 2 });
      expect(await effects()).toEqual([{ job_id: job!.id, worker: "B", value: "2" }]);
    },
  );
});

describe("claims and heartbeats", () => {
  it("claims a job only when it is about to run it: the rest of the backlog stays free", async () => {
    for (const key of ["a", "b", "c"]) await enqueueJob(db, "t.one", { key }, { dedupeKey: key, now: T0 });
    const seen: string[][] = [];
    const handlers: JobHandlers = {
      "t.one": {
        run: async (tx, _payload, ctx) => {
          const running = await tx.job.findMany({ where: { status: "running" }, select: { id: true } });
          seen.push(running.map((job) => job.id));
          await effect(tx, ctx, "w");
        },
      },
    };
    expect(await runDueJobs(db, handlers, { now: T0, workerId: "w" })).toMatchObject({
      claimed: 3,
      succeeded: 3,
    });
    const ids = (await jobsNamed("t.one")).map((job) => job.id);
    // While each job ran, it was the only one this worker held.
    expect(seen).toEqual(ids.map((id) => [id]));
  });

  // A job waiting on the network outside any transaction (a processor call), and on PostgreSQL one
  // inside its transaction (the embedded database has one connection: nothing else runs meanwhile).
  for (const ownsTransactions of [true, false]) {
    it.skipIf(!ownsTransactions && !onPostgres)(
      `renews the lease while a job runs, so a live worker's job is not taken over (${ownsTransactions ? "outside" : "inside"} a transaction)`,
      async () => {
        await enqueueJob(db, "t.slow", {}, { dedupeKey: "slow", now: T0 });
        const entered = deferred();
        const gate = deferred();
        const wait = async () => {
          entered.resolve();
          await gate.promise;
        };
        const handlers: JobHandlers = {
          "t.slow": ownsTransactions
            ? {
                ownsTransactions,
                run: async (own, _payload, ctx) => {
                  await wait();
                  await own.$transaction((tx) => effect(tx, ctx, "A"));
                },
              }
            : {
                run: async (tx, _payload, ctx) => {
                  await wait();
                  await effect(tx, ctx, "A");
                },
              },
        };
        const leaseMs = 300;
        const workerA = runDueJobs(db, handlers, { workerId: "A", now: T0, leaseMs });
        await entered.promise;
        // Several heartbeats later (each renews locked_at), past the lease A started with, its
        // claim is still fresh. (The third renewal can land exactly at the lease's end: wait for
        // one past it.)
        const renewals = new Set<number>();
        await vi.waitFor(
          async () => {
            const [job] = await jobsNamed("t.slow");
            renewals.add(job!.locked_at!.getTime());
            expect(renewals.size, "locked_at values seen").toBeGreaterThanOrEqual(4);
            expect(Math.max(...renewals), "newest locked_at").toBeGreaterThan(T0.getTime() + leaseMs);
          },
          { timeout: 30 * leaseMs, interval: leaseMs / 10 },
        );
        const [running] = await jobsNamed("t.slow");
        expect(running!.locked_at!.getTime()).toBeGreaterThan(T0.getTime() + leaseMs);
        expect(
          (await runDueJobs(db, handlers, { workerId: "B", now: at(leaseMs + 1), leaseMs })).claimed,
        ).toBe(0);
        gate.resolve();
        expect(await workerA).toMatchObject({ claimed: 1, succeeded: 1 });
        expect(await effects()).toEqual([{ job_id: running!.id, worker: "A", value: null }]);
      },
    );
  }
});

describe("handlers that own their transactions", () => {
  it("run outside the queue's transaction; the job is marked succeeded after their work", async () => {
    await enqueueJob(db, "t.own", {}, { dedupeKey: "own", now: T0 });
    const handlers: JobHandlers = {
      "t.own": {
        ownsTransactions: true,
        run: async (own, _payload, ctx) => {
          await own.$transaction(async (tx) => {
            await ctx.assertHeld(tx);
            await effect(tx, ctx, "own", "first");
          });
          // Committed already, before the job finishes: the next step could be a processor call.
          expect(await effects()).toHaveLength(1);
          await own.$transaction((tx) => effect(tx, ctx, "own", "second"));
        },
      },
    };
    expect(await runDueJobs(db, handlers, { now: T0 })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect((await effects()).map((e) => e.value)).toEqual(["first", "second"]);
    expect((await jobsNamed("t.own"))[0]).toMatchObject({ status: "succeeded", finished_at: T0 });
  });

  // Each way a handler that owns its transactions writes: A stalls (its lease longer than the test,
  // so its heartbeat never fires), B takes the job over, then A resumes and must write nothing.
  const ownWrites: [string, (own: Db, ctx: JobContext, worker: string) => Promise<unknown>][] = [
    [
      "a transaction checked by assertHeld",
      (own, ctx, worker) =>
        own.$transaction(async (tx) => {
          await ctx.assertHeld(tx);
          await effect(tx, ctx, worker);
        }),
    ],
    [
      "a single statement conditioned on stillHeld",
      (own, ctx, worker) => own.$executeRaw`INSERT INTO job_effects (job_id, worker)
                                             SELECT ${ctx.job.id}::uuid, ${worker} WHERE ${ctx.stillHeld}`,
    ],
  ];
  it.each(ownWrites)("a worker that lost its lease commits nothing through %s", async (_name, write) => {
    quiet();
    await enqueueJob(db, "t.own", {}, { dedupeKey: "own", now: T0 });
    const entered = deferred();
    const gate = deferred();
    const handlers = (worker: string, wait: boolean): JobHandlers => ({
      "t.own": {
        ownsTransactions: true,
        run: async (own, _payload, ctx) => {
          if (wait) {
            entered.resolve();
            await gate.promise;
          }
          await write(own, ctx, worker);
        },
      },
    });
    const workerA = runDueJobs(db, handlers("A", true), { workerId: "A", now: T0 });
    await entered.promise;
    const later = at(DEFAULT_LEASE_MS + 1);
    expect(await runDueJobs(db, handlers("B", false), { workerId: "B", now: later })).toMatchObject({
      claimed: 1,
      succeeded: 1,
    });
    gate.resolve();
    // A wrote nothing, and its finish (on the same condition) found the job taken: retried.
    expect(await workerA).toEqual({ claimed: 1, succeeded: 0, failed: 0, retried: 1 });
    expect((await effects()).map((e) => e.worker)).toEqual(["B"]);
    expect((await jobsNamed("t.own"))[0]).toMatchObject({ status: "succeeded", locked_by: "B", attempts: 2 });
  });
});

describe("recurring jobs", () => {
  it("ensureRecurringJobs queues one occurrence per recurring handler, however often it runs", async () => {
    const handlers: JobHandlers = {
      "t.tick": { repeatEveryMs: 60_000, run: async () => {} },
      "t.plain": { run: async () => {} },
    };
    await ensureRecurringJobs(db, handlers, T0);
    await ensureRecurringJobs(db, handlers, T0);
    await Promise.all([ensureRecurringJobs(db, handlers, at(5)), ensureRecurringJobs(db, handlers, at(5))]);
    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      name: "t.tick",
      status: "pending",
      run_at: T0,
      dedupe_key: "recurring:t.tick",
    });
  });

  it("runs a recurring handler and schedules its next occurrence repeatEveryMs later", async () => {
    const runs: Date[] = [];
    const handlers: JobHandlers = {
      "t.tick": {
        repeatEveryMs: 60_000,
        run: async (tx, _payload, ctx) => {
          runs.push(ctx.now);
          await effect(tx, ctx, "tick");
        },
      },
    };
    await ensureRecurringJobs(db, handlers, T0);
    expect(await runDueJobs(db, handlers, { now: T0 })).toMatchObject({ claimed: 1, succeeded: 1 });
    let jobs = await jobsNamed("t.tick");
    expect(jobs.map((job) => [job.status, job.run_at, job.dedupe_key])).toEqual([
      ["succeeded", T0, null],
      ["pending", at(60_000), "recurring:t.tick"],
    ]);

    // At start-up again: the next occurrence is already queued.
    await ensureRecurringJobs(db, handlers, at(1000));
    expect(await jobsNamed("t.tick")).toHaveLength(2);
    expect((await runDueJobs(db, handlers, { now: at(59_999) })).claimed).toBe(0);
    expect(await runDueJobs(db, handlers, { now: at(60_000) })).toMatchObject({ claimed: 1, succeeded: 1 });
    jobs = await jobsNamed("t.tick");
    expect(jobs.filter((job) => job.status === "pending").map((job) => job.run_at)).toEqual([at(120_000)]);
    expect(runs).toEqual([T0, at(60_000)]);
    expect(await effects()).toHaveLength(2);
  });

  it("a failing recurring job rolls back and simply tries again at its next occurrence", async () => {
    quiet();
    let fail = true;
    const handlers: JobHandlers = {
      "t.tick": {
        repeatEveryMs: 60_000,
        maxAttempts: 1,
        run: async (tx, _payload, ctx) => {
          await effect(tx, ctx, "tick");
          if (fail) throw new Error("tick failed");
        },
      },
    };
    await ensureRecurringJobs(db, handlers, T0);
    expect(await runDueJobs(db, handlers, { now: T0 })).toMatchObject({ claimed: 1, retried: 1 });
    let jobs = await jobsNamed("t.tick");
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      status: "pending",
      run_at: at(60_000),
      attempts: 0,
      dedupe_key: "recurring:t.tick",
      last_error: "Error: tick failed",
    });
    expect(await effects()).toEqual([]);

    fail = false;
    expect(await runDueJobs(db, handlers, { now: at(60_000) })).toMatchObject({ claimed: 1, succeeded: 1 });
    jobs = await jobsNamed("t.tick");
    expect(jobs.map((job) => [job.status, job.run_at])).toEqual([
      ["succeeded", at(60_000)],
      ["pending", at(120_000)],
    ]);
  });
});

describe("concurrent workers", () => {
  it("two workers at once run each of 20 jobs exactly once", async () => {
    const handlers: JobHandlers = {
      "t.parallel": {
        run: async (tx, payload: { n: number }, ctx) => {
          await effect(tx, ctx, ctx.job.locked_by ?? "?", String(payload.n));
          // Hold the transaction a little, so the workers' passes really overlap: the job's work
          // (the database's own clock), not a wait of the test.
          await tx.$executeRaw`SELECT pg_sleep(0.005)`;
        },
      },
    };
    for (let n = 0; n < 20; n++) await enqueueJob(db, "t.parallel", { n }, { now: T0 });

    const work = async (workerId: string) => {
      let claimed = 0;
      for (;;) {
        const result = await runDueJobs(db, handlers, { workerId, now: T0, limit: 3 });
        expect(result.claimed).toBe(result.succeeded);
        if (!result.claimed) return claimed;
        claimed += result.claimed;
      }
    };
    const started = Date.now();
    const [a, b] = await Promise.all([work("A"), work("B")]);
    console.log(`20 jobs on two workers: A ran ${a}, B ran ${b} in ${Date.now() - started} ms`);
    expect(a + b).toBe(20);
    if (onPostgres) {
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }

    const rows = await effects();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.value)).size).toBe(20);
    expect(new Set(rows.map((row) => row.job_id)).size).toBe(20);
    const jobs = await jobsNamed("t.parallel");
    expect(jobs.every((job) => job.status === "succeeded" && job.attempts === 1)).toBe(true);
    // Each effect was written by the worker that holds the job.
    for (const row of rows) expect(jobs.find((job) => job.id === row.job_id)?.locked_by).toBe(row.worker);
  });
});

describe("concurrency within one worker", () => {
  /**
   * Jobs that wait, outside any transaction (the embedded database runs one at a time), until
   * `together` of them run at once, then write their effect under the claim's fencing.
   */
  function meetingHandlers(together: number, worker: string) {
    let running = 0;
    let peak = 0;
    const everyone = deferred();
    const handlers: JobHandlers = {
      "t.meet": {
        ownsTransactions: true,
        run: async (own, payload: { n: number }, ctx) => {
          running += 1;
          peak = Math.max(peak, running);
          if (running >= together) everyone.resolve();
          await everyone.promise;
          await own.$transaction(async (tx) => {
            await ctx.assertHeld(tx);
            await effect(tx, ctx, worker, String(payload.n));
          });
          running -= 1;
        },
      },
    };
    return { handlers, peak: () => peak };
  }

  /** Until A's job that does not stall is done (else B, at a later clock, would take it over too). */
  async function otherJobSucceeded() {
    await vi.waitFor(
      async () => {
        const jobs = await jobsNamed("t.pair");
        const other = jobs.find((job) => !(job.payload as { stall: boolean }).stall);
        expect(other?.status).toBe("succeeded");
      },
      { timeout: 10_000, interval: 10 },
    );
  }

  it("runs `concurrency` jobs at once, each exactly once", async () => {
    for (let n = 0; n < 4; n++) await enqueueJob(db, "t.meet", { n }, { now: T0 });
    const { handlers, peak } = meetingHandlers(4, "w");
    // Every job waits for the other three: this pass ends only if all four ran at once.
    expect(await runDueJobs(db, handlers, { now: T0, workerId: "w", concurrency: 4 })).toEqual({
      claimed: 4,
      succeeded: 4,
      failed: 0,
      retried: 0,
    });
    expect(peak()).toBe(4);
    const rows = await effects();
    expect(rows.map((row) => row.value).sort()).toEqual(["0", "1", "2", "3"]);
    const jobs = await jobsNamed("t.meet");
    expect(jobs.every((job) => job.status === "succeeded" && job.attempts === 1)).toBe(true);
  });

  it("never runs more than `concurrency` at once nor claims more than `limit`", async () => {
    for (let n = 0; n < 10; n++) await enqueueJob(db, "t.meet", { n }, { now: T0 });
    const { handlers, peak } = meetingHandlers(3, "w");
    expect(await runDueJobs(db, handlers, { now: T0, concurrency: 3, limit: 6 })).toMatchObject({
      claimed: 6,
      succeeded: 6,
    });
    expect(peak()).toBe(3);
    const jobs = await jobsNamed("t.meet");
    expect(jobs.filter((job) => job.status === "pending")).toHaveLength(4);
    expect(jobs.filter((job) => job.status === "succeeded")).toHaveLength(6);
    expect(new Set((await effects()).map((row) => row.value)).size).toBe(6);
  });

  it("a job whose lease is lost mid-run commits nothing, while the worker's other job commits", async () => {
    quiet();
    await enqueueJob(db, "t.pair", { stall: true }, { now: T0 });
    await enqueueJob(db, "t.pair", { stall: false }, { now: T0 });
    const stalled = deferred();
    const gate = deferred();
    const pair = (worker: string): JobHandlers => ({
      "t.pair": {
        ownsTransactions: true,
        run: async (own, payload: { stall: boolean }, ctx) => {
          if (payload.stall && worker === "A") {
            stalled.resolve();
            await gate.promise;
          }
          await own.$transaction(async (tx) => {
            await ctx.assertHeld(tx);
            await effect(tx, ctx, worker, String(payload.stall));
          });
        },
      },
    });
    // A runs both at once; the stalled one outlives its lease and B takes it over.
    const workerA = runDueJobs(db, pair("A"), { workerId: "A", now: T0, concurrency: 2 });
    await stalled.promise;
    await otherJobSucceeded();
    const later = at(DEFAULT_LEASE_MS + 1);
    expect(await runDueJobs(db, pair("B"), { workerId: "B", now: later })).toMatchObject({
      claimed: 1,
      succeeded: 1,
    });
    gate.resolve();
    expect(await workerA).toEqual({ claimed: 2, succeeded: 1, failed: 0, retried: 1 });
    const rows = await effects();
    expect(rows.map((row) => [row.worker, row.value]).sort()).toEqual([
      ["A", "false"],
      ["B", "true"],
    ]);
    const jobs = await jobsNamed("t.pair");
    expect(
      jobs
        .map((job) => [(job.payload as { stall: boolean }).stall, job.locked_by, job.status, job.attempts])
        .sort(),
    ).toEqual([
      [false, "A", "succeeded", 1],
      [true, "B", "succeeded", 2],
    ]);
  });

  it.skipIf(!onPostgres)(
    "a job whose lease is lost inside its open transaction rolls back beside a committing one (PostgreSQL)",
    async () => {
      quiet();
      await enqueueJob(db, "t.pair", { stall: true }, { now: T0 });
      await enqueueJob(db, "t.pair", { stall: false }, { now: T0 });
      const stalled = deferred();
      const gate = deferred();
      const pair = (worker: string): JobHandlers => ({
        "t.pair": {
          run: async (tx, payload: { stall: boolean }, ctx) => {
            await effect(tx, ctx, worker, String(payload.stall));
            if (payload.stall && worker === "A") {
              stalled.resolve();
              await gate.promise;
            }
          },
        },
      });
      const workerA = runDueJobs(db, pair("A"), { workerId: "A", now: T0, concurrency: 2 });
      await stalled.promise;
      await otherJobSucceeded();
      const later = at(DEFAULT_LEASE_MS + 1);
      expect(await runDueJobs(db, pair("B"), { workerId: "B", now: later })).toMatchObject({
        claimed: 1,
        succeeded: 1,
      });
      gate.resolve();
      expect(await workerA).toEqual({ claimed: 2, succeeded: 1, failed: 0, retried: 1 });
      expect((await effects()).map((row) => [row.worker, row.value]).sort()).toEqual([
        ["A", "false"],
        ["B", "true"],
      ]);
    },
  );
});
