// Retention of checkout sessions: every visit to a checkout link (`/buy`) makes a session, and one
// that expired without being paid is of no use once its merchant has had time to look at it. This
// recurring job deletes those older than CHECKOUT_RETENTION_DAYS (lib/config.ts, 30 by default)
// after their expiry, in bounded batches so each run stays a short transaction (a backlog shrinks
// over a few runs). Deleted with a session: its product choices and a released discount
// redemption (both ON DELETE CASCADE). Kept for good, whatever their age: every session that is
// or was more than an abandoned form, i.e.
// - any status but `expired` (paid, being processed, failed after a payment, or still open);
// - a session an order points at (orders.checkout_id, whose ON DELETE SET NULL would lose the
//   link), or a subscription (subscriptions.checkout_id, no foreign key);
// - a session with any payment attempt (payment_attempts.checkout_id, no foreign key), even a
//   declined one: it is the record of a call to the processor, which reconciliation and refunds
//   look sessions up by.
import type { Tx } from "../db/client";
import { checkoutRetentionDays } from "../config";
import type { JobHandler } from "../jobs/queue";

export const PRUNE_CHECKOUTS_JOB = "checkouts.prune";
const DAY_MS = 24 * 60 * 60_000;
// At most this many sessions per run, every 10 minutes: about 290,000 a day.
const BATCH = 2000;

export async function pruneExpiredCheckouts(
  tx: Tx,
  now: Date,
  retentionDays = checkoutRetentionDays(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return tx.$executeRaw`
    DELETE FROM checkout_sessions WHERE id IN (
      SELECT s.id FROM checkout_sessions s
      WHERE s.status = 'expired' AND s.expires_at < ${cutoff}::timestamp
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.checkout_id = s.id)
        AND NOT EXISTS (SELECT 1 FROM subscriptions x WHERE x.checkout_id = s.id)
        AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.checkout_id = s.id)
      ORDER BY s.expires_at LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)`;
}

export const pruneCheckoutsJob: JobHandler = {
  repeatEveryMs: 10 * 60_000,
  run: async (tx, _payload, ctx) => {
    await pruneExpiredCheckouts(tx, ctx.now);
  },
};
