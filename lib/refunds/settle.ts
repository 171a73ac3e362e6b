// What the processor's answer to a refund does (called by lib/payments/outcomes.ts for attempts of
// kind refund, whichever path reports it: the refund job, a notification, reconciliation).
// Succeeded: under the order's row lock, the order's refunded amounts and status move, the
// benefits are revoked when the refund asked for it, and order.refunded, refund.updated and the
// "refund issued" email are written, and the credit note of an invoiced order queued. Failed: the refund is `failed` and stops holding its share of
// the order (what remains refundable is computed from the pending refunds).
import type { Tx } from "../db/client";
import type { Order, PaymentAttempt, Refund } from "../generated/prisma/client";
import { emitOrderEvents } from "../orders/events";
import { lockRowForEvents } from "../webhooks/listeners";
import type { PaymentOutcomeHandlers } from "../payments/outcomes";
import { afterRefund } from "./amounts";
import { queueRefundIssued } from "./email";
import { revokeOrderAccess } from "./revoke-access";
import { emitRefundEvent } from "./events";
import { queueCreditNote } from "../invoices/queue";

async function succeed(tx: Tx, refund: Refund, now: Date) {
  const order = await lockRowForEvents<Order>(tx, "orders", refund.order_id);
  if (!order) return;
  await tx.order.update({
    where: { id: order.id },
    data: { ...afterRefund(order, refund), modified_at: now },
  });
  await tx.refund.update({ where: { id: refund.id }, data: { status: "succeeded", modified_at: now } });
  if (refund.revoke_benefits) await revokeOrderAccess(tx, order, now);
  await emitOrderEvents(tx, ["order.refunded"], order, now);
  await emitRefundEvent(tx, "refund.updated", refund, now);
  await queueRefundIssued(tx, refund.id, now);
  // An invoiced order's refund gets its credit note (docs/invoices.md); an order invoiced later
  // gets it with its invoice (lib/invoices/issue.ts reads the refunds under this same lock).
  if (order.invoice_issued_at) await queueCreditNote(tx, refund.id, now);
}

/** Applies a refund attempt's new status to its refund (once: a settled refund stays as it is). */
export async function settleRefundAttempt(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void> {
  if (attempt.status !== "succeeded" && attempt.status !== "failed") return;
  const refund = await tx.refund.findUnique({ where: { payment_attempt_id: attempt.id } });
  if (!refund || refund.status !== "pending") return;
  if (attempt.status === "succeeded") return succeed(tx, refund, now);
  await tx.refund.update({
    where: { id: refund.id },
    data: {
      status: "failed",
      failure_reason: attempt.failure_reason?.slice(0, 1000) ?? null,
      modified_at: now,
    },
  });
  await emitRefundEvent(tx, "refund.updated", refund, now);
}

/**
 * Refunds' payment outcomes (lib/payments/outcomes.ts). A merchant's refund follows its attempt; a
 * refund the system made on its own (a failed checkout's money given back) is only its attempt.
 */
export const refundPaymentOutcomes: PaymentOutcomeHandlers = { refund: settleRefundAttempt };
