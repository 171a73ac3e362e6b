// A claim's cost must not grow with the queue's backlog: a burst of purchases or a webhook storm
// leaves thousands of due jobs, and every slot of every worker claims one job at a time. The claim
// is checked on a real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL): what it
// takes, and how many pages PostgreSQL reads to find it with 30,000 due jobs waiting.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { settleBackgroundCopies } from "@/test/database";
import { Prisma } from "@/lib/generated/prisma/client";
import { claimableJob, DEFAULT_LEASE_MS, runDueJobs, type JobHandlers } from "@/lib/jobs/queue";

const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const BACKLOG = 30_000;

let db: Db;

beforeAll(async () => {
  // The next file's database copy and the last one's drop, made in the background by this worker
  // (test/database.ts), are over before the pages are counted: seen to leave dead index entries
  // uncleaned (31 pages) when they overlapped.
  await settleBackgroundCopies();
  db = await getDb();
  // The test decides when statistics exist (none, then ANALYZE). An autovacuum started by the
  // 30,000-row insert would also hold back the clean-up of the rows the claims finish (its
  // snapshot), so the pages read after the claims would depend on its timing: seen once as 23 on
  // a loaded machine. Off for this file's own database only.
  await db.$executeRawUnsafe("ALTER TABLE jobs SET (autovacuum_enabled = false)");
});

beforeEach(async () => {
  await db.job.deleteMany();
});

/**
 * `count` due jobs named `name`: the first half enqueued together (one run_at, as a bulk action or
 * a burst of purchases enqueues them; in created_at order), the second half a millisecond apart
 * after them, then `future` ones not yet due.
 */
async function backlog(name: string, count: number, future = 0) {
  const half = Math.floor(count / 2);
  await db.$executeRaw`
    INSERT INTO jobs (id, created_at, name, payload, status, run_at, attempts, max_attempts)
    SELECT gen_random_uuid(), ${T0.toISOString()}::timestamp - make_interval(secs => 60 - n / 1000.0),
           ${name}, jsonb_build_object('n', n), 'pending',
           ${T0.toISOString()}::timestamp - make_interval(secs => CASE WHEN n <= ${half} THEN 60 ELSE 30 - n / 1000.0 END),
           0, 5
      FROM generate_series(1, ${count}::int) AS n`;
  if (future) {
    await db.$executeRaw`
      INSERT INTO jobs (id, created_at, name, payload, status, run_at, attempts, max_attempts)
      SELECT gen_random_uuid(), ${T0.toISOString()}::timestamp, ${name}, jsonb_build_object('n', -n), 'pending',
             ${T0.toISOString()}::timestamp + make_interval(secs => n), 0, 5
        FROM generate_series(1, ${future}::int) AS n`;
  }
}

/** Pages (8 kB) PostgreSQL touched to find the job a claim would take. */
async function pagesToClaim(now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ "QUERY PLAN": unknown }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT ${claimableJob(now, DEFAULT_LEASE_MS)} AS id`,
  );
  const plan = (
    typeof row!["QUERY PLAN"] === "string" ? JSON.parse(row!["QUERY PLAN"]) : row!["QUERY PLAN"]
  ) as {
    Plan: Record<string, number>;
  }[];
  const top = plan[0]!.Plan;
  return (top["Shared Hit Blocks"] ?? 0) + (top["Shared Read Blocks"] ?? 0) + (top["Local Hit Blocks"] ?? 0);
}

describe("claiming from a backlog", () => {
  it("takes a dead worker's job first, then the oldest due job, never one not yet due", async () => {
    await backlog("t.backlog", 10, 3);
    // A job claimed 20 s ago by a worker whose lease (15 s) ran out: it died mid-job.
    await db.$executeRaw`
      INSERT INTO jobs (id, created_at, name, payload, status, run_at, attempts, max_attempts, locked_at, locked_by)
      VALUES (gen_random_uuid(), ${at(-30_000).toISOString()}::timestamp, 't.backlog', '{"n": 0}', 'running',
              ${at(-30_000).toISOString()}::timestamp, 1, 5, ${at(-20_000).toISOString()}::timestamp, 'dead')`;
    const ran: number[] = [];
    const handlers: JobHandlers = {
      "t.backlog": { run: async (_tx, payload: { n: number }) => void ran.push(payload.n) },
    };
    const result = await runDueJobs(db, handlers, { now: T0, workerId: "live", limit: 100 });
    expect(result).toEqual({ claimed: 11, succeeded: 11, failed: 0, retried: 0 });
    // The dead worker's job, then the half enqueued together (one run_at: by created_at), then the
    // others by run_at; the three future jobs stay pending.
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await db.job.count({ where: { status: "pending" } })).toBe(3);
  });

  it(`reads a handful of pages to find the next job among ${BACKLOG.toLocaleString("en")} due ones`, async () => {
    await backlog("t.backlog", BACKLOG);
    // Fresh statistics and none (a burst outruns autovacuum's ANALYZE): the plan must be the same.
    expect(await pagesToClaim(T0)).toBeLessThan(20);
    await db.$executeRawUnsafe("ANALYZE jobs");
    expect(await pagesToClaim(T0)).toBeLessThan(20);
    // And after a run of claims: the rows they finished left dead entries at the front of the range.
    // While another session's snapshot (another test file's, in CI) may still see those rows, their
    // entries cannot be skipped unread: each costs a visit to its heap page, and no more than that.
    const handlers: JobHandlers = { "t.backlog": { run: async () => {} } };
    expect((await runDueJobs(db, handlers, { now: T0, limit: 200 })).succeeded).toBe(200);
    const [{ pages: finishedPages }] = await db.$queryRaw<[{ pages: number }]>`
      SELECT count(DISTINCT (ctid::text::point)[0])::int AS pages FROM jobs WHERE status <> 'pending'`;
    expect(await pagesToClaim(T0)).toBeLessThan(20 + finishedPages);
  }, 60_000);
});
