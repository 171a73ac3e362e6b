"use client";
// /dashboard/<org>/subscriptions: every subscription of the organization, filtered by status or
// whether it has ended, sorted and paged through the URL; each row links to its customer and has
// the merchant's actions (cancel at period end, don't cancel, revoke now: ./row-actions.tsx).
import Link from "next/link";
import { formatDate } from "../format";
import { subscriptions } from "../hooks/subscriptions";
import { PAGE_SIZE, useListView } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { ListBody } from "../ui/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { SubscriptionFilters } from "./filters";
import { SubscriptionRowActions } from "./row-actions";
import {
  activeFrom,
  cancellationText,
  periodText,
  priceText,
  statusFrom,
  STATUS_LABELS,
  STATUS_TONES,
  SUBSCRIPTION_SORT_FIELDS,
} from "./logic";

export function SubscriptionsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(SUBSCRIPTION_SORT_FIELDS, ["-started_at"]);
  const status = statusFrom(view.url.get("status"));
  const active = activeFrom(view.url.get("active"));
  const list = subscriptions.useList({
    organization_id: organization.id,
    status,
    active,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title="Subscriptions">Your customers&apos; recurring purchases.</PageHeader>
      <SubscriptionFilters values={{ status, active }} onChange={(patch) => view.url.update(patch)} />
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={8}
        filtered={status !== undefined || active !== undefined}
        onClearFilters={() => view.url.update({ status: null, active: null })}
        empty={{
          title: "No subscriptions yet",
          text: "They appear here when customers buy a recurring product.",
        }}
      >
        {(rows) => (
          <Table label="Subscriptions">
            <thead>
              <tr className={headerRowClass}>
                <Th>Customer</Th>
                <Th>Product</Th>
                <SortableTh field="status" label="Status" {...view.sortProps} />
                <SortableTh field="amount" label="Price" defaultDirection="desc" {...view.sortProps} />
                <SortableTh field="current_period_end" label="Current period" {...view.sortProps} />
                <Th>Canceled</Th>
                <SortableTh field="started_at" label="Started" defaultDirection="desc" {...view.sortProps} />
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((subscription) => (
                <tr key={subscription.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-56 truncate`}>
                    <Link href={orgPath(`/customers/${subscription.customer_id}`)} className={linkClass}>
                      {subscription.customer.email}
                    </Link>
                  </td>
                  <td className={`${cellClass} max-w-48 truncate`}>
                    <Link href={orgPath(`/subscriptions/${subscription.id}`)} className={linkClass}>
                      {subscription.product.name}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    <Badge tone={STATUS_TONES[subscription.status]}>
                      {STATUS_LABELS[subscription.status]}
                    </Badge>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {priceText(subscription.amount, subscription.currency, subscription.recurring_interval)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {periodText(subscription.current_period_start, subscription.current_period_end)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {subscription.cancel_at_period_end && !subscription.ended_at ? (
                      <Badge tone="amber">{cancellationText(subscription)}</Badge>
                    ) : (
                      cancellationText(subscription)
                    )}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(subscription.started_at)}</td>
                  <td className={cellClass}>
                    <SubscriptionRowActions subscription={subscription} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
