"use client";
// /dashboard/<org>/checkouts: the organization's checkout sessions, newest first, filtered by status
// and product, sorted and paged through the URL.
import Link from "next/link";
import { formatDateTime, shortId } from "../format";
import { useCheckouts, type Checkout } from "../hooks/checkouts";
import { useProducts } from "../hooks/reference";
import { createdColumn, dateColumn, type Column } from "../kit/data-table";
import { ListPage } from "../kit/list-page";
import { oneOfParser, textParser, useListView } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { CHECKOUT_SORT_FIELDS, CHECKOUT_STATUSES, CHECKOUT_STATUS_INFO, moneyOrDash } from "./logic";
import { CheckoutStatusBadge } from "./status-badge";

const STATUS_OPTIONS = CHECKOUT_STATUSES.map((value) => ({
  value,
  label: CHECKOUT_STATUS_INFO[value].label,
}));

export function CheckoutsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const products = useProducts(organization.id);
  const view = useListView(CHECKOUT_SORT_FIELDS, ["-created_at"], {
    search: false,
    filters: { status: oneOfParser(CHECKOUT_STATUSES), product_id: textParser },
  });
  const checkouts = useCheckouts(view.params);
  const columns: Column<Checkout>[] = [
    {
      label: "Session",
      cell: (checkout) => (
        <Link
          href={orgPath(`/checkouts/${checkout.id}`)}
          aria-label={`Checkout session ${checkout.id}`}
          className="rounded font-mono text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
        >
          {shortId(checkout.id)}
        </Link>
      ),
    },
    { label: "Status", cell: (checkout) => <CheckoutStatusBadge status={checkout.status} /> },
    { label: "Product", cellClassName: "max-w-48 truncate", cell: (checkout) => checkout.product.name },
    {
      label: "Customer",
      cellClassName: "max-w-48 truncate",
      cell: (checkout) => checkout.customer_email ?? "—",
    },
    {
      label: "Total",
      className: "text-right",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (checkout) => (
        <>
          {moneyOrDash(checkout.total_amount, checkout.currency)}
          {checkout.discount_amount > 0 ? (
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              of {moneyOrDash(checkout.amount, checkout.currency)}
            </span>
          ) : null}
        </>
      ),
    },
    createdColumn(formatDateTime),
    dateColumn("Expires", (checkout) => checkout.expires_at, formatDateTime, {
      sort: "expires_at",
      direction: "asc",
    }),
  ];

  return (
    <ListPage
      title="Checkouts"
      description="Checkout sessions: the hosted pages your buyers pay on."
      selects={[
        { name: "status", label: "Status", allLabel: "All statuses", width: "w-40", options: STATUS_OPTIONS },
        {
          name: "product_id",
          label: "Product",
          allLabel: "All products",
          width: "w-56",
          options: (products.data?.items ?? []).map((product) => ({
            value: product.id,
            label: product.name,
          })),
          unknownLabel: products.isPending ? "Loading…" : "Other product",
        },
      ]}
      view={view}
      list={checkouts}
      label="Checkout sessions"
      columns={columns}
      empty={{
        title: "No checkout sessions yet",
        text: "Sessions appear here when you create them through the API.",
      }}
      filteredEmpty={{
        title: "No checkout sessions match these filters",
        text: "Try another status or product.",
      }}
    />
  );
}
