// The durable job queue: rows in `jobs`, written in the same transaction as the change that needs
// them, claimed with FOR UPDATE SKIP LOCKED so any number of app instances can work the queue
// without running a job twice at once. A job's work and its "succeeded" mark commit together, so
// a worker killed mid-job leaves nothing half-written and the job runs again after its lease.
// A worker claims each job just before running it (several at once with `concurrency`, each claim
// its own) and renews the claim's short lease by a heartbeat while the job runs: a killed worker's
// jobs are taken over within seconds, and it never holds jobs it has not started.
//
// Jobs are added by `enqueueJob` (./enqueue.ts). A job that works a queue of its own (webhook
// deliveries, one job per endpoint) is enqueued with `onDuplicate: "rerun"`, and its handler may
// return `runAgainAt` (its next item is due later): when such a job finishes, `finish` queues it
// again under the same key.
import type { Db, Tx } from "../db/client";
import type { Job, Prisma } from "../generated/prisma/client";
import { enqueueJob } from "./enqueue";
import {
  claimJob,
  describe,
  held,
  heldCondition,
  LeaseLostError,
  markFinished,
  startHeartbeat,
} from "./claim";

export { enqueueJob, JOBS_CHANNEL, type EnqueueOptions } from "./enqueue";
export { claimableJob } from "./claim";

export type JobContext = {
  db: Db;
  now: Date;
  job: Job;
  /**
   * Throws unless this worker still holds the job. Handlers that manage their own transactions
   * call it in each transaction that commits work, so a worker that lost its lease commits nothing.
   */
  assertHeld(tx: Tx): Promise<void>;
  /**
   * The same check as a condition for a handler's own statement (`AND ${ctx.stillHeld}`): a write
   * that needs nothing else in its transaction commits alone, and only while the job is held.
   */
  stillHeld: Prisma.Sql;
};

/** What a handler may answer: its job has more to do at `runAgainAt` (see the file's header). */
export type JobRunResult = { runAgainAt?: Date };

