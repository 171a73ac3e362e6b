// The process's job worker, if it runs one (started at boot unless JOB_WORKER=false). Kept on
// globalThis so `next dev` hot reloads do not start a second loop. It also listens for the queue's
// NOTIFY (jobs enqueued with `notify`, e.g. webhook deliveries, by any instance): the worker is
// woken as soon as the enqueueing transaction commits instead of at its next poll.
import { databaseConfig } from "../config";
import { getDb, listen, type Unlisten } from "../db/client";
import { JOBS_CHANNEL, type JobHandlers } from "./queue";
import { startWorker, type Worker } from "./worker";

const holder = globalThis as unknown as { __jobWorker?: Worker; __jobListener?: Promise<Unlisten | null> };

/**
 * Starts the worker with `handlers`, every job the app runs (lib/composition/jobs.ts: the
 * composition root; this module knows no domain).
 */
export function startJobWorker(handlers: JobHandlers): Worker | null {
  if (process.env.JOB_WORKER === "false") return null;
  if (!holder.__jobWorker) {
    const worker = startWorker(getDb, handlers, {
      pollMs: Number(process.env.JOB_POLL_MS ?? 1000) || 1000,
      concurrency: jobConcurrency(),
    });
    holder.__jobWorker = worker;
    holder.__jobListener = listen(JOBS_CHANNEL, () => worker.kick()).catch((error: unknown) => {
      // Polling still finds every job; only the prompt start is lost.
      console.error("Job worker: cannot LISTEN for new jobs; relying on polling:", error);
      return null;
    });
  }
  return holder.__jobWorker;
}

/**
 * How many jobs the worker runs at once: JOB_CONCURRENCY, by default up to 8 on PostgreSQL while
 * leaving half the connection pool to requests (a job holds a connection for its transaction).
 * The embedded database runs one transaction at a time, so more would only wait.
 */
export function jobConcurrency(): number {
  const configured = Number(process.env.JOB_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  const config = databaseConfig();
  if (config.kind === "pglite") return 1;
  return Math.max(1, Math.min(8, Math.floor(config.poolSize / 2)));
}

/** Wakes this process's worker now (no-op without one: another instance will pick the job up). */
export function kickWorker(): void {
  holder.__jobWorker?.kick();
}

export async function stopJobWorker(): Promise<void> {
  const worker = holder.__jobWorker;
  const listener = holder.__jobListener;
  holder.__jobWorker = undefined;
  holder.__jobListener = undefined;
  await (
    await listener
  )?.();
  await worker?.stop();
}
