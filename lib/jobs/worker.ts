// The worker that works the queue inside an app process. Any number of processes may run one:
// claims use SKIP LOCKED, each job claimed as it starts. It has `concurrency` slots, each running
// one job at a time. A slot that finds the queue empty goes idle; an idle slot is woken by the
// poll (every `pollMs`), by `kick()` (after a confirm, so the order appears without waiting), and
// by a slot that just claimed a job (the queue may hold more): a backlog is worked by every slot
// without pauses, and an idle worker polls with one query, not one per slot.
import type { Db } from "../db/client";
import { claimAndRunJob, ensureRecurringJobs, type JobHandlers } from "./queue";

export type Worker = { stop: () => Promise<void>; kick: () => void };

export function startWorker(
  getDb: () => Promise<Db>,
  handlers: JobHandlers,
  options: { pollMs?: number; workerId?: string; concurrency?: number } = {},
): Worker {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const workerId = options.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  let stopped = false;
  const idle: (() => void)[] = [];
  // A kick or poll that found every slot busy: the next slot about to go idle looks once more
  // instead, so a job enqueued just after a slot found the queue empty is not left for the next
  // poll. (A claim needs no such memory: every busy slot looks again when its job ends.)
  let wakePending = false;

  /** `remember`: a wake-up that finds every slot busy is kept for the next slot to go idle. */
  const wakeOne = (remember: boolean) => {
    const wake = idle.pop();
    if (wake) wake();
    else if (remember) wakePending = true;
  };
  const waitForWork = () =>
    new Promise<void>((resolve) => {
      if (wakePending || stopped) {
        wakePending = false;
        return resolve();
      }
      idle.push(resolve);
    });

  let recurringEnsured: Promise<void> | null = null;
  const database = async () => {
    const db = await getDb();
    recurringEnsured ??= ensureRecurringJobs(db, handlers).catch((error: unknown) => {
      recurringEnsured = null;
      throw error;
    });
    await recurringEnsured;
    return db;
  };

  const slot = async (index: number) => {
    // One slot looks at once; the others wait for it to find work.
    if (index > 0) await waitForWork();
    while (!stopped) {
      let ran = false;
      try {
        const db = await database();
        ran = (await claimAndRunJob(db, handlers, { workerId, onClaimed: () => wakeOne(false) })) !== null;
      } catch (error) {
        // The database may be down or restarting: keep polling, it will come back.
        console.error("Job worker pass failed:", error);
      }
      if (!ran && !stopped) await waitForWork();
    }
  };

  // Not unref'd: it keeps a process that only works the queue alive.
  const poll = setInterval(() => wakeOne(true), pollMs);
  const slots = Array.from({ length: concurrency }, (_, index) => slot(index));

  return {
    kick: () => {
      if (!stopped) wakeOne(true);
    },
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      for (const wake of idle.splice(0)) wake();
      await Promise.all(slots);
    },
  };
}
