"use client";
// The endpoint's deliveries, newest first, filtered by event type and outcome (kept in the URL),
// each expandable to its request and attempts; "Send test event" queues one to the endpoint. While
// a shown delivery is pending the list refreshes itself (hooks/webhooks.ts), so outcomes appear.
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { PAGE_SIZE } from "../list-view";
import { useSendTestWebhook, useWebhookDeliveries } from "../hooks/webhooks";
import { pageFrom, useUrlState } from "../url-state";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import { ListBody } from "../kit/list-body";
import { useToast } from "../ui/toast";
import { DeliveryItem } from "./delivery-item";
import { OUTCOME_FILTERS, succeededFilter } from "./logic";
import type { WebhookEndpoint } from "./types";

const labelClass = "mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300";

export function EndpointDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const url = useUrlState();
  const eventType = url.get("event_type") ?? undefined;
  const outcome = url.get("outcome");
  const page = pageFrom(url.get("page"));
  const list = useWebhookDeliveries({
    endpoint_id: endpoint.id,
    event_type: eventType,
    succeeded: succeededFilter(outcome),
    page,
    limit: PAGE_SIZE,
  });
  const filtered = Boolean(eventType || succeededFilter(outcome) !== undefined);

  return (
    <section aria-labelledby="deliveries-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="deliveries-heading" className="font-semibold">
          Deliveries
        </h2>
        <SendTestEvent endpoint={endpoint} />
      </div>
      <div role="search" aria-label="Filter deliveries" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="filter-event-type" className={labelClass}>
            Event type
          </label>
          <select
            id="filter-event-type"
            className={`${inputClass} w-56`}
            value={eventType ?? ""}
            onChange={(event) => url.update({ event_type: event.target.value || null })}
          >
            <option value="">All events</option>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-outcome" className={labelClass}>
            Outcome
          </label>
          <select
            id="filter-outcome"
            className={`${inputClass} w-48`}
            value={succeededFilter(outcome) === undefined ? "" : outcome!}
            onChange={(event) => url.update({ outcome: event.target.value || null })}
          >
            <option value="">All outcomes</option>
            {OUTCOME_FILTERS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListBody
        list={list}
        page={page}
        limit={PAGE_SIZE}
        onPageChange={(next) => url.update({ page: next })}
        columns={4}
        filtered={filtered}
        onClearFilters={() => url.update({ event_type: null, outcome: null })}
        empty={{
          title: "No deliveries yet",
          text: "Events this endpoint subscribes to appear here as they are sent. Send a test event to try it.",
        }}
      >
        {(deliveries) => (
          <ul
            aria-label="Deliveries"
            className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
          >
            {deliveries.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} url={endpoint.url} />
            ))}
          </ul>
        )}
      </ListBody>
    </section>
  );
}

function SendTestEvent({ endpoint }: { endpoint: WebhookEndpoint }) {
  const send = useSendTestWebhook(endpoint.id);
  const notify = useToast();
  return (
    <Button
      disabled={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: () => notify("Test event sent: its delivery is listed below"),
          onError: (error) => notify(`Could not send a test event: ${error.message}`, "error"),
        })
      }
    >
      {send.isPending ? "Sending…" : "Send test event"}
    </Button>
  );
}
