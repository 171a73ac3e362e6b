"use client";
// An endpoint's state as the merchant reads it: a badge (Enabled / Disabled / Failing since …), and
// on its page why it is disabled (the API's reason and when) with "Enable again", or since when its
// deliveries fail and what happens after 3 days of that.
import { formatDate, formatDateTime } from "../format";
import { webhookEndpoints } from "../hooks/webhooks";
import { Button } from "../ui/button";
import { Badge } from "../ui/misc";
import { useToast } from "../ui/toast";
import { DISABLE_AFTER_DAYS, endpointStatus } from "./logic";
import type { WebhookEndpoint } from "./types";

export function EndpointStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const status = endpointStatus(endpoint, formatDate);
  return <Badge tone={status.tone}>{status.label}</Badge>;
}

const alertClass = {
  red: "border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100",
  amber:
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100",
};

export function EndpointStatusAlert({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = webhookEndpoints.useUpdate(endpoint.id);
  const notify = useToast();
  const status = endpointStatus(endpoint, formatDateTime);

  if (status.kind === "failing") {
    return (
      <section
        aria-labelledby="endpoint-failing-heading"
        className={`rounded-lg border p-4 ${alertClass.amber}`}
      >
        <h2 id="endpoint-failing-heading" className="font-semibold">
          Deliveries have been failing since {formatDateTime(status.since)}
        </h2>
        <p className="mt-1 text-sm">
          Failed deliveries are retried. If every delivery keeps failing for {DISABLE_AFTER_DAYS} days, the
          endpoint is disabled. The attempts below show what your server answered.
        </p>
      </section>
    );
  }
  if (status.kind !== "disabled") return null;

  return (
    <section
      role="alert"
      aria-labelledby="endpoint-disabled-heading"
      data-testid="endpoint-disabled"
      className={`rounded-lg border p-4 ${alertClass.red}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="endpoint-disabled-heading" className="font-semibold">
            This endpoint is disabled
            {endpoint.disabled_at ? ` (since ${formatDateTime(endpoint.disabled_at)})` : ""}
          </h2>
          <p className="mt-1 text-sm">
            {endpoint.disabled_reason ?? "It was turned off."} No events are sent to it while it is disabled.
          </p>
        </div>
        <Button
          variant="primary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { enabled: true },
              {
                onSuccess: () => notify("Endpoint enabled again"),
                onError: (error) => notify(`Could not enable it: ${error.message}`, "error"),
              },
            )
          }
        >
          {update.isPending ? "Enabling…" : "Enable again"}
        </Button>
      </div>
    </section>
  );
}
