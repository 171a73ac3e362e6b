// The polling worker loop: it works the queue on its own, kick() wakes it without waiting for the
// next poll, a backlog is worked without pauses, and stop() lets the running pass finish.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { enqueueJob, type JobHandlers } from "@/lib/jobs/queue";
import { startWorker, type Worker } from "@/lib/jobs/worker";

// Each pass of a slot (claimAndRunJob) as the worker makes it: when it starts, and what it found once
// it ends (null: the queue was empty, the slot goes idle). The tests wait on these, not on the clock.
const passes = vi.hoisted(() => ({ started: 0, ended: [] as unknown[] }));
vi.mock("@/lib/jobs/queue", async (importOriginal) => {
  const queue = await importOriginal<typeof import("@/lib/jobs/queue")>();
  return {
    ...queue,
    claimAndRunJob: async (...args: Parameters<typeof queue.claimAndRunJob>) => {
      passes.started += 1;
      const found = await queue.claimAndRunJob(...args);
      passes.ended.push(found);
      return found;
    },
  };
});
const emptyPasses = () => passes.ended.filter((found) => found === null).length;

let db: Db;
let worker: Worker | null = null;
const ran: string[] = [];

const handlers: JobHandlers = {
  "t.work": { run: async (_tx, payload: { id: string }) => void ran.push(payload.id) },
};

beforeAll(async () => {
  db = await getDb();
});

beforeEach(async () => {
  await db.job.deleteMany();
  ran.length = 0;
  passes.started = 0;
  passes.ended.length = 0;
});

