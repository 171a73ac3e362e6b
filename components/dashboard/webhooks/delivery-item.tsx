"use client";
// One delivery in the endpoint's list: a summary row (status, event type, time, attempts, next
// retry) that expands to the request exactly as sent (headers, the JSON body pretty-printed) and
// every attempt with what the receiver answered (an attempt under way shows in flight); "Retry now"
// sends a delivery waiting for its retry (or failed) at once, "Redeliver" sends the event again.
import { useId, useState } from "react";
import { formatDateTime } from "../format";
import { useRedeliverWebhookEvent, useRetryWebhookDelivery } from "../hooks/webhooks";
import { Button } from "../ui/button";
import { Badge } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  attemptOutcome,
  canRetryNow,
  deliveryBadge,
  formatDuration,
  prettyJson,
  requestHeaders,
} from "./logic";
import type { WebhookDelivery, WebhookDeliveryAttempt } from "./types";

const preClass =
  "mt-1 max-h-80 overflow-auto rounded bg-zinc-100 p-3 font-mono text-xs whitespace-pre-wrap break-all dark:bg-zinc-800";
const subheadingClass = "text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400";

export function DeliveryItem({ delivery, url }: { delivery: WebhookDelivery; url: string }) {
  // Opened when the page was reached through its link (the order page's timeline: #delivery-<id>).
  const anchor = `delivery-${delivery.id}`;
  const [open, setOpen] = useState(
    () => typeof window !== "undefined" && window.location.hash === `#${anchor}`,
  );
  const panelId = useId();
  const badge = deliveryBadge(delivery);
  return (
    <li
      id={anchor}
      className="scroll-mt-4 border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
      data-testid="webhook-delivery"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-900/60"
      >
        <span aria-hidden className="w-3 text-zinc-400">
          {open ? "▾" : "▸"}
        </span>
        <span data-testid="webhook-delivery-status">
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </span>
        <code className="font-mono text-xs">{delivery.event.type}</code>
        <span className="text-zinc-500 dark:text-zinc-400">{formatDateTime(delivery.created_at)}</span>
        <span className="text-zinc-500 dark:text-zinc-400">
          {delivery.attempts_count} {delivery.attempts_count === 1 ? "attempt" : "attempts"}
        </span>
        {delivery.status === "pending" && !delivery.in_flight && delivery.next_attempt_at ? (
          <span className="text-zinc-500 dark:text-zinc-400">
            next try {formatDateTime(delivery.next_attempt_at)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="space-y-5 px-4 pt-1 pb-5 sm:pl-11">
          <DeliveryRequest delivery={delivery} url={url} />
          <DeliveryAttempts delivery={delivery} />
        </div>
      ) : null}
    </li>
  );
}

function DeliveryRequest({ delivery, url }: { delivery: WebhookDelivery; url: string }) {
  return (
    <section aria-label="Request">
      <h4 className={subheadingClass}>Request</h4>
      <p className="mt-1 font-mono text-xs break-all">POST {url}</p>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[11rem_1fr]">
        {requestHeaders(delivery).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{name}</dt>
            <dd className="break-all" data-testid={`request-header-${name}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <pre className={preClass} data-testid="webhook-payload" tabIndex={0} aria-label="Request body">
        {prettyJson(delivery.event.payload)}
      </pre>
    </section>
  );
}

function DeliveryAttempts({ delivery }: { delivery: WebhookDelivery }) {
  const redeliver = useRedeliverWebhookEvent(delivery.endpoint_id);
  const retryNow = useRetryWebhookDelivery(delivery.endpoint_id);
  const notify = useToast();
  return (
    <section aria-label="Attempts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className={subheadingClass}>Attempts</h4>
        <div className="flex flex-wrap gap-2">
          {canRetryNow(delivery) ? (
            <Button
              size="sm"
              disabled={retryNow.isPending}
              onClick={() =>
                retryNow.mutate(delivery.id, {
                  onSuccess: () => notify(`Delivery of ${delivery.event.type} retried now`),
                  onError: (error) => notify(`Could not retry: ${error.message}`, "error"),
                })
              }
            >
              {retryNow.isPending ? "Retrying…" : "Retry now"}
            </Button>
          ) : null}
          <Button
            size="sm"
            disabled={redeliver.isPending}
            onClick={() =>
              redeliver.mutate(delivery.event.id, {
                onSuccess: () => notify(`Event ${delivery.event.type} queued for delivery again`),
                onError: (error) => notify(`Could not redeliver: ${error.message}`, "error"),
              })
            }
          >
            {redeliver.isPending ? "Redelivering…" : "Redeliver"}
          </Button>
        </div>
      </div>
      {delivery.attempts.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Not attempted yet.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {delivery.attempts.map((attempt) => (
            <AttemptItem key={attempt.id} attempt={attempt} />
          ))}
        </ol>
      )}
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-300" data-testid="webhook-next-retry">
        {delivery.status === "succeeded"
          ? `Delivered ${formatDateTime(delivery.succeeded_at)}.`
          : delivery.status === "failed"
            ? "No more retries: retry now or redeliver to send it again."
            : delivery.in_flight
              ? "An attempt is in flight."
              : delivery.next_attempt_at
                ? `Next retry ${formatDateTime(delivery.next_attempt_at)}.`
                : "Waiting for its turn."}
      </p>
    </section>
  );
}

function AttemptItem({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  return (
    <li
      className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
      data-testid="webhook-attempt"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {attempt.in_flight ? (
          <Badge tone="amber">In flight</Badge>
        ) : (
          <Badge tone={attempt.succeeded ? "green" : "red"}>{attempt.succeeded ? "OK" : "Failed"}</Badge>
        )}
        <span data-testid="webhook-attempt-outcome">{attemptOutcome(attempt)}</span>
        <span className="text-zinc-500 dark:text-zinc-400">{formatDateTime(attempt.created_at)}</span>
        <span className="text-zinc-500 dark:text-zinc-400">{formatDuration(attempt.duration_ms)}</span>
      </div>
      {attempt.response_excerpt ? (
        <pre
          className={preClass}
          data-testid="webhook-response-excerpt"
          tabIndex={0}
          aria-label="Response body"
        >
          {attempt.response_excerpt}
        </pre>
      ) : null}
    </li>
  );
}
