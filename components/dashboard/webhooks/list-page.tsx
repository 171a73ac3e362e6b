"use client";
// /dashboard/<org>/webhooks: the organization's webhook endpoints, newest first and paged through
// the URL: each URL links to its page, with how many events it subscribes to and its state.
import Link from "next/link";
import { formatDate } from "../format";
import { webhookEndpoints } from "../hooks/webhooks";
import { PAGE_SIZE } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { pageFrom, useUrlState } from "../url-state";
import { buttonClasses } from "../ui/button";
import { ListBody } from "../ui/list-body";
import { PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, Table, Th } from "../ui/table";
import { EndpointStatusBadge } from "./endpoint-status";

export function WebhooksPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const url = useUrlState();
  const page = pageFrom(url.get("page"));
  const list = webhookEndpoints.useList({
    organization_id: organization.id,
    sorting: ["-created_at"],
    page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title="Webhooks"
        actions={
          <Link href={orgPath("/webhooks/new")} className={buttonClasses("primary")}>
            Add endpoint
          </Link>
        }
      >
        Your servers hear about orders, subscriptions, license keys and more as they happen: each event is a
        signed POST to the endpoints that subscribe to it.
      </PageHeader>
      <ListBody
        list={list}
        page={page}
        limit={PAGE_SIZE}
        onPageChange={(next) => url.update({ page: next })}
        columns={4}
        filtered={false}
        empty={{ title: "No endpoints yet", text: "Add one to receive events on your server." }}
      >
        {(rows) => (
          <Table label="Webhook endpoints">
            <thead>
              <tr className={headerRowClass}>
                <Th>URL</Th>
                <Th>Events</Th>
                <Th>Status</Th>
                <Th>Added</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((endpoint) => (
                <tr key={endpoint.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-96 truncate font-mono text-xs`}>
                    <Link
                      href={orgPath(`/webhooks/${endpoint.id}`)}
                      className={linkClass}
                      title={endpoint.url}
                    >
                      {endpoint.url}
                    </Link>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {endpoint.events.length} {endpoint.events.length === 1 ? "event" : "events"}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    <EndpointStatusBadge endpoint={endpoint} />
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(endpoint.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
