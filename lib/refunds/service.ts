// Refunds (issue 13): create, list, read. Creating one decides it under the order's row lock: what
// remains refundable (the order's total minus what was refunded minus the refunds still pending),
// the tax part, and whether benefits are taken back; it records the refund with its processor
// refund (a payment attempt of kind refund) in the same transaction. The processor is called by
// the `payment.refund` job after commit, outside any lock; its answer settles the refund
// (./settle.ts). Parallel refunds of one order queue on the lock, so they never exceed its total.
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import type { Order, PaymentAttempt } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { formatMoney } from "../money";
import { kickWorker } from "../jobs/runtime";
import { requestRefund } from "../payments/refunds";
import { lockRowForEvents } from "../webhooks/listeners";
import { remainingRefundable, refundTax } from "./amounts";
import { emitRefundEvent } from "./events";
import { toRefund, type CreateRefundBody } from "./schemas";

// The reads live in ./read.ts (./events.ts reads with them, and this file emits events).
export { getRefund, listRefunds } from "./read";

// Short: the lock is held only while the refund is decided and written; callers may queue for it.
const CREATE_TRANSACTION = { maxWait: 20_000, timeout: 15_000 };

/**
 * The processor's payment an order was paid with: a succeeded charge linked to the order itself
 * (a renewal's charge names the order its success made), or the succeeded charge of its checkout
 * (the one the session recorded). Renewal charges made before they named their order were named
 * by the migration `20261129010000_renewal_charges_name_their_orders`. Null: nothing was paid (a
 * free order, or one made by hand).
 */
export async function findOrderPayment(db: DbOrTx, order: Order): Promise<PaymentAttempt | null> {
  const sources: object[] = [{ order_id: order.id }];
  if (order.checkout_id) {
    const session = await db.checkoutSession.findUnique({
      where: { id: order.checkout_id },
      select: { payment_id: true },
    });
    if (session?.payment_id) {
      sources.push({ checkout_id: order.checkout_id, processor_payment_id: session.payment_id });
    }
  }
  return db.paymentAttempt.findFirst({
    where: {
      OR: sources,
      kind: { in: ["charge", "renewal"] },
      status: "succeeded",
      processor_payment_id: { not: null },
      amount: { gt: 0 },
    },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
}

/** The refunds of the order not settled yet, summed: they hold their share of what remains. */
async function pendingRefunds(tx: Tx, orderId: string) {
  const sum = await tx.refund.aggregate({
    where: { order_id: orderId, status: "pending" },
    _sum: { amount: true, tax_amount: true },
  });
  return { amount: sum._sum.amount ?? 0, tax_amount: sum._sum.tax_amount ?? 0 };
}

async function decideRefund(tx: Tx, principal: Principal, body: CreateRefundBody, now: Date) {
  // Tenancy first (another organization's order is simply not found), then the lock.
  foundOrThrow(
    await tx.order.findFirst({
      where: { id: body.order_id, ...tenantWhere(principal) },
      select: { id: true },
    }),
  );
  const order = foundOrThrow(await lockRowForEvents<Order>(tx, "orders", body.order_id));
  const payment = order.amount + order.tax_amount > 0 ? await findOrderPayment(tx, order) : null;
  if (!payment) {
    throw new ApiError("BadRequest", "Nothing was paid for this order, so there is nothing to refund.");
  }
  const reserved = await pendingRefunds(tx, order.id);
  const remaining = remainingRefundable(order, reserved);
  const money = (amount: number) => formatMoney(amount, order.currency);
  if (remaining.total === 0) {
    throw new ApiError(
      "BadRequest",
      reserved.amount > 0
        ? "Nothing remains refundable on this order: what is left is held by refunds in progress."
        : "This order is fully refunded.",
    );
  }
  if (body.amount > remaining.total) {
    throw new ApiError(
      "BadRequest",
      `The amount exceeds what remains refundable on this order: at most ${remaining.total} (${money(remaining.total)}).`,
    );
  }
  const taxAmount = refundTax(order, remaining, body.amount);
  const full = body.amount === remaining.total && reserved.amount === 0;
  const revokeBenefits = body.revoke_benefits ?? (full && order.product_price_type === "one_time");

  const id = randomUUID();
  const attempt = await requestRefund(
    tx,
    { ...payment, order_id: order.id, subscription_id: order.subscription_id },
    now,
    { amount: body.amount, reference: `refund:${id}` },
  );
  const refund = await tx.refund.create({
    data: {
      id,
      created_at: now,
      organization_id: order.organization_id,
      metadata: body.metadata ?? {},
      status: "pending",
      reason: body.reason,
      amount: body.amount,
      tax_amount: taxAmount,
      currency: order.currency,
      order_id: order.id,
      subscription_id: order.subscription_id,
      customer_id: order.customer_id,
      comment: body.comment || null,
      revoke_benefits: revokeBenefits,
      payment_attempt_id: attempt.id,
    },
  });
  await emitRefundEvent(tx, "refund.created", refund, now);
  return refund;
}

/**
 * Creates a refund (201, `pending`): the processor is asked by a job right after commit, and the
 * refund becomes `succeeded` (the order's refunded amounts and status follow, benefits are revoked
 * when asked, the buyer is emailed) or `failed` (what it held is released).
 */
export async function createRefund(db: Db, principal: Principal, body: CreateRefundBody, now = new Date()) {
  const refund = await db.$transaction((tx) => decideRefund(tx, principal, body, now), CREATE_TRANSACTION);
  kickWorker();
  return toRefund(refund);
}
