// Writing webhook events to the outbox, inside the transaction of the change they describe: the
// event exists if and only if the change committed. Delivery happens after commit, from the job
// queue (lib/webhooks/deliver.ts): each delivery on its own retry schedule, none waiting behind
// another (docs/webhook-delivery.md).
//
// Order hint: event writers of one organization take a transaction-scoped advisory lock before
// they take the event's `sequence`, so a greater sequence always belongs to a later commit. The body
// carries it (`{"type", "timestamp", "sequence", "livemode", "data"}`): deliveries may arrive out of
// order (a retried one after later ones), and a receiver keeps, per resource, the event with the
// greatest sequence. The lock is taken only when an enabled endpoint listens for the event, so
// organizations without webhooks pay one indexed read per transaction (./listeners.ts), none where
// the transaction's row lock already read it. Test events and redeliveries (./deliveries.ts) take the
// same lock.
//
// The payload is stored encrypted (lib/secrets, bound to the event's row): a checkout's `data`
// carries its client secret, which is never kept in clear. `webhookEventBody` opens it.
//
// The lock is held until commit: take it last. A transaction that waits for a row lock while it
// holds this one can deadlock with one that holds that row and emits. So events are emitted after
// a transaction's last write, and code that others call in the middle of their transaction runs
// inside `withDeferredWebhookEvents`, which writes its events when the whole work is done.
//
// The delivery job is enqueued with `onDuplicate: "rerun"` (a job already running for the endpoint
// may have looked at its deliveries before this commit: it then runs once more), `advance` (a job
// waiting for a retry that is due later runs now: the new delivery waits for nothing) and `notify`
// (workers of every instance wake when this transaction commits, not at their next poll). (The job
// row's lock, taken after the organization's, is never held by a transaction that then emits.)
//
// Its statements go straight to the transaction's connection (lib/db/direct.ts): a purchase whose
// organization listens writes several events.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { directSql } from "../db/direct";
import { Prisma } from "../generated/prisma/client";
import { enqueueJob } from "../jobs/queue";
import type { DeliveredEventType, WebhookEventType } from "./event-types";
import { isListened } from "./listeners";
import { decrypt, encrypt } from "../secrets";

export const DELIVER_WEBHOOKS_JOB = "webhooks.deliver";

/** The job that sends one endpoint's due deliveries: at most one pending or running per endpoint. */
export const deliverJobKey = (endpointId: string) => `${DELIVER_WEBHOOKS_JOB}:${endpointId}`;

/**
 * Serializes the transactions that take sequence numbers for one organization's deliveries, until
 * the caller's transaction ends: a lower sequence number then always commits first.
 */
export async function lockOrganizationDeliveries(tx: Tx, organizationId: string): Promise<void> {
  await directSql(
    tx,
    Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${organizationId}`}, 0))::text`,
  );
}

/**
 * Makes sure the endpoint's delivery job looks at its deliveries after this transaction commits:
 * now, even when it was waiting for a later retry.
 */
export async function scheduleEndpointDelivery(tx: Tx, endpointId: string, now: Date): Promise<void> {
  await enqueueJob(
    tx,
    DELIVER_WEBHOOKS_JOB,
    { endpoint_id: endpointId },
    {
      dedupeKey: deliverJobKey(endpointId),
      now,
      onDuplicate: "rerun",
      advance: true,
      notify: true,
    },
  );
}

/**
 * A delivery of the event to the endpoint, due now (the caller holds lockOrganizationDeliveries),
 * and the endpoint's job scheduled. Returns the delivery's id.
 */
export async function queueDelivery(
  tx: Tx,
  input: { organizationId: string; eventId: string; endpointId: string; now: Date },
): Promise<string> {
  const id = randomUUID();
  await directSql(
    tx,
    Prisma.sql`
    INSERT INTO webhook_deliveries (id, created_at, organization_id, event_id, endpoint_id, next_attempt_at)
    VALUES (${id}::uuid, ${ts(input.now)}::timestamp, ${input.organizationId}::uuid, ${input.eventId}::uuid,
            ${input.endpointId}::uuid, ${ts(input.now)}::timestamp)`,
  );
  await scheduleEndpointDelivery(tx, input.endpointId, input.now);
  return id;
}

/**
 * Writes an event whose payload is `{"type", "timestamp", "sequence", "livemode", "data"}`, the
 * exact body every delivery sends, encrypted (see the file's header). The caller holds
 * lockOrganizationDeliveries.
 */
