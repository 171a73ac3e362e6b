// Recording what a payment processor says of a dispute (issue 30). The processor's event job
// (Stripe's `charge.dispute.created|updated|closed`) calls recordProcessorDispute after it has
// verified the event; everything after that call is here, in one transaction under the order's
// row lock: the dispute row upserted, its webhook events, the merchant's email, and the order's
// benefits taken back when the dispute is lost (or at once, when the organization asks for that).
//
// Notices come at least once and in any order. Each is judged by the stage it puts the dispute at
// (./lifecycle.ts), not by when it arrived: an older one changes nothing and emits nothing, a
// final status is never left, and a repeated one finds nothing to change.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Dispute, Order } from "../generated/prisma/client";
import { revokeOrderAccess } from "../refunds/revoke-access";
import { lockRowForEvents } from "../webhooks/listeners";
import { queueDisputeClosed, queueDisputeOpened, type DisputeOrganization } from "./emails";
import { emitDisputeEvents } from "./events";
import { isClosedStatus, judgeNotice } from "./lifecycle";
import {
  processorDisputeInput,
  toDispute,
  type DisputeResource,
  type DisputeStatus,
  type ParsedProcessorDispute,
  type ProcessorDisputeInput,
} from "./schemas";

// Short: the order's lock is held only while the notice is written.
const RECORD_TRANSACTION = { maxWait: 20_000, timeout: 15_000 };

/**
 * The order paid by the processor's payment `paymentId`: a succeeded charge or renewal linked to
 * its order, or to the checkout whose processing made the order. Null: no such payment here.
 */
async function findDisputedOrder(tx: Tx, notice: ParsedProcessorDispute): Promise<string | null> {
  const payment = await tx.paymentAttempt.findFirst({
    where: {
      processor: notice.processor,
      processor_payment_id: notice.paymentId,
      kind: { in: ["charge", "renewal"] },
      status: "succeeded",
    },
    select: { order_id: true, checkout_id: true },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  if (!payment) return null;
  if (payment.order_id) return payment.order_id;
  if (!payment.checkout_id) return null;
  const order = await tx.order.findUnique({
    where: { checkout_id: payment.checkout_id },
    select: { id: true },
  });
  return order?.id ?? null;
}

/** What the notice says, as columns. */
function noticeColumns(notice: ParsedProcessorDispute) {
  return {
    amount: notice.amount,
    currency: notice.currency,
    reason: notice.reason,
    status: notice.status,
    evidence_due_by: notice.evidenceDueBy,
  };
}

function differs(dispute: Dispute, notice: ParsedProcessorDispute): boolean {
  const columns = noticeColumns(notice);
  return (
    dispute.amount !== columns.amount ||
    dispute.currency !== columns.currency ||
    dispute.reason !== columns.reason ||
    dispute.status !== columns.status ||
    dispute.evidence_due_by?.getTime() !== columns.evidence_due_by?.getTime()
  );
}

type Context = { order: Order; organization: DisputeOrganization & { revoke_benefits_on_dispute: boolean } };

async function createDispute(tx: Tx, notice: ParsedProcessorDispute, context: Context, now: Date) {
  const { order, organization } = context;
  const closed = isClosedStatus(notice.status);
  const dispute = await tx.dispute.create({
    data: {
      id: randomUUID(),
      created_at: now,
      organization_id: order.organization_id,
      order_id: order.id,
      processor: notice.processor,
      processor_dispute_id: notice.processorDisputeId,
      payment_id: notice.paymentId,
      ...noticeColumns(notice),
      closed_at: closed ? now : null,
    },
  });
  // A dispute first heard of as lost (its earlier notices lost or late) is revoked like any lost
  // one; one already won or closed leaves the order alone, whatever the setting.
  const revoke = notice.status === "lost" || (!closed && organization.revoke_benefits_on_dispute);
  await emitDisputeEvents(tx, ["dispute.created"], dispute, now);
  if (revoke) await revokeOrderAccess(tx, order, now);
  await queueDisputeOpened(tx, dispute, organization, revoke, now);
  if (closed) {
    await emitDisputeEvents(tx, ["dispute.closed"], dispute, now);
    await queueDisputeClosed(tx, closedDispute(dispute), organization, now);
  }
  return dispute;
}

function closedDispute(dispute: Dispute) {
  return dispute as Dispute & { status: "won" | "lost" | "warning_closed" };
}

async function applyNotice(
  tx: Tx,
  dispute: Dispute,
  notice: ParsedProcessorDispute,
  context: Context,
  now: Date,
): Promise<Dispute> {
  const change = judgeNotice(dispute.status as DisputeStatus, notice.status);
  if (change === "stale" || !differs(dispute, notice)) return dispute;
  const closing = change === "closed";
  const updated = await tx.dispute.update({
    where: { id: dispute.id },
    data: { ...noticeColumns(notice), modified_at: now, ...(closing ? { closed_at: now } : {}) },
  });
  if (!closing) {
    await emitDisputeEvents(tx, ["dispute.updated"], updated, now);
    return updated;
  }
  if (updated.status === "lost") await revokeOrderAccess(tx, context.order, now);
  await emitDisputeEvents(tx, ["dispute.closed"], updated, now);
  await queueDisputeClosed(tx, closedDispute(updated), context.organization, now);
  return updated;
}

/**
 * recordProcessorDispute in the caller's transaction (a caller that marks its processor event
 * handled in the same one). Null when no order here was paid by the payment.
 */
export async function recordProcessorDisputeIn(
  tx: Tx,
  input: ProcessorDisputeInput,
  now: Date,
): Promise<DisputeResource | null> {
  const notice = processorDisputeInput.parse(input);
  const orderId = await findDisputedOrder(tx, notice);
  const order = orderId ? await lockRowForEvents<Order>(tx, "orders", orderId) : null;
  if (!order) {
    console.warn(
      `Dispute ${notice.processorDisputeId} (${notice.processor}): no order was paid by payment ${notice.paymentId}; ignored.`,
    );
    return null;
  }
  const organization = await tx.organization.findUniqueOrThrow({
    where: { id: order.organization_id },
    select: { id: true, name: true, email: true, slug: true, revoke_benefits_on_dispute: true },
  });
  const context = { order, organization };
  // Under the order's lock: a second notice of the same dispute waits here, then finds the row.
  const existing = await tx.dispute.findUnique({
    where: {
      processor_processor_dispute_id: {
        processor: notice.processor,
        processor_dispute_id: notice.processorDisputeId,
      },
    },
  });
  const dispute = existing
    ? await applyNotice(tx, existing, notice, context, now)
    : await createDispute(tx, notice, context, now);
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: order.customer_id } });
  return toDispute(
    { ...dispute, order: { amount: order.amount, tax_amount: order.tax_amount, customer } },
    now,
  );
}

/**
 * Records a processor's notice about a dispute of one of its payments; returns the dispute as the
 * API shows it, or null (nothing written) when no order here was paid by `paymentId`. A malformed
 * notice (an unknown status, an over-long id) throws before anything is read.
 */
export function recordProcessorDispute(
  db: Db,
  input: ProcessorDisputeInput,
  now = new Date(),
): Promise<DisputeResource | null> {
  return db.$transaction((tx) => recordProcessorDisputeIn(tx, input, now), RECORD_TRANSACTION);
}
