// The merchant's copy of an order's receipt (GET /v1/orders/{id}/receipt, like the reference API's
// invoice): the same view model as the buyer's link, found within the principal's organizations.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { buildReceipt, receiptInclude, type ReceiptView } from "./receipt";

export async function getOrderReceipt(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<ReceiptView> {
  const order = await db.order.findFirst({
    where: { id: orderId, ...tenantWhere(principal) },
    include: receiptInclude,
  });
  return buildReceipt(foundOrThrow(order));
}
