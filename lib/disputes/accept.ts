// Accepting a dispute (POST /v1/disputes/{id}/accept, docs/disputes.md "Accepting a dispute"): the
// merchant concedes the chargeback. The processor is asked to close it outside any transaction;
// what it answers (lost) is recorded through the same path as its events (./record.ts), so the
// benefits go, `dispute.closed` is sent and the merchant's email written exactly once, whichever
// comes first: this answer or the processor's `charge.dispute.closed`. A dispute closed already is
// 409 DisputeNotOpenError. The built-in test processor reports no disputes: one of its disputes (a
// test fixture's) is closed here as lost.
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { processorFor } from "../payments";
import { isClosedStatus } from "./lifecycle";
import { getDispute } from "./read";
import { recordProcessorDispute } from "./record";
import type { DisputeStatus } from "./schemas";

export async function acceptDispute(db: Db, principal: Principal, disputeId: string, now = new Date()) {
  const row = foundOrThrow(
    await db.dispute.findFirst({ where: { id: disputeId, ...tenantWhere(principal) } }),
  );
  refuseClosed(row.status as DisputeStatus);
  const processor = await processorFor(db, {
    processor: row.processor,
    organization_id: row.organization_id,
  });
  const closed = processor.closeDispute
    ? await processor.closeDispute(row.processor_dispute_id)
    : { ...row, status: "lost", paymentId: row.payment_id, evidenceDueBy: row.evidence_due_by };
  await recordProcessorDispute(
    db,
    {
      processor: row.processor,
      processorDisputeId: row.processor_dispute_id,
      paymentId: closed.paymentId ?? row.payment_id,
      amount: closed.amount,
      currency: closed.currency,
      reason: closed.reason,
      status: closed.status,
      evidenceDueBy: closed.evidenceDueBy,
    },
    now,
  );
  const after = await getDispute(db, principal, row.id);
  // The processor had decided it otherwise before our call (won, or an inquiry closed): not ours.
  if (after.status !== "lost") refuseClosed(after.status as DisputeStatus);
  return after;
}

function refuseClosed(status: DisputeStatus) {
  if (isClosedStatus(status)) {
    throw new ApiError(
      "DisputeNotOpenError",
      `This dispute is closed already (${status}): it cannot be accepted.`,
    );
  }
}
