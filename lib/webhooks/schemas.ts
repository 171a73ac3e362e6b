// The webhooks API's shapes: endpoints (the secret in the answers of create and rotate, and of
// every read by a client of the current reference API),
// deliveries with their event and every attempt, the lists' queries and the write bodies.
import { z } from "zod";
import type { Prisma, WebhookEndpoint } from "../generated/prisma/client";
import { dateTime, timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryBoolean, queryList } from "../core/validation";
import { DELIVERED_EVENT_TYPES, WEBHOOK_EVENT_TYPES, webhookEventTypeSchema } from "./event-types";
import { webhookEventBody } from "./emit";
import { MAX_SECRET_BYTES, MIN_SECRET_BYTES, openSecret, secretKey } from "./secrets";
import { CURRENT_API_VERSION } from "../core/api-version";

export const MAX_URL_LENGTH = 2048;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  ...timestamps,
  organization_id: z.string(),
  url: z.string(),
  format: z.literal("raw"),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Since when every attempt has failed (null while the last one succeeded). */
  failing_since: dateTime.nullable(),
  /** When it was disabled (by the merchant, or after failing for 3 days: then with a reason). */
  disabled_at: dateTime.nullable(),
  disabled_reason: z.string().nullable(),
  /** Until when the secret replaced by the last rotation still signs (null: it no longer does). */
  previous_secret_expires_at: dateTime.nullable(),
  /** The shape of the event payloads: this service's one, which follows the reference's 2026-10. */
  api_version: z.literal(CURRENT_API_VERSION),
  /** Deliveries are signed with Standard Webhooks (docs/webhooks.md). */
  uses_standard_webhook_signature: z.literal(true),
  /**
   * The signing secret: in the answers of create and rotate; on every read only for a client of
   * the current reference API (`Polar-Version`, lib/api/api-version.ts), which reads it there.
   */
  secret: z.string().optional(),
});

/** Create and rotate answer the secret (for a client of the specification's era, only then). */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });

/** `revealSecret`: the secret opened from its sealed copy (a client of the current API reading it). */
export function toWebhookEndpoint(row: WebhookEndpoint, now: Date, options: { revealSecret?: boolean } = {}) {
  const previousValid = row.previous_secret_expires_at && row.previous_secret_expires_at > now;
  return {
    ...(options.revealSecret ? { secret: openSecret(row.id, row.secret_sealed) } : {}),
    api_version: CURRENT_API_VERSION,
    uses_standard_webhook_signature: true as const,
    id: row.id,
    created_at: row.created_at,
    modified_at: row.modified_at,
    organization_id: row.organization_id,
    url: row.url,
    format: "raw" as const,
    events: row.events,
    enabled: row.enabled,
    failing_since: row.failing_since,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
    previous_secret_expires_at: previousValid ? row.previous_secret_expires_at : null,
  };
}

export const webhookAttemptSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  /** The call is under way: its lease is live and no outcome is recorded yet. */
  in_flight: z.boolean(),
  /** Null while the call is under way (or when the worker stopped during it). */
  duration_ms: z.number().int().nullable(),
  http_status: z.number().int().nullable(),
  succeeded: z.boolean(),
  /** Null while in flight; once its lease passed without an outcome, says the worker stopped. */
  error: z.string().nullable(),
  /** The first kilobyte of the endpoint's answer. */
  response_excerpt: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  ...timestamps,
  endpoint_id: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  succeeded: z.boolean(),
  /** An attempt is under way (see the attempt's `in_flight`). */
  in_flight: z.boolean(),
  attempts_count: z.number().int(),
  /** When it is tried next (null once it succeeded or failed for good). */
  next_attempt_at: dateTime.nullable(),
  last_attempt_at: dateTime.nullable(),
  succeeded_at: dateTime.nullable(),
  event: z.object({
    /** Also the `webhook-id` header: the same for every attempt and redelivery. */
    id: z.string(),
    created_at: dateTime,
    type: z.string(),
    /** The exact body sent. */
    payload: z.string(),
  }),
  /** Oldest first. */
  attempts: z.array(webhookAttemptSchema),
});

