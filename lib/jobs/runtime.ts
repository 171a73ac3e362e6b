// The process's job worker, if it runs one (started at boot unless JOB_WORKER=false). Kept on
// globalThis so `next dev` hot reloads do not start a second loop.
import { databaseConfig } from "../config";
import { getDb } from "../db/client";
import { jobHandlers } from "./registry";
import { startWorker, type Worker } from "./worker";

const holder = globalThis as unknown as { __jobWorker?: Worker };

export function startJobWorker(): Worker | null {
  if (process.env.JOB_WORKER === "false") return null;
  holder.__jobWorker ??= startWorker(getDb, jobHandlers, {
    pollMs: Number(process.env.JOB_POLL_MS ?? 1000) || 1000,
    concurrency: jobConcurrency(),
  });
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
  holder.__jobWorker = undefined;
  await worker?.stop();
}
