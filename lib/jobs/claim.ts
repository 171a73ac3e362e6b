// A worker's hold on a job (./queue.ts): the claim that takes it, the heartbeat that renews the
// claim's lease while the job runs, and the write that finishes it only while the claim holds.
import type { Db, Tx } from "../db/client";
import { Prisma, type Job } from "../generated/prisma/client";
import { directSql, rowFromJson } from "../db/direct";

// Raw SQL takes times as ISO text cast to `timestamp`: the columns hold UTC without a zone, and
// this keeps the server's TimeZone setting out of the comparison.
const ts = (date: Date) => date.toISOString();

/**
 * Claims the next job for this worker: a running job whose worker's lease ran out (its worker
 * died), else the oldest due pending job. One statement, the claimed row as it now is. Its
 * `attempts`, incremented by the claim, is the fencing token every write-back checks (see `held`).
 */
export async function claimJob(db: Db, workerId: string, now: Date, leaseMs: number): Promise<Job | null> {
  // Straight to the driver (lib/db/direct.ts): every job, and every poll that finds none, runs it.
  const [claimed] = await directSql<{ row: string }>(
    db,
    Prisma.sql`
    UPDATE jobs SET status = 'running', locked_at = ${ts(now)}::timestamp, locked_by = ${workerId},
                    attempts = attempts + 1, modified_at = ${ts(now)}::timestamp,
                    -- This claim reads the state afresh: earlier rerun requests are answered by it.
                    rerun_requested = false
    WHERE id = ${claimableJob(now, leaseMs)}
    RETURNING row_to_json(jobs.*)::text AS row`,
  );
  return claimed ? rowFromJson<Job>("jobs", claimed.row) : null;
}

/**
 * The id of the job a claim takes, locked (null: none). Two lookups rather than one with an OR:
 * each is one ordered range of the index on (status, run_at, created_at) read up to its first
 * unlocked row, so a claim costs the same with a backlog of a million due jobs as with one (with
 * the OR, PostgreSQL read and sorted every due job on each claim: 0.5 ms at 800, and growing).
 * COALESCE runs the second lookup only when the first finds nothing.
 */
export function claimableJob(now: Date, leaseMs: number): Prisma.Sql {
  const staleBefore = new Date(now.getTime() - leaseMs);
  return Prisma.sql`COALESCE(
      (SELECT id FROM jobs WHERE status = 'running' AND locked_at < ${ts(staleBefore)}::timestamp
        ORDER BY run_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED),
      (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= ${ts(now)}::timestamp
        ORDER BY run_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED))`;
}

/**
 * Renews the claim's lease every third of it while the job runs, for at most `maxMs` (the job's
 * own time limit: a job hung past it is let go, and another worker may take it over). Times follow
 * the caller's clock (`now` plus the real time elapsed), so an injected clock stays consistent. A
 * failed renewal stops the heartbeat: the lease then runs out and fencing keeps the job safe.
 */
export function startHeartbeat(
  db: Db,
  job: Job,
  workerId: string,
  now: Date,
  leaseMs: number,
  maxMs: number,
): () => void {
  const startedAt = Date.now();
  const timer = setInterval(
    () => {
      const elapsed = Date.now() - startedAt;
      if (elapsed > maxMs) return clearInterval(timer);
      db.job
        .updateMany({ where: held(job, workerId), data: { locked_at: new Date(now.getTime() + elapsed) } })
        .catch((error) => {
          clearInterval(timer);
          console.error(`Heartbeat of job ${job.name} (${job.id}) stopped: ${describe(error)}`);
        });
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The rows this worker's claim of `job` still holds. Every claim increments `attempts`, so
 * (worker id, attempts) names one claim even when two claims share a worker id (runDueJobs'
 * default id is per process: two passes of one process, or two containers both running as pid 1).
 */
export const held = (job: Job, workerId: string) =>
  ({ id: job.id, status: "running", locked_by: workerId, attempts: job.attempts }) as const;

/** `held` in SQL: the job's row while this worker's claim holds it. */
const heldRow = (job: Job, workerId: string) =>
  Prisma.sql`id = ${job.id}::uuid AND status = 'running' AND locked_by = ${workerId} AND attempts = ${job.attempts}`;

/** `held` as a condition for a statement on another table that must write only while the claim holds. */
export const heldCondition = (job: Job, workerId: string) =>
  Prisma.sql`EXISTS (SELECT 1 FROM jobs WHERE ${heldRow(job, workerId)})`;

/** The finish's write: the job's row, if this worker's claim still holds it. */
export function markFinished(
  db: Db | Tx,
  job: Job,
  workerId: string,
  status: "succeeded" | "failed",
  now: Date,
  error?: string,
  options: { unlessRerunRequested?: boolean } = {},
) {
  return directSql<{ rerun_requested: boolean }>(
    db,
    Prisma.sql`
    UPDATE jobs SET status = ${status}::"JobStatus", finished_at = ${ts(now)}::timestamp,
                    modified_at = ${ts(now)}::timestamp, dedupe_key = NULL, locked_at = NULL,
                    last_error = ${error ?? null}
    WHERE ${heldRow(job, workerId)} AND NOT (rerun_requested AND ${options.unlessRerunRequested ?? false})
    RETURNING rerun_requested`,
  );
}

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} was taken over by another worker after its lease expired.`);
  }
}

/** An error as one line of bounded length, for a job's last_error and the log. */
export function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