export const webhookDeliveryInclude = {
  event: true,
  attempt_log: { orderBy: [{ created_at: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.WebhookDeliveryInclude;

export type WebhookDeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof webhookDeliveryInclude }>;

/** The event's body as sent; a payload this server's keys cannot open is named, not a 500. */
function readableBody(event: { id: string; payload: string }): string {
  try {
    return webhookEventBody(event);
  } catch {
    return "(this event cannot be decrypted with the server's keys)";
  }
}

/**
 * A delivery as the API shows it at `now`: its last attempt without an outcome is in flight while
 * the delivery's lease (`in_flight_until`) is live; only after it passed does it read as stopped.
 */
export function toWebhookDelivery(row: WebhookDeliveryRow, now = new Date()) {
  const inFlight = row.status === "pending" && row.in_flight_until !== null && row.in_flight_until > now;
  const lastAttemptId = row.attempt_log.at(-1)?.id;
  return {
    id: row.id,
    created_at: row.created_at,
    modified_at: row.modified_at,
    endpoint_id: row.endpoint_id,
    status: row.status,
    succeeded: row.status === "succeeded",
    in_flight: inFlight,
    attempts_count: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_attempt_at: row.last_attempt_at,
    succeeded_at: row.succeeded_at,
    event: {
      id: row.event.id,
      created_at: row.event.created_at,
      type: row.event.type,
      payload: readableBody(row.event),
    },
    attempts: row.attempt_log.map((attempt) => {
      const attemptInFlight = inFlight && attempt.id === lastAttemptId && attempt.duration_ms === null;
      return {
        id: attempt.id,
        created_at: attempt.created_at,
        in_flight: attemptInFlight,
        duration_ms: attempt.duration_ms,
        http_status: attempt.http_status,
        succeeded: attempt.succeeded,
        error: attemptInFlight ? null : attempt.error,
        response_excerpt: attempt.response_excerpt,
      };
    }),
  };
}

export const redeliverResultSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const webhookEndpointParams = z.object({ id: id() });
export const webhookEventParams = z.object({ id: id() });
export const webhookDeliveryParams = z.object({ id: id() });

export const listWebhookEndpointsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  sorting: sortingQuery(["created_at", "url"], ["-created_at"]),
});
export type ListWebhookEndpointsQuery = z.output<typeof listWebhookEndpointsQuery>;

export const listWebhookDeliveriesQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  endpoint_id: queryList(id()),
  event_type: queryList(z.enum(DELIVERED_EVENT_TYPES)),
  /** true: succeeded; false: not (yet) succeeded, pending or failed. */
  succeeded: queryBoolean().optional(),
  sorting: sortingQuery(["created_at"], ["-created_at"]),
});
export type ListWebhookDeliveriesQuery = z.output<typeof listWebhookDeliveriesQuery>;

/** http(s), at most 2048 characters, a host, no user name or password. */
const webhookUrl = z
  .string()
  .max(MAX_URL_LENGTH)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Input should be a valid URL", input: value });
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      ctx.addIssue({ code: "custom", message: "URL scheme should be 'http' or 'https'", input: value });
    else if (!url.hostname) ctx.addIssue({ code: "custom", message: "URL should have a host", input: value });
    else if (url.username || url.password)
      ctx.addIssue({
        code: "custom",
        message: "URL should not contain a user name or password",
        input: value,
      });
  });

/** Each subscribable type at most once; none is allowed (the endpoint then gets test events only). */
const webhookEvents = z
  .array(webhookEventTypeSchema)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, { message: "Events should be distinct" });

const suppliedSecret = z
  .string()
  .max(200)
  .refine((value) => secretKey(value) !== null, {
    message: `Secret should be whsec_ followed by the base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes`,
  });

export const createWebhookEndpointBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  enabled: z.boolean().default(true),
  format: z.literal("raw").default("raw"),
  /** Omitted: one is generated (32 random bytes). */
  secret: suppliedSecret.nullish(),
  /** Required unless the caller belongs to one organization (an access token always does). */
  organization_id: id().nullish(),
});
export type CreateWebhookEndpointBody = z.output<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.output<typeof updateWebhookEndpointBody>;

export const rotateWebhookSecretBody = z.object({ secret: suppliedSecret.nullish() });
export type RotateWebhookSecretBody = z.output<typeof rotateWebhookSecretBody>;
