// Delivering webhooks: the `webhooks.deliver` job sends ONE endpoint's due deliveries, up to
// `concurrency` at a time, each on its own retry schedule (./attempt.ts): a failing or slow
// delivery holds only its own lane, never the others (docs/webhook-delivery.md). The oldest due
// delivery goes first, but arrival order is not promised: the body's `timestamp` and `sequence`
// let a receiver order what it gets. At most one such job exists per endpoint (its dedupe key),
// so the per-endpoint concurrency is a bound across every worker and instance.
//
// A run starts with one lane; each lane that claims a delivery starts another (up to
// `concurrency`) for the next one. A lane that finds nothing due while another is still sending
// looks again every IDLE_POLL_MS (at once when a success made waiting retries due), the others
// end: a delivery that became due meanwhile (a new event) goes out within that time rather than
// after the slow call. When no lane has anything left, the job is queued again for the earliest
// next try.
//
// The `webhooks.sweep` recurring job is the safety net: every 30 s it queues the job of any enabled
// endpoint that has a due delivery and no job (one lost in a crash, a delivery written by hand).
import type { Db, DbOrTx } from "../db/client";
import type { JobContext, JobHandler, JobRunResult } from "../jobs/queue";
import { claimDueDelivery, recordOutcome, sendAttempt, type AttemptOptions } from "./attempt";
import { DELIVER_WEBHOOKS_JOB, scheduleEndpointDelivery } from "./emit";

export { ATTEMPT_LEASE_GRACE_MS, NO_OUTCOME_ERROR } from "./attempt";
export { DELIVER_WEBHOOKS_JOB };
export const SWEEP_WEBHOOKS_JOB = "webhooks.sweep";

/** Deliveries of one endpoint in flight at once. */
export const DEFAULT_CONCURRENCY_PER_ENDPOINT = 4;
const IDLE_POLL_MS = 500;

export type DeliveryOptions = AttemptOptions & {
  /** One run starts at most this many attempts, or for this long, then lets other jobs have the worker. */
  maxPerRun?: number;
  budgetMs?: number;
  /** Attempts to this endpoint in flight at once. */
  concurrency?: number;
};

/**
 * Runs the given steps one at a time, in call order: a run's lanes take turns for their short
 * transactions (they all lock the endpoint's row anyway), so a run holds one database connection,
 * not one per lane waiting for that lock, while their calls go on in parallel.
 */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>): Promise<T> => {
    const result = tail.then(step);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** When the endpoint's next delivery is due (its retry time, or its attempt's lease), if any. */
async function nextDueAt(db: Db, endpointId: string): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT MIN(GREATEST(d.next_attempt_at, COALESCE(d.in_flight_until, d.next_attempt_at))) AS at
    FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
    WHERE d.endpoint_id = ${endpointId}::uuid AND d.status = 'pending' AND e.enabled`;
  return row?.at ?? null;
}

/**
 * Sends the endpoint's due deliveries until none is left (the job is then queued again for the
 * next one's time, if any), or this run's share is used up.
 */
export async function deliverEndpointDeliveries(
  db: Db,
  endpointId: string,
  ctx: JobContext,
  options: DeliveryOptions = {},
): Promise<JobRunResult | void> {
  const startedAt = Date.now();
  // The job's clock (injected in tests) moved on by the real time this run has taken.
  const clock = () => new Date(ctx.now.getTime() + (Date.now() - startedAt));
  const maxPerRun = options.maxPerRun ?? 50;
  const budgetMs = options.budgetMs ?? 30_000;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY_PER_ENDPOINT);
  let started = 0;
  let claims = 0;
  // Lanes claiming or sending, lanes alive, and whether one is waiting to look again.
  let busy = 0;
  let lanes = 0;
  let polling = false;
  let shareUsed = false;
  let disabled = false;
  let waited = false;
  const failures: unknown[] = [];
  const inTurn = oneAtATime();
  let wakePoller = () => {};
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, IDLE_POLL_MS);
      wakePoller = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let allEnded: () => void;
  const ended = new Promise<void>((resolve) => (allEnded = resolve));

  const lane = async () => {
    for (;;) {
      if (started >= maxPerRun || Date.now() - startedAt >= budgetMs) {
        shareUsed = true;
        wakePoller();
        return;
      }
      busy += 1;
      // The run's first claims are at the job's own time (exactly: tests inject it); later ones as
      // the run's real time moves on.
      // A lane looking again after a wait reads the moved clock: a delivery written meanwhile is due.
      const at = claims++ < concurrency && !waited ? ctx.now : clock();
      let step: Awaited<ReturnType<typeof claimDueDelivery>>;
      try {
        step = await inTurn(() => claimDueDelivery(db, endpointId, at, ctx, options));
      } catch (error) {
        busy -= 1;
        wakePoller();
        throw error;
      }
      if (step === "disabled" || step === "none") {
        busy -= 1;
        disabled ||= step === "disabled";
        // Nothing due: one lane stays to look again while others are still sending; the rest end.
        if (disabled || busy === 0 || polling) {
          wakePoller();
          return;
        }
        polling = true;
        await idle();
        polling = false;
        waited = true;
        continue;
      }
      started += 1;
      // One more lane for the next due delivery, up to the endpoint's concurrency.
      spawn();
      try {
        const result = await sendAttempt(step, options);
        // A success that made waiting retries due: the polling lane takes them now (and spawns).
        if (await inTurn(() => recordOutcome(db, step, result, clock()))) wakePoller();
      } finally {
        busy -= 1;
      }
    }
  };
  function spawn() {
    if (lanes >= concurrency) return;
    lanes += 1;
    lane()
      .catch((error: unknown) => failures.push(error))
      .finally(() => {
        lanes -= 1;
        if (lanes === 0) allEnded();
      });
  }
  spawn();
  await ended;
  // A lane that failed (the database went away) fails the run, once every lane has ended.
  if (failures.length > 0) throw failures[0];
  if (disabled) return;
  if (shareUsed) return { runAgainAt: clock() };
  const next = await nextDueAt(db, endpointId);
  return next ? { runAgainAt: next } : undefined;
}

export function createDeliverWebhooksJob(options: DeliveryOptions = {}): JobHandler<{ endpoint_id: string }> {
  return {
    ownsTransactions: true,
    // A run sends for up to `budgetMs` plus one attempt's timeout; its lease is renewed meanwhile.
    timeoutMs: 120_000,
    run: (db, payload, ctx) => deliverEndpointDeliveries(db, payload.endpoint_id, ctx, options),
  };
}

export const deliverWebhooksJob = createDeliverWebhooksJob();

const SWEEP_BATCH = 500;

/** Enabled endpoints with a due delivery and no delivery job: the sweep queues their job. */
export async function endpointsToSweep(db: DbOrTx, now: Date): Promise<{ id: string }[]> {
  return db.$queryRaw<{ id: string }[]>`
    SELECT e.id::text AS id FROM webhook_endpoints e
    WHERE e.enabled
      AND EXISTS (SELECT 1 FROM webhook_deliveries d
                  WHERE d.endpoint_id = e.id AND d.status = 'pending'
                    AND d.next_attempt_at <= ${now.toISOString()}::timestamp)
      AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = ${`${DELIVER_WEBHOOKS_JOB}:`} || e.id::text)
    LIMIT ${SWEEP_BATCH}`;
}

export const sweepWebhooksJob: JobHandler = {
  repeatEveryMs: 30_000,
  run: async (tx, _payload, ctx) => {
    for (const { id } of await endpointsToSweep(tx, ctx.now)) await scheduleEndpointDelivery(tx, id, ctx.now);
  },
};
