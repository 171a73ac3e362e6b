// refund.created and refund.updated: `data` is the refund as GET /v1/refunds/{id} returns it.
// order.refunded (lib/orders/events.ts) follows a refund that succeeded.
import type { Tx } from "../db/client";
import { emitResourceEvents, organizationPrincipal } from "../webhooks/resource-events";
import { refundSchema } from "./schemas";
import { getRefund } from "./read";

type RefundRef = { id: string; organization_id: string };

export function emitRefundEvent(
  tx: Tx,
  type: "refund.created" | "refund.updated",
  refund: RefundRef,
  now: Date,
) {
  return emitResourceEvents(tx, {
    organizationId: refund.organization_id,
    types: [type],
    schema: refundSchema,
    read: () => getRefund(tx, organizationPrincipal(refund.organization_id), refund.id),
    now,
  });
}
