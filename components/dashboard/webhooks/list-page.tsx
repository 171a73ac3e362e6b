"use client";
// /dashboard/<org>/webhooks: the organization's webhook endpoints, newest first and paged through
// the URL: each URL links to its page, with how many events it subscribes to and its state.
import { formatDate } from "../format";
import { webhookEndpoints } from "../hooks/webhooks";
import { dateColumn, type Column } from "../kit/data-table";
import { ListPage, RowLink } from "../kit/list-page";
import { useListView } from "../list-view";
import { useOrgPath } from "../organization";
import { EndpointStatusBadge } from "./endpoint-status";
import type { WebhookEndpoint } from "./types";

export function WebhooksPage() {
  const orgPath = useOrgPath();
  const view = useListView([], ["-created_at"], { search: false });
  const list = webhookEndpoints.useList(view.params);
  const columns: Column<WebhookEndpoint>[] = [
    {
      label: "URL",
      cellClassName: "max-w-96 truncate font-mono text-xs",
      cell: (endpoint) => (
        <RowLink href={orgPath(`/webhooks/${endpoint.id}`)} title={endpoint.url}>
          {endpoint.url}
        </RowLink>
      ),
    },
    {
      label: "Events",
      cellClassName: "whitespace-nowrap",
      cell: (endpoint) => `${endpoint.events.length} ${endpoint.events.length === 1 ? "event" : "events"}`,
    },
    {
      label: "Status",
      cellClassName: "whitespace-nowrap",
      cell: (endpoint) => <EndpointStatusBadge endpoint={endpoint} />,
    },
    dateColumn("Added", (endpoint) => endpoint.created_at, formatDate),
  ];

  return (
    <ListPage
      title="Webhooks"
      description="Your servers hear about orders, subscriptions, license keys and more as they happen: each event is a signed POST to the endpoints that subscribe to it."
      create={{
        href: orgPath("/webhooks/new"),
        label: "Add endpoint",
        emptyLabel: "Add your first endpoint",
      }}
      view={view}
      list={list}
      label="Webhook endpoints"
      columns={columns}
      empty={{ title: "No endpoints yet", text: "Add one to receive events on your server." }}
    />
  );
}
