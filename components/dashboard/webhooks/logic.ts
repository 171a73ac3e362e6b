// The webhooks pages' pure rules: event types grouped by resource for the picker, an endpoint's
// status as the merchant reads it, the form's values and the API bodies made from them, and how a
// delivery's request and attempts are shown.
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { changedFields } from "../forms/values";
import type { BadgeTone } from "../ui/misc";
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryStatus,
  WebhookEndpoint,
} from "./types";

export const WEBHOOK_ENDPOINT_FIELDS = ["url", "events", "enabled", "secret"] as const;

/** How long the old secret keeps signing after a rotation (the API's rule, told to the merchant). */
export const PREVIOUS_SECRET_HOURS = 24;

/** After this long of continuous failure the API disables an endpoint. */
export const DISABLE_AFTER_DAYS = 3;

export type EventGroup = { resource: string; label: string; types: string[] };

/** "benefit_grant" → "Benefit grant". */
function resourceLabel(resource: string): string {
  const words = resource.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Event types grouped by the resource before the dot, in the order they are first listed. */
export function groupEventTypes(types: readonly string[] = WEBHOOK_EVENT_TYPES): EventGroup[] {
  const groups: EventGroup[] = [];
  for (const type of types) {
    const resource = type.split(".")[0]!;
    let group = groups.find((item) => item.resource === resource);
    if (!group) {
      group = { resource, label: resourceLabel(resource), types: [] };
      groups.push(group);
    }
    group.types.push(type);
  }
  return groups;
}

/** `selected` with `types` all added (checked) or all removed, kept in the catalogue's order. */
export function toggleEventTypes(
  selected: readonly string[],
  types: readonly string[],
  checked: boolean,
  catalogue: readonly string[] = WEBHOOK_EVENT_TYPES,
): string[] {
  const next = new Set(selected);
  for (const type of types) {
    if (checked) next.add(type);
    else next.delete(type);
  }
  // Types the catalogue no longer lists (subscribed earlier) stay, after the known ones.
  return [...catalogue.filter((type) => next.has(type)), ...[...next].filter((t) => !catalogue.includes(t))];
}

/** Whether a checkbox for `types` is checked, unchecked or mixed given `selected`. */
export function selectionState(
  selected: readonly string[],
  types: readonly string[],
): "all" | "none" | "some" {
  const count = types.filter((type) => selected.includes(type)).length;
  return count === 0 ? "none" : count === types.length ? "all" : "some";
}

export type EndpointStatus =
  | { kind: "enabled"; label: "Enabled"; tone: BadgeTone }
  | { kind: "disabled"; label: "Disabled"; tone: BadgeTone }
  | { kind: "failing"; label: string; tone: BadgeTone; since: string };

/** Disabled wins over failing: a disabled endpoint is sent nothing, whatever came before. */
export function endpointStatus(
  endpoint: Pick<WebhookEndpoint, "enabled" | "failing_since">,
  formatDate: (iso: string) => string,
): EndpointStatus {
  if (!endpoint.enabled) return { kind: "disabled", label: "Disabled", tone: "red" };
  if (endpoint.failing_since) {
    const since = endpoint.failing_since;
    return { kind: "failing", label: `Failing since ${formatDate(since)}`, tone: "amber", since };
  }
  return { kind: "enabled", label: "Enabled", tone: "green" };
}

export type WebhookEndpointForm = { url: string; events: string[]; enabled: boolean; secret: string };

export const EMPTY_WEBHOOK_ENDPOINT_FORM: WebhookEndpointForm = {
  url: "",
  events: [],
  enabled: true,
  secret: "",
};

export function formFromEndpoint(endpoint: WebhookEndpoint): WebhookEndpointForm {
  return { url: endpoint.url, events: [...endpoint.events], enabled: endpoint.enabled, secret: "" };
}

type Problems = Record<string, string>;

function checkForm(form: WebhookEndpointForm): Problems {
  const errors: Problems = {};
  const url = form.url.trim();
  if (!url) errors.url = "Enter the URL to send events to.";
  else if (!/^https?:\/\/\S+$/i.test(url)) errors.url = "Enter a full http:// or https:// URL.";
  if (!form.events.length) errors.events = "Pick at least one event.";
  if (form.secret.trim() && !form.secret.trim().startsWith("whsec_"))
    errors.secret = "A signing secret starts with whsec_. Leave it empty to get a new one.";
  return errors;
}

/** The create body (a custom secret only when given), or the problems found before sending. */
export function endpointCreateBody(form: WebhookEndpointForm): {
  body: CreateWebhookEndpoint;
  errors: Problems;
} {
  const secret = form.secret.trim();
  const body: CreateWebhookEndpoint = { url: form.url.trim(), events: form.events, enabled: form.enabled };
  if (secret) body.secret = secret;
  return { body, errors: checkForm(form) };
}

/** The PATCH body: only what changed (the secret is changed by rotating, not here). */
export function endpointPatch(
  form: WebhookEndpointForm,
  endpoint: WebhookEndpoint,
): { body: UpdateWebhookEndpoint; errors: Problems } {
  const errors = checkForm({ ...form, secret: "" });
  const next = { url: form.url.trim(), events: form.events, enabled: form.enabled };
  return { body: changedFields(endpoint, next), errors };
}

/** The delivery filter's choices; the API filters on `succeeded` only, so failed and pending share one. */
export const OUTCOME_FILTERS = [
  { value: "succeeded", label: "Succeeded", succeeded: true },
  { value: "not-succeeded", label: "Failed or pending", succeeded: false },
] as const;

/** `?outcome=` → the API's `succeeded` (undefined: all). */
export function succeededFilter(outcome: string | null): boolean | undefined {
  return OUTCOME_FILTERS.find((choice) => choice.value === outcome)?.succeeded;
}

export const DELIVERY_STATUS_BADGE: Record<WebhookDeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "blue" },
  succeeded: { label: "Succeeded", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

/** The delivery's badge: an attempt under way shows as in flight rather than pending. */
export function deliveryBadge(delivery: Pick<WebhookDelivery, "status" | "in_flight">) {
  return delivery.in_flight
    ? { label: "In flight", tone: "amber" as BadgeTone }
    : DELIVERY_STATUS_BADGE[delivery.status];
}

/** "Retry now" is offered for a delivery that is not delivered and has no attempt under way. */
export function canRetryNow(delivery: Pick<WebhookDelivery, "status" | "in_flight">): boolean {
  return delivery.status !== "succeeded" && !delivery.in_flight;
}

/** The JSON body, indented; a body that is not JSON is shown as it was sent. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The request's headers as each attempt sends them: `webhook-id` is the event id (the receiver's
 * deduplication key, the same on every attempt); the timestamp and signature are made per attempt.
 */
export function requestHeaders(delivery: Pick<WebhookDelivery, "event">): [name: string, value: string][] {
  return [
    ["content-type", "application/json"],
    ["webhook-id", delivery.event.id],
    ["webhook-timestamp", "the attempt's time, in Unix seconds"],
    ["webhook-signature", "v1,<HMAC-SHA256 of id.timestamp.body with the endpoint's secret>"],
  ];
}

/** "200", "503", the error when no answer came ("timeout"), or that the call is under way. */
export function attemptOutcome(
  attempt: Pick<WebhookDeliveryAttempt, "http_status" | "error"> & { in_flight?: boolean },
): string {
  if (attempt.in_flight) return "In flight: waiting for the answer";
  if (attempt.http_status !== null) {
    return attempt.error ? `HTTP ${attempt.http_status}: ${attempt.error}` : `HTTP ${attempt.http_status}`;
  }
  return attempt.error ?? "No response";
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** What the form hook needs of this area (docs/dashboard.md, "Forms"). */
export const WEBHOOK_ENDPOINT_FORM_LOGIC = {
  fields: WEBHOOK_ENDPOINT_FIELDS,
  conflictField: "url",
  empty: EMPTY_WEBHOOK_ENDPOINT_FORM,
  fromRecord: formFromEndpoint,
  body: endpointCreateBody,
  patch: endpointPatch,
};
