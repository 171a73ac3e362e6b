// Managing webhook endpoints: create (the secret generated or supplied, answered once, stored
// sealed), list, read, update, delete, rotate the secret. Enabling an endpoint again clears its
// failure record and makes its pending deliveries due at once.
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import type { WebhookEndpoint } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { listPage, mapPage } from "../core/list";
import type { Principal } from "../core/principal";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { webhooksAllowPrivate } from "../config";
import { undeliverableUrlReason } from "./address-guard";
import { scheduleEndpointDelivery } from "./emit";
import {
  toWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type ListWebhookEndpointsQuery,
  type RotateWebhookSecretBody,
  type UpdateWebhookEndpointBody,
} from "./schemas";
import {
  generateSecret,
  openSecret,
  PREVIOUS_SECRET_TTL_MS,
  sealPreviousSecret,
  sealSecret,
} from "./secrets";

/** Endpoints one organization may have. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 50;

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };
const ts = (date: Date) => date.toISOString();

/** What a read answers beyond the endpoint: its secret, for a client of the current reference API. */
export type EndpointReadOptions = { revealSecret?: boolean };

export async function listWebhookEndpoints(
  db: DbOrTx,
  principal: Principal,
  query: ListWebhookEndpointsQuery,
  options: EndpointReadOptions = {},
  now = new Date(),
) {
  const page = await listPage(db.webhookEndpoint, principal, query);
  return mapPage(page, (row) => toWebhookEndpoint(row, now, options));
}

export async function findWebhookEndpointOrThrow(db: DbOrTx, principal: Principal, id: string) {
  return foundOrThrow(await db.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(principal) } }));
}

export async function getWebhookEndpoint(
  db: DbOrTx,
  principal: Principal,
  id: string,
  options: EndpointReadOptions = {},
  now = new Date(),
) {
  return toWebhookEndpoint(await findWebhookEndpointOrThrow(db, principal, id), now, options);
}

/**
 * The endpoint locked until the transaction ends (404 unless the principal may see it). NO KEY
 * UPDATE: event writers inserting deliveries for it (a key-share lock) are not held up.
 */
async function lockEndpoint(tx: Tx, principal: Principal, id: string): Promise<WebhookEndpoint> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM webhook_endpoints WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
  if (!locked) throw ApiError.notFound();
  return findWebhookEndpointOrThrow(tx, principal, id);
}

/**
 * A URL every attempt would refuse (see undeliverableUrlReason) is a 422 at body.url, naming the
 * setting that lifts the guard, rather than an endpoint that can only ever fail.
 */
function assertDeliverableUrl(url: string | undefined): void {
  if (url === undefined || webhooksAllowPrivate()) return;
  const reason = undeliverableUrlReason(url);
  if (reason)
    throw ApiError.invalid(
      ["body", "url"],
      `URL cannot receive webhooks: ${reason}. Webhooks go to public addresses only unless the ` +
        "server runs with WEBHOOKS_ALLOW_PRIVATE=true (local development).",
      url,
    );
}

export async function createWebhookEndpoint(
  db: Db,
  principal: Principal,
  body: CreateWebhookEndpointBody,
  now = new Date(),
) {
  assertDeliverableUrl(body.url);
  const organizationId = organizationForCreate(principal, body.organization_id);
  const secret = body.secret ?? generateSecret();
  const id = randomUUID();
  const row = await db.$transaction(async (tx) => {
    // Creates of one organization one at a time, so the count below holds.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook_endpoints:${organizationId}`}, 0))`;
    const count = await tx.webhookEndpoint.count({ where: { organization_id: organizationId } });
    if (count >= MAX_ENDPOINTS_PER_ORGANIZATION)
      throw new ApiError(
        "NotPermitted",
        `An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints.`,
      );
    return tx.webhookEndpoint.create({
      data: {
        id,
        created_at: now,
        organization_id: organizationId,
        url: body.url,
        format: body.format,
        events: body.events,
        enabled: body.enabled,
        disabled_at: body.enabled ? null : now,
        secret_sealed: sealSecret(id, secret),
      },
    });
  }, TRANSACTION_OPTIONS);
  return { ...toWebhookEndpoint(row, now), secret };
}

export async function updateWebhookEndpoint(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateWebhookEndpointBody,
  options: EndpointReadOptions = {},
  now = new Date(),
) {
  assertDeliverableUrl(body.url);
  const row = await db.$transaction(async (tx) => {
    const current = await lockEndpoint(tx, principal, id);
    const enabling = body.enabled === true && !current.enabled;
    const disabling = body.enabled === false && current.enabled;
    const updated = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        modified_at: now,
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        ...(enabling ? { enabled: true, failing_since: null, disabled_at: null, disabled_reason: null } : {}),
        // Disabled by the merchant: no reason, unlike the automatic disabling.
        ...(disabling ? { enabled: false, disabled_at: now, disabled_reason: null } : {}),
      },
    });
    if (enabling) await resumeDeliveries(tx, id, now);
    return updated;
  }, TRANSACTION_OPTIONS);
  return toWebhookEndpoint(row, now, options);
}

/** Pending deliveries waiting for a retry are due now, and the endpoint's job sends them. */
async function resumeDeliveries(tx: Tx, endpointId: string, now: Date) {
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET next_attempt_at = ${ts(now)}::timestamp, modified_at = ${ts(now)}::timestamp
    WHERE endpoint_id = ${endpointId}::uuid AND status = 'pending' AND next_attempt_at > ${ts(now)}::timestamp`;
  await scheduleEndpointDelivery(tx, endpointId, now);
}

/** Deletes the endpoint with its deliveries and their attempts (the events stay for other endpoints). */
export async function deleteWebhookEndpoint(db: Db, principal: Principal, id: string): Promise<void> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id, ...tenantWhere(principal) } });
  if (count === 0) throw ApiError.notFound();
}

/**
 * A new secret (supplied or generated); the one it replaces keeps signing, alongside it, for
 * PREVIOUS_SECRET_TTL_MS. A secret rotated out earlier and still valid is dropped.
 */
export async function rotateWebhookSecret(
  db: Db,
  principal: Principal,
  id: string,
  body: RotateWebhookSecretBody,
  now = new Date(),
) {
  const secret = body.secret ?? generateSecret();
  const row = await db.$transaction(async (tx) => {
    const current = await lockEndpoint(tx, principal, id);
    const replaced = openSecret(id, current.secret_sealed);
    return tx.webhookEndpoint.update({
      where: { id },
      data: {
        modified_at: now,
        secret_sealed: sealSecret(id, secret),
        previous_secret_sealed: sealPreviousSecret(id, replaced),
        previous_secret_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS),
      },
    });
  }, TRANSACTION_OPTIONS);
  return { ...toWebhookEndpoint(row, now), secret };
}
