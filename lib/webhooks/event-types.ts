// The webhook event types (docs/api.md §9, docs/webhooks.md). An endpoint subscribes to a subset;
// `data` of each is the resource exactly as the API returns it.
import { z } from "zod";

export const WEBHOOK_EVENT_TYPES = [
  "checkout.created",
  "checkout.updated",
  "order.created",
  "order.paid",
  "order.updated",
  "order.refunded",
  "refund.created",
  "refund.updated",
  "dispute.created",
  "dispute.updated",
  "dispute.closed",
  "subscription.created",
  "subscription.active",
  "subscription.updated",
  "subscription.canceled",
  "subscription.uncanceled",
  "subscription.revoked",
  "benefit_grant.created",
  "benefit_grant.revoked",
  "license_key.created",
  "license_key.updated",
  "customer.created",
  "customer.updated",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/**
 * The event of an endpoint's "send test event" action: sent to that endpoint only, never
 * subscribable (not in WEBHOOK_EVENT_TYPES).
 */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Every type an event may have: the subscribable ones and the test event. */
export const DELIVERED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
export type DeliveredEventType = (typeof DELIVERED_EVENT_TYPES)[number];

/** `data` of the test event, as ./deliveries.ts sends it (and the API reference documents it). */
export const webhookTestEventDataSchema = z.object({
  endpoint_id: z.uuid(),
  organization_id: z.uuid(),
  message: z.string(),
});
export type WebhookTestEventData = z.infer<typeof webhookTestEventDataSchema>;
