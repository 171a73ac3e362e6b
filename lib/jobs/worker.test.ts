// The polling worker loop: it works the queue on its own, kick() wakes it without waiting for the
// next poll, a backlog is worked without pauses, and stop() lets the running pass finish.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { enqueueJob, type JobHandlers } from "@/lib/jobs/queue";
import { startWorker, type Worker } from "@/lib/jobs/worker";

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
});

afterEach(async () => {
  await worker?.stop();
  worker = null;
  vi.restoreAllMocks();
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const succeeded = () => db.job.count({ where: { status: "succeeded" } });

describe("startWorker", () => {
  it("polls the queue and runs an enqueued job", async () => {
    worker = startWorker(getDb, handlers, { pollMs: 20 });
    await sleep(50);
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
    // The first pass is over: the worker now sleeps for a minute.
    await sleep(100);
    await enqueueJob(db, "t.work", { id: "kicked" });
    await sleep(300);
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
    await sleep(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await db.job.findFirst({ where: { name: "t.slow" } })).toMatchObject({ status: "succeeded" });

    await enqueueJob(db, "t.work", { id: "after-stop" });
    w.kick();
    await sleep(200);
    expect(ran).toEqual([]);
    // A second stop() is harmless.
    await w.stop();
  });

  it("stop() resolves promptly while the worker sleeps", async () => {
    const w = startWorker(getDb, handlers, { pollMs: 60_000 });
    await sleep(100);
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
    await sleep(100);
    expect(running).toBe(3);
    while (ran.length < 5) {
      for (const resolve of release) resolve();
      release.clear();
      await sleep(10);
    }
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
    await sleep(100);

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
    await sleep(100);
    expect(stopped).toBe(false);
    releases[1]!();
    await stopping;
    expect(await succeeded()).toBe(2);
  });
});
