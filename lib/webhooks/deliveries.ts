// Reading deliveries (with their event and every attempt), the two ways a merchant adds one (a
// test event to one endpoint, a redelivery of an event to each of its endpoints: both due at once,
// on their own retry schedule like any delivery, so they hold nothing back), and "Retry now" on a
// delivery that is waiting for a retry or has failed. Test events and redeliveries take the
// organization's delivery lock like any event (their `sequence` is in commit order) and keep the
// event's id as their `webhook-id`.
import type { Db, DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { lockEndpoint } from "./attempt";
import {
  insertWebhookEvent,
  lockOrganizationDeliveries,
  queueDelivery,
  scheduleEndpointDelivery,
} from "./emit";
import { WEBHOOK_TEST_EVENT, type WebhookTestEventData } from "./event-types";
import { findWebhookEndpointOrThrow } from "./endpoints";
import { toWebhookDelivery, webhookDeliveryInclude, type ListWebhookDeliveriesQuery } from "./schemas";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

export const TEST_EVENT_MESSAGE = "This is a test event: your endpoint receives webhooks.";

export async function listWebhookDeliveries(
  db: DbOrTx,
  principal: Principal,
  query: ListWebhookDeliveriesQuery,
) {
  const filters: Prisma.WebhookDeliveryWhereInput[] = [];
  const endpoints = oneOf(query.endpoint_id);
  if (endpoints) filters.push({ endpoint_id: endpoints });
  const types = oneOf(query.event_type);
  if (types) filters.push({ event: { type: types } });
  if (query.succeeded !== undefined)
    filters.push(query.succeeded ? { status: "succeeded" } : { status: { not: "succeeded" } });
  const page = await listPage(db.webhookDelivery, principal, query, {
    where: { AND: filters },
    include: webhookDeliveryInclude,
  });
  const now = new Date();
  return mapPage(page, (row) => toWebhookDelivery(row, now));
}

async function readDeliveries(db: DbOrTx, ids: string[], now = new Date()) {
  const rows = await db.webhookDelivery.findMany({
    where: { id: { in: ids } },
    include: webhookDeliveryInclude,
    orderBy: { sequence: "asc" },
  });
  return rows.map((row) => toWebhookDelivery(row, now));
}

/**
 * Queues a `webhook.test` event to this endpoint only (409 when it is disabled: it would not be
 * sent). Returns the new delivery.
 */
export async function sendTestEvent(db: Db, principal: Principal, endpointId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const endpoint = await findWebhookEndpointOrThrow(tx, principal, endpointId);
    if (!endpoint.enabled)
      throw new ApiError("ConflictError", "This endpoint is disabled: enable it to send a test event.");
    await lockOrganizationDeliveries(tx, endpoint.organization_id);
    const eventId = await insertWebhookEvent(tx, {
      organizationId: endpoint.organization_id,
      type: WEBHOOK_TEST_EVENT,
      data: {
        endpoint_id: endpoint.id,
        organization_id: endpoint.organization_id,
        message: TEST_EVENT_MESSAGE,
      } satisfies WebhookTestEventData,
      now,
    });
    const deliveryId = await queueDelivery(tx, {
      organizationId: endpoint.organization_id,
      eventId,
      endpointId: endpoint.id,
      now,
    });
    const [delivery] = await readDeliveries(tx, [deliveryId], now);
    return delivery!;
  }, TRANSACTION_OPTIONS);
}

/**
 * A new delivery of the event to each endpoint it was delivered to that still exists (deleting an
 * endpoint deletes its deliveries), due now, disabled endpoints included (sent once enabled again).
 */
export async function redeliverEvent(db: Db, principal: Principal, eventId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const event = foundOrThrow(
      await tx.webhookEvent.findFirst({ where: { id: eventId, ...tenantWhere(principal) } }),
    );
    await lockOrganizationDeliveries(tx, event.organization_id);
    const endpoints = await tx.webhookDelivery.findMany({
      where: { event_id: event.id },
      distinct: ["endpoint_id"],
      select: { endpoint_id: true },
      orderBy: { endpoint_id: "asc" },
    });
    const ids: string[] = [];
    for (const { endpoint_id } of endpoints)
      ids.push(
        await queueDelivery(tx, {
          organizationId: event.organization_id,
          eventId: event.id,
          endpointId: endpoint_id,
          now,
        }),
      );
    return { deliveries: await readDeliveries(tx, ids, now) };
  }, TRANSACTION_OPTIONS);
}

/**
 * "Retry now": a delivery waiting for its next retry, or failed for good, is due now (a failed one
 * gets one more attempt; failing again, it is failed again). 409 when it was delivered, when an
 * attempt of it is in flight, or when its endpoint is disabled; 404 for another organization's.
 */
export async function retryDeliveryNow(db: Db, principal: Principal, deliveryId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const found = foundOrThrow(
      await tx.webhookDelivery.findFirst({ where: { id: deliveryId, ...tenantWhere(principal) } }),
    );
    // Endpoint first, then the delivery: the order every writer of both keeps (./attempt.ts).
    const endpoint = await lockEndpoint(tx, found.endpoint_id);
    const delivery = await tx.webhookDelivery.findUnique({ where: { id: deliveryId } });
    if (!endpoint || !delivery) throw ApiError.notFound();
    if (delivery.status === "succeeded")
      throw new ApiError("ConflictError", "This delivery succeeded: redeliver the event to send it again.");
    if (delivery.in_flight_until && delivery.in_flight_until > now)
      throw new ApiError("ConflictError", "An attempt of this delivery is in flight: wait for its outcome.");
    if (!endpoint.enabled)
      throw new ApiError("ConflictError", "This endpoint is disabled: enable it to retry its deliveries.");
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "pending", next_attempt_at: now, modified_at: now },
    });
    await scheduleEndpointDelivery(tx, endpoint.id, now);
    const [shown] = await readDeliveries(tx, [delivery.id], now);
    return shown!;
  }, TRANSACTION_OPTIONS);
}
