// One trial per customer (docs/subscriptions.md "Trials"); the trial rules themselves are pure, in
// ./trial-terms.ts.
import { Prisma } from "../generated/prisma/client";
import type { Tx } from "../db/client";
import { directSql } from "../db/direct";

/**
 * Whether the buyer already had a trial in the organization: a subscription with a trial of the
 * customer with this email (or this customer), or one whose checkout saved this card.
 */
export async function trialAlreadyRedeemed(
  tx: Tx,
  organizationId: string,
  buyer: { customerId: string | null; email: string | null; cardFingerprint: string | null },
): Promise<boolean> {
  const email = buyer.email?.toLowerCase() ?? null;
  const rows = await directSql<{ redeemed: boolean }>(
    tx,
    Prisma.sql`
    SELECT EXISTS (
      SELECT 1 FROM subscriptions s JOIN customers c ON c.id = s.customer_id
       WHERE s.organization_id = ${organizationId}::uuid AND s.trial_start IS NOT NULL
         AND (c.id = ${buyer.customerId}::uuid OR c.email = ${email})
    ) OR EXISTS (
      SELECT 1 FROM subscriptions s JOIN payment_attempts a ON a.checkout_id = s.checkout_id
       WHERE s.organization_id = ${organizationId}::uuid AND s.trial_start IS NOT NULL
         AND ${buyer.cardFingerprint}::text IS NOT NULL AND a.card_fingerprint = ${buyer.cardFingerprint}
         AND a.status = 'succeeded'
    ) AS redeemed`,
  );
  return rows[0]?.redeemed === true;
}
