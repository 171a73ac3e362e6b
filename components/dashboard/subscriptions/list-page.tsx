"use client";
// /dashboard/<org>/subscriptions: every subscription of the organization, filtered by status or
// whether it has ended, sorted and paged through the URL; each row links to its customer and has
// the merchant's actions (cancel at period end, don't cancel, revoke now: ./row-actions.tsx); Export
// CSV downloads every subscription the filters match.
import { formatDate } from "../format";
import { subscriptions, subscriptionsExportUrl, type SubscriptionResource } from "../hooks/subscriptions";
import { dateColumn, type Column } from "../kit/data-table";
import { ListPage, RowLink } from "../kit/list-page";
import { labelledOptions } from "../kit/select-filter";
import { useListView } from "../list-view";
import { useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { Badge } from "../ui/misc";
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
  SUBSCRIPTION_STATUSES,
} from "./logic";

const SELECTS = [
  {
    name: "status",
    label: "Status",
    allLabel: "All statuses",
    options: labelledOptions(SUBSCRIPTION_STATUSES, STATUS_LABELS),
  },
  {
    name: "active",
    label: "Active",
    allLabel: "Active and ended",
    options: [
      { value: "true", label: "Active only" },
      { value: "false", label: "Ended only" },
    ],
  },
];

export function SubscriptionsPage() {
  const orgPath = useOrgPath();
  const view = useListView(SUBSCRIPTION_SORT_FIELDS, ["-started_at"], {
    search: false,
    filters: { status: statusFrom, active: activeFrom },
  });
  const list = subscriptions.useList(view.params);
  const columns: Column<SubscriptionResource>[] = [
    {
      label: "Customer",
      cellClassName: "max-w-56 truncate",
      cell: (row) => <RowLink href={orgPath(`/customers/${row.customer_id}`)}>{row.customer.email}</RowLink>,
    },
    {
      label: "Product",
      cellClassName: "max-w-48 truncate",
      cell: (row) => <RowLink href={orgPath(`/subscriptions/${row.id}`)}>{row.product.name}</RowLink>,
    },
    {
      label: "Status",
      sort: "status",
      cell: (row) => <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>,
    },
    {
      label: "Price",
      sort: "amount",
      defaultDirection: "desc",
      cellClassName: "whitespace-nowrap",
      cell: (row) => priceText(row.amount, row.currency, row.recurring_interval),
    },
    {
      label: "Current period",
      sort: "current_period_end",
      cellClassName: "whitespace-nowrap",
      cell: (row) => periodText(row.current_period_start, row.current_period_end),
    },
    {
      label: "Canceled",
      cellClassName: "whitespace-nowrap",
      cell: (row) =>
        row.cancel_at_period_end && !row.ended_at ? (
          <Badge tone="amber">{cancellationText(row)}</Badge>
        ) : (
          cancellationText(row)
        ),
    },
    dateColumn("Started", (row) => row.started_at, formatDate, { sort: "started_at" }),
    { label: "Actions", cell: (row) => <SubscriptionRowActions subscription={row} /> },
  ];

  return (
    <ListPage
      title="Subscriptions"
      description="Your customers' recurring purchases."
      action={
        <a href={subscriptionsExportUrl(view.params)} download className={buttonClasses("secondary")}>
          Export CSV
        </a>
      }
      selects={SELECTS}
      view={view}
      list={list}
      columns={columns}
      empty={{
        title: "No subscriptions yet",
        text: "They appear here when customers buy a recurring product.",
      }}
    />
  );
}
