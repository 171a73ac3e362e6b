// The polling loop that works the queue inside an app process. Any number of processes may run
// one: claims use SKIP LOCKED, one job at a time as it starts (a pass runs up to `batch` jobs). It
// polls every `pollMs`, runs again at once while there is a backlog, and `kick()` wakes it early
// (after a confirm, so the order appears without waiting).
import type { Db } from "../db/client";
import { ensureRecurringJobs, runDueJobs, type JobHandlers } from "./queue";

export type Worker = { stop: () => Promise<void>; kick: () => void };

export function startWorker(
  getDb: () => Promise<Db>,
  handlers: JobHandlers,
  options: { pollMs?: number; workerId?: string; batch?: number } = {},
): Worker {
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 10;
  const workerId = options.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  let stopped = false;
  let wake: (() => void) | null = null;
  let kicked = false;

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (kicked) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    let recurringEnsured = false;
    while (!stopped) {
      kicked = false;
      let busy = false;
      try {
        const db = await getDb();
        if (!recurringEnsured) {
          await ensureRecurringJobs(db, handlers);
          recurringEnsured = true;
        }
        const result = await runDueJobs(db, handlers, { workerId, limit: batch });
        busy = result.claimed === batch;
      } catch (error) {
        // The database may be down or restarting: keep polling, it will come back.
        console.error("Job worker pass failed:", error);
      }
      if (!busy && !stopped) await sleep();
      wake = null;
    }
  })();

  return {
    kick: () => {
      kicked = true;
      wake?.();
    },
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
