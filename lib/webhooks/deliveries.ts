// Reading deliveries (with their event and every attempt), and the two ways a merchant adds one:
// a test event to one endpoint, and a redelivery of an event to each of its endpoints. Both go to
// the end of the endpoint's queue, under the organization's delivery lock like any event (so the
// order guarantee holds for them too), and keep the event's id as their `webhook-id`.
import type { Db, DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { insertWebhookEvent, lockOrganizationDeliveries, queueDelivery } from "./emit";
import { WEBHOOK_TEST_EVENT } from "./event-types";
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
  return mapPage(page, toWebhookDelivery);
}

async function readDeliveries(db: DbOrTx, ids: string[]) {
  const rows = await db.webhookDelivery.findMany({
    where: { id: { in: ids } },
    include: webhookDeliveryInclude,
    orderBy: { sequence: "asc" },
  });
  return rows.map(toWebhookDelivery);
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
      },
      now,
    });
    const deliveryId = await queueDelivery(tx, {
      organizationId: endpoint.organization_id,
      eventId,
      endpointId: endpoint.id,
      now,
    });
    const [delivery] = await readDeliveries(tx, [deliveryId]);
    return delivery!;
  }, TRANSACTION_OPTIONS);
}

/**
 * A new delivery of the event to each endpoint it was delivered to that still exists (deleting an
 * endpoint deletes its deliveries), at the end of that endpoint's queue, disabled endpoints
 * included (sent once enabled again).
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
    return { deliveries: await readDeliveries(tx, ids) };
  }, TRANSACTION_OPTIONS);
}
