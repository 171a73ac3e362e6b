// The buyer's saved cards in the portal (docs/portal.md, "Saved cards"): the list the merchant sees
// of them (lib/customers/payment-methods.ts), and removing one that no subscription still bills (a
// card of their subscriptions, or one they added, ./add-card.ts).
// Removing forgets the card here in one transaction and leaves the processor's side (Stripe detaches
// it from its customer) to a job that runs after the commit: no processor call under a lock.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import type { Db, Tx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import type { PageParams } from "../core/pagination";
import { ApiError } from "../core/errors";
import { enqueueJob } from "../jobs/queue";
import { paymentMethodsOf } from "../customers/payment-methods";
import { FORGET_PAYMENT_METHOD_JOB, type ForgetPaymentMethodPayload } from "../payments/forget";

/** A saved card's reference as the list shows it (the processor's, e.g. `cus_…/pm_…`). */
export const paymentMethodParams = z.object({ id: z.string().min(1).max(255) });

/** GET /v1/customer-portal/customers/me/payment-methods. */
export function listPortalPaymentMethods(db: Db, principal: CustomerPrincipal, query: PageParams) {
  return paymentMethodsOf(db, { id: principal.customerId, organization_id: principal.organizationId }, query);
}

type BillingRow = {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  payment_processor: string | null;
};

/**
 * A subscription that will still charge its card: a renewal to come (active or trialing, not set to
 * end at the period's end) or a failed payment being retried (past due).
 */
export function stillBills(row: Pick<BillingRow, "status" | "cancel_at_period_end">): boolean {
  if (row.status === "past_due") return true;
  return (row.status === "active" || row.status === "trialing") && !row.cancel_at_period_end;
}

/**
 * DELETE /v1/customer-portal/customers/me/payment-methods/{id}: 404 for a card that is not one of
 * the buyer's, 400 `PaymentMethodInUseByActiveSubscription` while a subscription still bills it.
 * Otherwise the subscriptions that kept it (ended, or ending at their period's end) forget it, its
 * description goes, and the processor is told after the commit.
 */
export async function deletePortalPaymentMethod(
  db: Db,
  principal: CustomerPrincipal,
  ref: string,
  now = new Date(),
): Promise<void> {
  await db.$transaction(
    async (tx) => {
      const rows = await lockSubscriptionsWithCard(tx, principal, ref);
      // A card the buyer added in the portal is theirs even when no subscription uses it.
      const added = await tx.savedPaymentMethod.findFirst({
        where: { organization_id: principal.organizationId, ref, customer_id: principal.customerId },
        select: { processor: true },
      });
      if (rows.length === 0 && !added) throw ApiError.notFound("Payment method not found.");
      if (rows.some(stillBills)) {
        throw new ApiError(
          "PaymentMethodInUseByActiveSubscription",
          "This card pays for a subscription: add another card to it first, or cancel it.",
        );
      }
      if (rows.length) {
        await tx.subscription.updateMany({
          where: { id: { in: rows.map((row) => row.id) } },
          data: { payment_method_ref: null, modified_at: now },
        });
      }
      // Another customer cannot hold the same reference: a processor's saved method is one customer's.
      await tx.savedPaymentMethod.deleteMany({
        where: { organization_id: principal.organizationId, ref },
      });
      const payload: ForgetPaymentMethodPayload = {
        organization_id: principal.organizationId,
        processor: rows[0]?.payment_processor ?? added?.processor ?? "test",
        ref,
      };
      await enqueueJob(tx, FORGET_PAYMENT_METHOD_JOB, payload, { now });
    },
    { maxWait: 10_000, timeout: 10_000 },
  );
}

/** The buyer's subscriptions holding the card, locked (a renewal or a card change waits). */
function lockSubscriptionsWithCard(tx: Tx, principal: CustomerPrincipal, ref: string) {
  return tx.$queryRaw<BillingRow[]>(Prisma.sql`
    SELECT id::text AS id, status::text AS status, cancel_at_period_end, payment_processor
    FROM subscriptions
    WHERE organization_id = ${principal.organizationId}::uuid
      AND customer_id = ${principal.customerId}::uuid
      AND payment_method_ref = ${ref}
    ORDER BY id
    FOR UPDATE`);
}
