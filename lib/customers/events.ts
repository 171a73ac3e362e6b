// customer.created and customer.updated: `data` is the customer as GET /v1/customers/{id} returns
// it. A deleted customer (anonymized, or removed when it had no purchases) is announced as
// customer.updated with `deleted_at` set: GET no longer finds it, and this is its last state.
import type { Tx } from "../db/client";
import type { Customer } from "../generated/prisma/client";
import { emitResourceEvents } from "../webhooks/resource-events";
import { customerResourceSchema, toCustomerResource } from "./schemas";

type CustomerRef = { id: string; organization_id: string };

/** `row`: the customer as it now is, when the caller has it (else read, only if someone listens). */
export function emitCustomerEvent(
  tx: Tx,
  type: "customer.created" | "customer.updated",
  customer: CustomerRef,
  now?: Date,
  row?: Customer,
) {
  return emitResourceEvents(tx, {
    organizationId: customer.organization_id,
    types: [type],
    schema: customerResourceSchema,
    read: async () =>
      toCustomerResource(row ?? (await tx.customer.findUniqueOrThrow({ where: { id: customer.id } }))),
    now,
  });
}