afterEach(async () => {
  await worker?.stop();
  worker = null;
  vi.restoreAllMocks();
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  await vi.waitFor(async () => expect(await check()).toBe(true), { timeout: timeoutMs, interval: 10 });
}

/** One turn of the event loop: whatever was already due (a wake-up, a resolved promise) has run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const succeeded = () => db.job.count({ where: { status: "succeeded" } });

describe("startWorker", () => {
  it("polls the queue and runs an enqueued job", async () => {
    worker = startWorker(getDb, handlers, { pollMs: 20 });
    // Its first pass found the queue empty: the job is the poll's to find.
    await waitFor(() => emptyPasses() >= 1);
    const started = Date.now();
    await enqueueJob(db, "t.work", { id: "polled" });
    await waitFor(async () => (await succeeded()) === 1);
    console.log(`polled job done in ${Date.now() - started} ms (pollMs 20)`);
    expect(ran).toEqual(["polled"]);
  });

  it("kick() runs a new job at once instead of at the next poll", async () => {
    await enqueueJob(db, "t.work", { id: "first" });
    worker = startWorker(getDb, handlers, { pollMs: 60_000 });
    await waitFor(() => ran.length === 1);
    // The pass after the first job found the queue empty: the worker now sleeps for a minute.
    await waitFor(() => emptyPasses() === 1);
    await enqueueJob(db, "t.work", { id: "kicked" });
    await turn();
    expect(passes.started).toBe(2);
    expect(ran).toEqual(["first"]);

    const kickedAt = Date.now();
    worker.kick();
    await waitFor(() => ran.length === 2, 2000);
    console.log(`kicked job done in ${Date.now() - kickedAt} ms (pollMs 60000)`);
    expect(ran).toEqual(["first", "kicked"]);
  });

  it("a kick during a pass is not lost", async () => {
    const busy: JobHandlers = {
      "t.busy": {
        // A job that enqueues another and kicks the worker while its own pass is still running
        // (as a confirm request does while the worker is busy).
        run: async (tx) => {
          await enqueueJob(tx, "t.work", { id: "during-pass" });
          worker!.kick();
        },
      },
      ...handlers,
    };
    await enqueueJob(db, "t.busy", {});
    worker = startWorker(getDb, busy, { pollMs: 60_000 });
    await waitFor(() => ran.length === 1, 2000);
    expect(ran).toEqual(["during-pass"]);
  });

  it("works a backlog larger than its slots without waiting for the poll", async () => {
    for (let n = 0; n < 7; n++) await enqueueJob(db, "t.work", { id: `job-${n}` });
    worker = startWorker(getDb, handlers, { pollMs: 60_000, concurrency: 2 });
    await waitFor(() => ran.length === 7);
    expect(new Set(ran).size).toBe(7);
  });

  it("stop() resolves, waits for the running job, and nothing runs after it", async () => {
    let release!: () => void;
    let running = false;
    const slow: JobHandlers = {
      "t.slow": {
        run: async () => {
          running = true;
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
      ...handlers,
    };
    await enqueueJob(db, "t.slow", {});
    const w = startWorker(getDb, slow, { pollMs: 20 });
    await waitFor(() => running);

    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await turn();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await db.job.findFirst({ where: { name: "t.slow" } })).toMatchObject({ status: "succeeded" });

    await enqueueJob(db, "t.work", { id: "after-stop" });
    const startedBefore = passes.started;
    w.kick();
    await turn();
    expect(passes.started).toBe(startedBefore);
    expect(ran).toEqual([]);
    // A second stop() is harmless.
    await w.stop();
  });

  it("stop() resolves promptly while the worker sleeps", async () => {
    const w = startWorker(getDb, handlers, { pollMs: 60_000 });
    await waitFor(() => emptyPasses() === 1);
    const started = Date.now();
    await w.stop();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("keeps polling after the database fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const flakyDb = async () => {
      calls += 1;
      if (calls <= 2) throw new Error("database is restarting");
      return getDb();
    };
    await enqueueJob(db, "t.work", { id: "after-outage" });
    worker = startWorker(flakyDb, handlers, { pollMs: 20 });
    await waitFor(() => ran.length === 1);
    expect(errors).toHaveBeenCalledWith("Job worker pass failed:", expect.any(Error));
  });
});

describe("startWorker with several slots", () => {
  it("runs as many jobs at once as it has slots", async () => {
    let running = 0;
    let peak = 0;
    const release = new Set<() => void>();
    const meet: JobHandlers = {
      "t.meet": {
        ownsTransactions: true,
        run: async (_db, payload: { id: string }) => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise<void>((resolve) => release.add(resolve));
          running -= 1;
          ran.push(payload.id);
        },
      },
    };
    for (let n = 0; n < 5; n++) await enqueueJob(db, "t.meet", { id: `job-${n}` });
    worker = startWorker(getDb, meet, { pollMs: 60_000, concurrency: 3 });
    // Three slots take three jobs without waiting for the poll, and no more.
    await waitFor(() => running === 3);
    await turn();
    expect(passes.started).toBe(3);
    expect(running).toBe(3);
    await vi.waitFor(
      () => {
        for (const resolve of release) resolve();
        release.clear();
        expect(ran).toHaveLength(5);
      },
      { timeout: 5000, interval: 10 },
    );
    expect(peak).toBe(3);
    expect(new Set(ran).size).toBe(5);
    await waitFor(async () => (await succeeded()) === 5);
  });

  it("kick() wakes an idle slot while another runs a long job", async () => {
    let releaseSlow!: () => void;
    const handlersWithSlow: JobHandlers = {
      "t.slow": {
        ownsTransactions: true,
        run: () => new Promise<void>((resolve) => (releaseSlow = resolve)),
      },
      ...handlers,
    };
    await enqueueJob(db, "t.slow", {});
    worker = startWorker(getDb, handlersWithSlow, { pollMs: 60_000, concurrency: 2 });
    await waitFor(async () => (await db.job.count({ where: { status: "running" } })) === 1);
    // The other slot found nothing more and went idle.
    await waitFor(() => emptyPasses() === 1);

    await enqueueJob(db, "t.work", { id: "kicked" });
    worker.kick();
    await waitFor(() => ran.length === 1, 2000);
    expect(ran).toEqual(["kicked"]);
    expect(await db.job.findFirst({ where: { name: "t.slow" } })).toMatchObject({ status: "running" });
    releaseSlow();
    await waitFor(async () => (await succeeded()) === 2);
  });

  it("stop() waits for the job of every slot", async () => {
    const releases: (() => void)[] = [];
    const slow: JobHandlers = {
      "t.slow": {
        ownsTransactions: true,
        run: () => new Promise<void>((resolve) => releases.push(resolve)),
      },
    };
    for (let n = 0; n < 2; n++) await enqueueJob(db, "t.slow", { n });
    const w = startWorker(getDb, slow, { pollMs: 60_000, concurrency: 2 });
    await waitFor(() => releases.length === 2);
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    releases[0]!();
    // The first slot's job is done and recorded; the second's still runs.
    await waitFor(() => passes.ended.length === 1);
    expect(stopped).toBe(false);
    releases[1]!();
    await stopping;
    expect(await succeeded()).toBe(2);
  });
});