type JobHandlerOptions<P> = {
  /** After the last attempt failed, in the transaction that marks the job failed. */
  onPermanentFailure?(tx: Tx, payload: P, reason: string, ctx: JobContext): Promise<void>;
  maxAttempts?: number;
  /** Recurring jobs: the next occurrence is scheduled this long after each run. */
  repeatEveryMs?: number;
  /** How long one run may hold its transaction. */
  timeoutMs?: number;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own JSON payload
export type JobHandler<P = any> = JobHandlerOptions<P> &
  (
    | {
        ownsTransactions?: false;
        /** The work, inside the transaction that also marks the job succeeded. */
        run(tx: Tx, payload: P, ctx: JobContext): Promise<void | JobRunResult>;
      }
    | {
        /**
         * The work opens its own transactions (to call a payment processor between them): it must be
         * idempotent, since a worker that dies after its last commit but before the job is marked
         * succeeded leaves the job to run again.
         */
        ownsTransactions: true;
        run(db: Db, payload: P, ctx: JobContext): Promise<void | JobRunResult>;
      }
  );

export type JobHandlers = Record<string, JobHandler>;

/**
 * A claim not renewed within this time is presumed dead and the job is run again. The running
 * worker renews it every third of it (heartbeat), so only a dead or stalled worker loses it.
 */
export const DEFAULT_LEASE_MS = 15_000;
const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Makes sure each recurring handler has its next occurrence queued (idempotent; run at start-up). */
export async function ensureRecurringJobs(db: Db, handlers: JobHandlers, now = new Date()): Promise<void> {
  for (const [name, handler] of Object.entries(handlers)) {
    if (!handler.repeatEveryMs) continue;
    await enqueueJob(db, name, {}, { dedupeKey: recurringKey(name), runAt: now, now });
  }
}

const recurringKey = (name: string) => `recurring:${name}`;

/** Exponential backoff: 2 s, 4 s, 8 s, ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(1, attempts));
}

/**
 * Marks the job finished, but only if this worker still holds it: a worker that outlived its lease
 * must not commit work another worker is redoing, so it throws and its transaction rolls back.
 * When a rerun was requested while it ran, or the handler has more to do (`runAgainAt`), the job is
 * queued again as a new row under the same key (a new row keeps `attempts`, the claims' fencing
 * token, increasing on the old one).
 */
async function finish(
  tx: Tx,
  job: Job,
  workerId: string,
  status: "succeeded" | "failed",
  now: Date,
  error?: string,
  runAgainAt?: Date,
) {
  const rows = await markFinished(tx, job, workerId, status, now, error);
  if (rows.length !== 1) throw new LeaseLostError(job.id);
  if (!rows[0]!.rerun_requested && !runAgainAt) return;
  await enqueueJob(tx, job.name, job.payload as Record<string, unknown>, {
    dedupeKey: job.dedupe_key ?? undefined,
    runAt: rows[0]!.rerun_requested || !runAgainAt ? now : runAgainAt,
    maxAttempts: job.max_attempts,
    now,
    onDuplicate: "rerun",
    advance: true,
  });
}

export type RunResult = { claimed: number; succeeded: number; failed: number; retried: number };
export type JobOutcome = "succeeded" | "failed" | "retried";

type ClaimOptions = {
  now?: Date;
  workerId?: string;
  leaseMs?: number;
  /** Called as soon as a job is claimed, before it runs (the worker wakes another slot). */
  onClaimed?: (job: Job) => void;
};

/**
 * Claims one due job and runs it under a heartbeat. Returns its outcome, or null when no job was
 * due. Each call is one claim of its own: callers run several at once for concurrency.
 */
export async function claimAndRunJob(
  db: Db,
  handlers: JobHandlers,
  options: ClaimOptions = {},
): Promise<JobOutcome | null> {
  const now = options.now ?? new Date();
  const workerId = options.workerId ?? `worker-${process.pid}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const job = await claimJob(db, workerId, now, leaseMs);
  if (!job) return null;
  options.onClaimed?.(job);
  const maxMs = handlers[job.name]?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stopHeartbeat = startHeartbeat(db, job, workerId, now, leaseMs, maxMs);
  try {
    return await runJob(db, handlers, job, workerId, now);
  } finally {
    stopHeartbeat();
  }
}

/**
 * One pass over the queue: runs up to `limit` due jobs, `concurrency` (default 1) at a time, each
 * claimed only when it is about to run. Returns what happened, so tests can drive the queue with
 * an injected clock.
 */
export async function runDueJobs(
  db: Db,
  handlers: JobHandlers,
  options: { now?: Date; workerId?: string; limit?: number; leaseMs?: number; concurrency?: number } = {},
): Promise<RunResult> {
  const limit = options.limit ?? 10;
  const claimOptions: ClaimOptions = {
    now: options.now ?? new Date(),
    workerId: options.workerId,
    leaseMs: options.leaseMs,
  };
  const result: RunResult = { claimed: 0, succeeded: 0, failed: 0, retried: 0 };
  let started = 0;
  const lane = async () => {
    while (started < limit) {
      // Counted before the claim, so that lanes together never claim more than `limit`.
      started += 1;
      const outcome = await claimAndRunJob(db, handlers, claimOptions);
      if (!outcome) {
        started -= 1;
        return;
      }
      result.claimed += 1;
      result[outcome] += 1;
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency ?? 1, limit));
  // Every lane ends before the pass does, even when one fails (the database went away).
  const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
  for (const end of ended) if (end.status === "rejected") throw end.reason;
  return result;
}

async function runJob(
  db: Db,
  handlers: JobHandlers,
  job: Job,
  workerId: string,
  now: Date,
): Promise<JobOutcome> {
  const handler = handlers[job.name];
  const stillHeld = heldCondition(job, workerId);
  const ctx: JobContext = {
    db,
    now,
    job,
    assertHeld: async (tx) => {
      const rows = await tx.$queryRaw<unknown[]>`SELECT 1 WHERE ${stillHeld}`;
      if (rows.length !== 1) throw new LeaseLostError(job.id);
    },
    stillHeld,
  };
  const timeout = handler?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = handler?.maxAttempts ?? job.max_attempts;
  let failure: string;
  try {
    if (!handler) throw new Error(`No handler is registered for job "${job.name}".`);
    // Only a claim whose worker died (or outlived its lease) ends without a result, and the claim
    // after it counts one more attempt: past maxAttempts, a job that kills its worker gives up
    // instead of being retried forever.
    if (job.attempts > maxAttempts) {
      throw new Error(
        `Gave up after ${job.attempts - 1} attempts: the last ended without a result (the worker stopped).`,
      );
    }
    let result = handler.ownsTransactions ? await handler.run(db, job.payload, ctx) : undefined;
    // A handler that committed its own work usually leaves the queue one write: the job finished,
    // alone. Anything more (a rerun requested meanwhile, a next run, a lost lease to report) takes
    // the transaction below.
    if (handler.ownsTransactions && !handler.repeatEveryMs && !result?.runAgainAt) {
      const finished = await markFinished(db, job, workerId, "succeeded", now, undefined, {
        unlessRerunRequested: true,
      });
      if (finished.length === 1) return "succeeded";
    }
    await db.$transaction(
      async (tx) => {
        if (!handler.ownsTransactions) result = await handler.run(tx, job.payload, ctx);
        const runAgainAt = handler.repeatEveryMs ? undefined : (result || undefined)?.runAgainAt;
        await finish(tx, job, workerId, "succeeded", now, undefined, runAgainAt);
        if (handler.repeatEveryMs) await scheduleNext(tx, job.name, handler.repeatEveryMs, now);
      },
      { maxWait: timeout, timeout },
    );
    return "succeeded";
  } catch (error) {
    if (error instanceof LeaseLostError) return "retried";
    failure = describe(error);
    console.error(`Job ${job.name} (${job.id}) attempt ${job.attempts} failed:`, error);
  }

  // Recurring jobs never give up: the next occurrence is simply the next attempt.
  if (handler?.repeatEveryMs) {
    await db.job.updateMany({
      where: held(job, workerId),
      data: {
        status: "pending",
        run_at: new Date(now.getTime() + handler.repeatEveryMs),
        attempts: 0,
        locked_at: null,
        locked_by: null,
        last_error: failure,
        modified_at: now,
      },
    });
    return "retried";
  }
  if (handler && job.attempts < maxAttempts) {
    await db.job.updateMany({
      where: held(job, workerId),
      data: {
        status: "pending",
        run_at: new Date(now.getTime() + retryDelayMs(job.attempts)),
        locked_at: null,
        locked_by: null,
        last_error: failure,
        modified_at: now,
      },
    });
    return "retried";
  }
  try {
    await db.$transaction(async (tx) => {
      await finish(tx, job, workerId, "failed", now, failure);
      await handler?.onPermanentFailure?.(tx, job.payload, failure, ctx);
    });
  } catch (error) {
    if (error instanceof LeaseLostError) return "retried";
    // The job stays running; its lease expires and the failure path is tried again.
    console.error(`Recording the failure of job ${job.name} (${job.id}) failed:`, error);
  }
  return "failed";
}

async function scheduleNext(tx: Tx, name: string, everyMs: number, now: Date) {
  await enqueueJob(
    tx,
    name,
    {},
    { dedupeKey: recurringKey(name), runAt: new Date(now.getTime() + everyMs), now },
  );
}
