"use client";
// /dashboard/<org>/webhooks/new and /dashboard/<org>/webhooks/<id>: adding an endpoint, and an
// endpoint's page: its state (why it is disabled, with "Enable again"), the signing secret (shown
// once after adding or rotating), its settings, and its deliveries with "Send test event".
import { formatDateTime } from "../format";
import { webhookEndpoints } from "../hooks/webhooks";
import { useOrgPath } from "../organization";
import { DeleteButton } from "../kit/delete-button";
import { BackLink, DetailFrame } from "../kit/detail-frame";
import { PageHeader } from "../ui/misc";
import { EndpointDeliveries } from "./deliveries";
import { WebhookEndpointForm } from "./endpoint-form";
import { EndpointStatusAlert, EndpointStatusBadge } from "./endpoint-status";
import { SigningSecretCard } from "./secret-card";
import type { WebhookEndpoint } from "./types";

export function NewWebhookEndpointPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/webhooks")}>Webhooks</BackLink>
      <PageHeader title="Add endpoint">
        Your server receives the events it subscribes to as signed POST requests.
      </PageHeader>
      <WebhookEndpointForm />
    </>
  );
}

export function WebhookEndpointPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const endpoint = webhookEndpoints.useOne(id);
  return (
    <DetailFrame back={{ href: orgPath("/webhooks"), label: "Webhooks" }} query={endpoint} what="Endpoint">
      {(data) => (
        <div className="space-y-6">
          <PageHeader
            title={
              <span className="flex flex-wrap items-center gap-3">
                <span className="font-mono text-lg break-all sm:text-xl">{data.url}</span>
                <span aria-live="polite" data-testid="endpoint-status">
                  <EndpointStatusBadge endpoint={data} />
                </span>
              </span>
            }
            actions={<DeleteEndpoint endpoint={data} />}
          >
            Added {formatDateTime(data.created_at)} · {data.events.length}{" "}
            {data.events.length === 1 ? "event" : "events"}
          </PageHeader>
          <EndpointStatusAlert endpoint={data} />
          <SigningSecretCard endpoint={data} />
          {/* Keyed by `enabled`: "Enable again" resets the form's switch to the saved state. */}
          <WebhookEndpointForm key={`${data.id}:${data.enabled}`} endpoint={data} />
          <EndpointDeliveries endpoint={data} />
        </div>
      )}
    </DetailFrame>
  );
}

function DeleteEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <DeleteButton
      id={endpoint.id}
      remove={webhookEndpoints.useDelete()}
      title="Delete this endpoint?"
      what="endpoint"
      listPath="/webhooks"
    >
      No more events are sent to <span className="font-mono break-all">{endpoint.url}</span>, and its delivery
      history is deleted with it.
    </DeleteButton>
  );
}
