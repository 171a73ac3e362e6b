// Retention: finished work does not pile up forever. Every job run leaves a row (a delivery job may
// leave one per run), and every webhook event its deliveries and attempts; this recurring job
// deletes what nobody needs any more, in bounded batches so each run stays a short transaction (a
// backlog shrinks over a few runs).
// - jobs: succeeded ones after 7 days; failed ones after 30 days (kept longer to be looked into);
// - webhook events after 30 days, with their deliveries and attempts, once none is pending (a
//   delivery still being retried keeps its event);
// - customer portal sessions, sign-in codes and email change links once expired (they open
//   nothing any more);
// - VIES answers (`vat_checks`) once older than the 24 hours they are trusted for (docs/tax.md);
// - uploads a crash left half-received (lib/files/storage.ts `removeStaleIncoming`, given by the
//   composition root: lib/jobs imports no domain).
import type { Tx } from "../db/client";
import type { JobHandler } from "./queue";

export const PRUNE_JOB = "maintenance.prune";

const DAY_MS = 24 * 60 * 60_000;
export const RETENTION = {
  succeededJobsMs: 7 * DAY_MS,
  failedJobsMs: 30 * DAY_MS,
  webhookEventsMs: 30 * DAY_MS,
  /** As long as a VIES answer is trusted (lib/tax/vies.ts VIES_CACHE_MS). */
  vatChecksMs: DAY_MS,
} as const;
const BATCH = 5000;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

export async function pruneFinishedWork(tx: Tx, now: Date) {
  const jobs = await tx.$executeRaw`
    DELETE FROM jobs WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'succeeded' AND finished_at < ${before(now, RETENTION.succeededJobsMs)}::timestamp)
         OR (status = 'failed' AND finished_at < ${before(now, RETENTION.failedJobsMs)}::timestamp)
      LIMIT ${BATCH})`;
  const webhookEvents = await tx.$executeRaw`
    DELETE FROM webhook_events WHERE id IN (
      SELECT e.id FROM webhook_events e
      WHERE e.created_at < ${before(now, RETENTION.webhookEventsMs)}::timestamp
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
      LIMIT ${BATCH})`;
  const customerSessions = await tx.$executeRaw`
    DELETE FROM customer_sessions WHERE id IN (
      SELECT id FROM customer_sessions WHERE expires_at < ${now.toISOString()}::timestamp LIMIT ${BATCH})`;
  const signInCodes = await tx.$executeRaw`
    DELETE FROM customer_session_codes WHERE id IN (
      SELECT id FROM customer_session_codes WHERE expires_at < ${now.toISOString()}::timestamp LIMIT ${BATCH})`;
  const emailUpdates = await tx.$executeRaw`
    DELETE FROM customer_email_updates WHERE id IN (
      SELECT id FROM customer_email_updates WHERE expires_at < ${now.toISOString()}::timestamp LIMIT ${BATCH})`;
  const vatChecks = await tx.$executeRaw`
    DELETE FROM vat_checks WHERE number IN (
      SELECT number FROM vat_checks WHERE checked_at < ${before(now, RETENTION.vatChecksMs)}::timestamp
      LIMIT ${BATCH})`;
  return { jobs, webhookEvents, customerSessions, signInCodes, emailUpdates, vatChecks };
}

/** The job; `removeStaleUploads` deletes what crashed uploads left (lib/files/storage.ts). */
export function pruneJob(removeStaleUploads: (now: Date) => Promise<unknown>): JobHandler {
  return {
    repeatEveryMs: 60 * 60_000,
    run: async (tx, _payload, ctx) => {
      await pruneFinishedWork(tx, ctx.now);
      await removeStaleUploads(ctx.now).catch((error: unknown) => {
        console.warn("Removing stale received uploads failed:", error);
      });
    },
  };
}
