// Events whose `data` is a resource exactly as its GET route answers it: read by the same service
// function, encoded by the same output schema and encoder (lib/core/encode-output.ts) as the route,
// so a webhook's `data` and the GET body are the same JSON. Read at most once for several events
// about the same change (order.created and order.paid), and not at all when nobody listens.
import type { z } from "zod";
import type { Tx } from "../db/client";
import { systemPrincipal, type Principal } from "../core/principal";
import { encodeOutput } from "../core/encode-output";
import { emitWebhookEvent } from "./emit";
import type { WebhookEventType } from "./event-types";

export type ResourceEvents = {
  organizationId: string;
  types: readonly WebhookEventType[];
  /** The route's output schema. */
  schema: z.ZodType;
  /** The resource as the route's service returns it (before encoding). */
  read: () => Promise<unknown> | unknown;
  now?: Date;
};

/** Emits `types`, in order, about one resource. */
export async function emitResourceEvents(tx: Tx, events: ResourceEvents): Promise<void> {
  let encoded: Promise<unknown> | undefined;
  const data = () =>
    (encoded ??= Promise.resolve(events.read()).then((value) => encodeOutput(events.schema, value)));
  for (const type of events.types) {
    await emitWebhookEvent(tx, { organizationId: events.organizationId, type, data, now: events.now });
  }
}

/** The server reading one organization's resources for an event, as that organization's merchant. */
export function organizationPrincipal(organizationId: string): Principal {
  return systemPrincipal(organizationId, "webhooks");
}
