// The webhooks API's shapes as the dashboard reads and writes them (issue 12), in one place: the
// endpoint, its create/update bodies, the secret that only create and rotate answer with, and a
// delivery with its event and attempts. Dates are ISO strings, as JSON carries them.
export type WebhookEndpoint = {
  id: string;
  created_at: string;
  modified_at: string | null;
  organization_id: string;
  url: string;
  format: "raw";
  /** Event types (lib/webhooks/event-types.ts) it subscribes to. */
  events: string[];
  enabled: boolean;
  /** Since when every delivery has failed (cleared by a success). */
  failing_since: string | null;
  /** Set when the endpoint was disabled, with why (e.g. after 3 days of failures). */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** After a rotation, the old secret also signs until then. */
  previous_secret_expires_at: string | null;
};

/** The answer of create and rotate-secret: the only time the secret is readable. */
export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

export type CreateWebhookEndpoint = {
  url: string;
  events: string[];
  enabled?: boolean;
  /** A `whsec_…` secret of the merchant's own; omitted: the server makes one. */
  secret?: string;
  organization_id?: string;
};

export type UpdateWebhookEndpoint = {
  url?: string;
  events?: string[];
  enabled?: boolean;
};

export type WebhookEndpointListParams = {
  organization_id: string;
  sorting: string[];
  page: number;
  limit: number;
};

export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed";

export type WebhookDeliveryAttempt = {
  id: string;
  created_at: string;
  /** The call is under way (its lease is live, no outcome yet). */
  in_flight: boolean;
  duration_ms: number | null;
  /** Null when no HTTP answer came (timeout, refused connection): see `error`. */
  http_status: number | null;
  succeeded: boolean;
  error: string | null;
  /** The start of the response body. */
  response_excerpt: string | null;
};

export type WebhookEventSummary = {
  id: string;
  created_at: string;
  /** One of WEBHOOK_EVENT_TYPES, or the type of a test event. */
  type: string;
  /** The exact JSON body sent. */
  payload: string;
};

export type WebhookDelivery = {
  id: string;
  created_at: string;
  modified_at: string | null;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  succeeded: boolean;
  /** An attempt is under way. */
  in_flight: boolean;
  attempts_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  succeeded_at: string | null;
  event: WebhookEventSummary;
  attempts: WebhookDeliveryAttempt[];
};

export type WebhookDeliveryListParams = {
  endpoint_id: string;
  event_type?: string;
  succeeded?: boolean;
  page: number;
  limit: number;
};

export type RedeliverResult = { deliveries: WebhookDelivery[] };
