// The expiry sweeper (docs/api.md §4): open sessions past `expires_at` become `expired`, and
// any discount redemption they hold goes back to the pool. Client routes already refuse an open
// session past its expiry; this makes the stored status and the redemption counts agree.
import type { Tx } from "../db/client";
import { releaseRedemption } from "../discounts/redemptions";
import { Prisma } from "../generated/prisma/client";
import { listenedTypesSql, primeListeners } from "../webhooks/listeners";
import { emitCheckoutEvent } from "./events";
import type { JobHandler } from "../jobs/queue";

export const EXPIRE_CHECKOUTS_JOB = "checkouts.expire";
// Bounded so one sweep stays a short transaction; the next sweep picks up the rest.
const BATCH = 500;

export async function expireCheckouts(tx: Tx, now: Date): Promise<number> {
  // Each row also says who listens in its organization, so the events cost no statement of their own.
  const rows = await tx.$queryRaw<{ id: string; organization_id: string; listened: string[] }[]>`
    UPDATE checkout_sessions SET status = 'expired', modified_at = ${now.toISOString()}::timestamp
    WHERE id IN (
      SELECT id FROM checkout_sessions
      WHERE status = 'open' AND expires_at <= ${now.toISOString()}::timestamp
        -- A payment under way settles first (reconciliation resolves it if nobody reports back).
        AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.checkout_id = checkout_sessions.id
                        AND a.status IN ('pending', 'requires_action'))
      ORDER BY expires_at LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, organization_id::text AS organization_id,
              ${listenedTypesSql(Prisma.sql`checkout_sessions.organization_id`)} AS listened`;
  for (const { id } of rows) await releaseRedemption(tx, id);
  for (const row of rows) {
    primeListeners(tx, row.organization_id, row.listened);
    await emitCheckoutEvent(tx, "checkout.updated", row, now);
  }
  return rows.length;
}

export const expireCheckoutsJob: JobHandler = {
  repeatEveryMs: 60_000,
  run: async (tx, _payload, ctx) => {
    await expireCheckouts(tx, ctx.now);
  },
};
