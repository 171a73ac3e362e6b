// dispute.created, dispute.updated and dispute.closed: `data` is the dispute as
// GET /v1/disputes/{id} returns it, read in the transaction that changed it.
import type { Tx } from "../db/client";
import { emitResourceEvents, organizationPrincipal } from "../webhooks/resource-events";
import { disputeSchema } from "./schemas";
import { getDispute } from "./read";

export type DisputeEventType = "dispute.created" | "dispute.updated" | "dispute.closed";

export function emitDisputeEvents(
  tx: Tx,
  types: readonly DisputeEventType[],
  dispute: { id: string; organization_id: string },
  now: Date,
) {
  return emitResourceEvents(tx, {
    organizationId: dispute.organization_id,
    types,
    schema: disputeSchema,
    read: () => getDispute(tx, organizationPrincipal(dispute.organization_id), dispute.id),
    now,
  });
}
