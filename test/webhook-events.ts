// Webhook events in tests: an endpoint row made directly (the endpoints API is tested on its own),
// and the events one endpoint was given, in delivery order, read back from the outbox.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { createWebhookEndpoint as createEndpointRow } from "@/lib/factories/webhooks";
import { jobHandlers } from "@/lib/composition/jobs";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { DELIVER_WEBHOOKS_JOB, webhookEventBody } from "@/lib/webhooks/emit";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";

/** An endpoint (the shared factory's, its secret sealed as the API seals it) listening to `events`. */
export async function createWebhookEndpoint(
  db: Db,
  organizationId: string,
  events: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES,
  options: { enabled?: boolean } = {},
) {
  const { endpoint } = await createEndpointRow(db, organizationId, {
    url: `https://merchant.example.com/webhooks/${randomUUID()}`,
    events: [...events],
    enabled: options.enabled ?? true,
  });
  return endpoint;
}

export type ReceivedEvent = { type: string; timestamp: string; data: any; sequence: bigint };

/** Every event delivered to the endpoint, in `sequence` order, its payload parsed. */
export async function eventsOf(db: Db, endpointId: string): Promise<ReceivedEvent[]> {
  const deliveries = await db.webhookDelivery.findMany({
    where: { endpoint_id: endpointId },
    orderBy: { sequence: "asc" },
    include: { event: true },
  });
  return deliveries.map(({ event, sequence }) => {
    const payload = JSON.parse(webhookEventBody(event)) as { type: string; timestamp: string; data: unknown };
    if (payload.type !== event.type) throw new Error(`Event ${event.id}: payload type ${payload.type}`);
    return { ...payload, sequence } as ReceivedEvent;
  });
}

/** Reads an endpoint's events as they come: each call returns those that arrived since the last. */
export function eventReader(db: Db, endpointId: string) {
  let seen = 0;
  return async () => {
    const events = await eventsOf(db, endpointId);
    const fresh = events.slice(seen);
    seen = events.length;
    return fresh;
  };
}

// Delivery is another job's business: here it does nothing, so the deliveries stay as written.
export const handlersWithoutDelivery: JobHandlers = {
  ...jobHandlers,
  [DELIVER_WEBHOOKS_JOB]: { run: async () => {} },
};

/** Runs the due jobs (order processing, expiry, renewals) until none is left, deliveries aside. */
export async function runJobsExceptDelivery(db: Db, options: { now?: Date; concurrency?: number } = {}) {
  while ((await runDueJobs(db, handlersWithoutDelivery, { limit: 50, ...options })).claimed > 0);
}
