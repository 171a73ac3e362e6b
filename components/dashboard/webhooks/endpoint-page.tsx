"use client";
// /dashboard/<org>/webhooks/new and /dashboard/<org>/webhooks/<id>: adding an endpoint, and an
// endpoint's page: its state (why it is disabled, with "Enable again"), the signing secret (shown
// once after adding or rotating), its settings, and its deliveries with "Send test event".
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { webhookEndpoints } from "../hooks/webhooks";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailFrame } from "../ui/detail-parts";
import { PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
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
  const [open, setOpen] = useState(false);
  const remove = webhookEndpoints.useDelete();
  const router = useRouter();
  const orgPath = useOrgPath();
  const notify = useToast();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              notify("Endpoint deleted");
              router.push(orgPath("/webhooks"));
            },
          })
        }
      >
        No more events are sent to <span className="font-mono break-all">{endpoint.url}</span>, and its
        delivery history is deleted with it.
      </ConfirmDialog>
    </>
  );
}