export async function insertWebhookEvent(
  tx: Tx,
  input: { organizationId: string; type: DeliveredEventType; data: unknown; now: Date },
): Promise<string> {
  const eventId = randomUUID();
  // Taken before the insert so that the body (encrypted) can carry it, with the organization's mode
  // (docs/payments.md, "Test and live organizations") in the same statement.
  const [next] = await directSql<{ sequence: string; livemode: boolean | null }>(
    tx,
    Prisma.sql`SELECT nextval(pg_get_serial_sequence('webhook_events', 'sequence'))::text AS sequence,
                      (SELECT o.livemode FROM organizations o WHERE o.id = ${input.organizationId}::uuid) AS livemode`,
  );
  const sequence = Number(next!.sequence);
  const livemode = next!.livemode === true;
  const body = JSON.stringify({
    type: input.type,
    timestamp: ts(input.now),
    sequence,
    livemode,
    data: input.data,
  });
  const payload = encrypt(body, payloadContext(eventId));
  await directSql(
    tx,
    Prisma.sql`
    INSERT INTO webhook_events (id, created_at, organization_id, type, payload, sequence, order_id)
    VALUES (${eventId}::uuid, ${ts(input.now)}::timestamp, ${input.organizationId}::uuid, ${input.type},
            ${payload}, ${next!.sequence}::bigint, ${eventOrderId(input.type, input.data)}::uuid)`,
  );
  return eventId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The order an event is about, kept in clear beside the sealed payload for the order page's
 * timeline: an order event's resource, or the `order_id` of a refund, grant or license key.
 */
export function eventOrderId(type: string, data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const fields = data as Record<string, unknown>;
  const orderId = type.startsWith("order.") ? fields.id : fields.order_id;
  return typeof orderId === "string" && UUID.test(orderId) ? orderId : null;
}

export type WebhookEventInput = {
  organizationId: string;
  type: WebhookEventType;
  /**
   * The resource as the API returns it (already encoded for JSON). A function, so the resource is
   * only read and encoded when some endpoint listens.
   */
  data: () => unknown;
  now?: Date;
};

const ts = (date: Date) => date.toISOString();
const payloadContext = (eventId: string) => `webhook_events.payload:${eventId}`;

/** The event's body exactly as it is sent (`{"type", "timestamp", "sequence", "livemode", "data"}` JSON). */
export function webhookEventBody(event: { id: string; payload: string }): string {
  return decrypt(event.payload, payloadContext(event.id));
}

/**
 * Records the event for every enabled endpoint of the organization subscribed to its type, and
 * schedules their delivery. Returns the event id, or null when nobody listens (or when the event
 * is held back by `withDeferredWebhookEvents`, to be written when its work ends).
 */
export async function emitWebhookEvent(tx: Tx, input: WebhookEventInput): Promise<string | null> {
  const deferred = deferredEvents.get(tx);
  if (deferred) {
    deferred.push(input);
    return null;
  }
  const now = input.now ?? new Date();
  const listening = () =>
    directSql<{ id: string }>(
      tx,
      Prisma.sql`
      SELECT id::text AS id FROM webhook_endpoints
      WHERE organization_id = ${input.organizationId}::uuid AND enabled AND ${input.type} = ANY(events)
      ORDER BY id`,
    );
  if (!(await isListened(tx, input.organizationId, input.type))) return null;

  await lockOrganizationDeliveries(tx, input.organizationId);
  // Read again under the lock: an endpoint disabled or deleted meanwhile gets nothing.
  const endpoints = await listening();
  if (endpoints.length === 0) return null;

  const eventId = await insertWebhookEvent(tx, {
    organizationId: input.organizationId,
    type: input.type,
    data: await input.data(),
    now,
  });
  for (const endpoint of endpoints) {
    await queueDelivery(tx, { organizationId: input.organizationId, eventId, endpointId: endpoint.id, now });
  }
  return eventId;
}

const deferredEvents = new WeakMap<object, WebhookEventInput[]>();

/**
 * Runs `work` with the events it emits held back, then writes them in order: for a transaction
 * that goes on writing (taking row locks) after code that emits, so the organization's lock is
 * still taken last. Nothing is written if `work` throws (the transaction rolls back anyway).
 */
export async function withDeferredWebhookEvents<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  if (deferredEvents.has(tx)) return work();
  const queue: WebhookEventInput[] = [];
  deferredEvents.set(tx, queue);
  let result: T;
  try {
    result = await work();
  } finally {
    deferredEvents.delete(tx);
  }
  for (const input of queue) await emitWebhookEvent(tx, input);
  return result;
}
