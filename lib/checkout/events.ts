// checkout.created and checkout.updated: `data` is the session as GET /v1/checkouts/{id} returns
// it (the merchant's view, with metadata and the client secret), whichever route or job changed it.
import type { Tx } from "../db/client";
import type { WebhookEventType } from "../webhooks/event-types";
import { emitResourceEvents } from "../webhooks/resource-events";
import { checkoutInclude, checkoutSchema, toCheckout } from "./schemas";
import { withClientSecret } from "./client-secret";

type SessionRef = { id: string; organization_id: string };

/** The merchant's view, read as GET reads it (no tenancy filter: the caller names its own session). */
async function readCheckout(tx: Tx, id: string) {
  const row = await tx.checkoutSession.findUniqueOrThrow({
    where: { id },
    include: checkoutInclude,
    relationLoadStrategy: "query", // see findClientCheckout
  });
  return toCheckout(withClientSecret(row));
}

/**
 * Emits `type` about the session; `view` is the merchant's view when the caller has it already
 * (create and the merchant's PATCH return it), else it is read, only if someone listens.
 */
export function emitCheckoutEvent(
  tx: Tx,
  type: Extract<WebhookEventType, `checkout.${string}`>,
  session: SessionRef,
  now?: Date,
  view?: ReturnType<typeof toCheckout>,
) {
  return emitResourceEvents(tx, {
    organizationId: session.organization_id,
    types: [type],
    schema: checkoutSchema,
    read: () => view ?? readCheckout(tx, session.id),
    now,
  });
}
