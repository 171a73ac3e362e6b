// Refunds are payment attempts too: recorded in the transaction that decides them, performed by a
// job after commit (lib/payments/refund-job.ts), retried until the processor answers.
import type { Tx } from "../db/client";
import type { PaymentAttempt } from "../generated/prisma/client";
import { enqueueJob } from "../jobs/queue";
import { createPaymentAttempt } from "./attempts";

export const REFUND_PAYMENT_JOB = "payment.refund";

export type RefundPayload = { attempt_id: string };

/**
 * Records a refund of `payment` (a succeeded charge or renewal attempt, or a payment known by its
 * processor id) and queues it. Without options it gives the whole payment back, once per payment:
 * asking again returns the first. A merchant's refund (lib/refunds) passes its `amount` and its own
 * `reference` (one attempt per refund), so one payment may be refunded in several parts.
 */
export async function requestRefund(
  tx: Tx,
  payment: Pick<
    PaymentAttempt,
    "organization_id" | "processor" | "processor_payment_id" | "amount" | "currency" | "checkout_id"
  > & { order_id?: string | null; subscription_id?: string | null },
  now: Date,
  options: { amount?: number; reference?: string } = {},
): Promise<PaymentAttempt> {
  const reference = options.reference ?? `refund:${payment.processor}:${payment.processor_payment_id}`;
  const existing = await tx.paymentAttempt.findUnique({ where: { reference } });
  if (existing) return existing;
  const attempt = await createPaymentAttempt(
    tx,
    {
      organizationId: payment.organization_id,
      kind: "refund",
      amount: options.amount ?? payment.amount,
      currency: payment.currency,
      processor: payment.processor,
      checkoutId: payment.checkout_id,
      orderId: payment.order_id ?? null,
      subscriptionId: payment.subscription_id ?? null,
      reference,
      refundedPaymentId: payment.processor_payment_id,
    },
    now,
  );
  await enqueueJob(
    tx,
    REFUND_PAYMENT_JOB,
    { attempt_id: attempt.id },
    { dedupeKey: `refund:${attempt.id}`, now },
  );
  return attempt;
}
