// Adding jobs to the durable queue (./queue.ts), in the caller's transaction: the job exists
// exactly when the change that needs it commits.
//
// A job that works a queue of its own (webhook deliveries, one job per endpoint) is enqueued with
// `onDuplicate: "rerun"`: a change committed while its job runs may have been missed by that run,
// so instead of the usual no-op the enqueue flags the running job (`rerun_requested`) and the queue
// runs it again when it finishes. With `notify`, the enqueue wakes the workers of every instance
// when it commits (PostgreSQL NOTIFY on JOBS_CHANNEL, lib/jobs/runtime.ts listens) instead of at
// their next poll.
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { Prisma } from "../generated/prisma/client";

/** The NOTIFY channel of `enqueueJob(..., { notify: true })`: its payload is the job's name. */
export const JOBS_CHANNEL = "jobs";

// Raw SQL takes times as ISO text cast to `timestamp`: the columns hold UTC without a zone, and
// this keeps the server's TimeZone setting out of the comparison.
const ts = (date: Date) => date.toISOString();

export type EnqueueOptions = {
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  now?: Date;
  /**
   * With a `dedupeKey`, when a job with that key is running: "skip" (default) leaves it as it is;
   * "rerun" has it run once more after it finishes (its run may have read the state before this
   * change).
   */
  onDuplicate?: "skip" | "rerun";
  /** With a `dedupeKey`, when a job with that key waits: bring its run_at forward to `runAt` if earlier. */
  advance?: boolean;
  /** Wakes the workers of every instance when the enqueueing transaction commits. */
  notify?: boolean;
};

/**
 * Adds a job. With a `dedupeKey`, at most one pending or running job holds that key: enqueueing
 * it again while one exists does what `onDuplicate` says (ON CONFLICT, so two racing writers
 * cannot both add it).
 */
export async function enqueueJob(
  db: DbOrTx,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const runAt = options.runAt ?? now;
  const rerun = options.onDuplicate === "rerun";
  const advance = options.advance === true;
  if ((rerun || advance) && options.dedupeKey) {
    // ON CONFLICT DO UPDATE locks the existing row until this transaction ends, even when its WHERE
    // leaves it unchanged: a worker cannot claim or finish that job in the meantime, so it either
    // finished before (the key was free and this inserts a new job) or sees the flag after.
    await directSql(
      db,
      Prisma.sql`
      INSERT INTO jobs (id, created_at, name, payload, dedupe_key, status, run_at, attempts, max_attempts)
      VALUES (${randomUUID()}::uuid, ${ts(now)}::timestamp, ${name}, ${JSON.stringify(payload)}::jsonb,
              ${options.dedupeKey}, 'pending', ${ts(runAt)}::timestamp, 0, ${options.maxAttempts ?? 10})
      ON CONFLICT (dedupe_key) DO UPDATE SET
        run_at = CASE WHEN jobs.status = 'pending' AND ${advance}
                      THEN LEAST(jobs.run_at, EXCLUDED.run_at) ELSE jobs.run_at END,
        rerun_requested = jobs.rerun_requested OR (jobs.status = 'running' AND ${rerun}),
        modified_at = EXCLUDED.created_at
      WHERE (${rerun} AND jobs.status = 'running' AND NOT jobs.rerun_requested)
         OR (${advance} AND jobs.status = 'pending' AND EXCLUDED.run_at < jobs.run_at)`,
    );
  } else {
    await directSql(
      db,
      Prisma.sql`
      INSERT INTO jobs (id, created_at, name, payload, dedupe_key, status, run_at, attempts, max_attempts)
      VALUES (${randomUUID()}::uuid, ${ts(now)}::timestamp, ${name}, ${JSON.stringify(payload)}::jsonb,
              ${options.dedupeKey ?? null}, 'pending', ${ts(runAt)}::timestamp, 0,
              ${options.maxAttempts ?? 10})
      ON CONFLICT (dedupe_key) DO NOTHING`,
    );
  }
  // Delivered to listeners when the transaction commits, and not at all if it rolls back.
  if (options.notify) await directSql(db, Prisma.sql`SELECT pg_notify(${JOBS_CHANNEL}, ${name})::text`);
}
