// The process's job worker, if it runs one (started at boot unless JOB_WORKER=false). Kept on
// globalThis so `next dev` hot reloads do not start a second loop.
import { getDb } from "../db/client";
import { jobHandlers } from "./registry";
import { startWorker, type Worker } from "./worker";

const holder = globalThis as unknown as { __jobWorker?: Worker };

export function startJobWorker(): Worker | null {
  if (process.env.JOB_WORKER === "false") return null;
  holder.__jobWorker ??= startWorker(getDb, jobHandlers, {
    pollMs: Number(process.env.JOB_POLL_MS ?? 1000) || 1000,
  });
  return holder.__jobWorker;
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
