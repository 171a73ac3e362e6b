// order.created and order.paid (orders are paid when they are created: both at once, in that
// order), order.updated when its billing details were corrected (./billing-details.ts), and
// order.refunded when a refund of the order succeeded (lib/refunds/settle.ts): `data`
// is the order as GET /v1/orders/{id} returns it.
import type { Tx } from "../db/client";
import { emitResourceEvents, organizationPrincipal } from "../webhooks/resource-events";
import { orderSchema } from "./schemas";
import { getOrder } from "./service";

type OrderRef = { id: string; organization_id: string };

export function emitOrderEvents(
  tx: Tx,
  types: readonly ("order.created" | "order.paid" | "order.updated" | "order.refunded")[],
  order: OrderRef,
  now?: Date,
) {
  return emitResourceEvents(tx, {
    organizationId: order.organization_id,
    types,
    schema: orderSchema,
    read: () => getOrder(tx, organizationPrincipal(order.organization_id), order.id),
    now,
  });
}

/** The events of a new order: created, and paid when it is. */
export function newOrderEventTypes(order: { status: string }): ("order.created" | "order.paid")[] {
  return order.status === "paid" ? ["order.created", "order.paid"] : ["order.created"];
}
