"use client";
// /dashboard/<org>/license-keys: every key of the organization, filtered, sorted and paged through
// the URL, each row linking to the key's page.
import Link from "next/link";
import { formatDate } from "../format";
import { useBenefits } from "../hooks/reference";
import { useLicenseKeys, type LicenseKey } from "../hooks/license-keys";
import { createdColumn, dateColumn, type Column } from "../kit/data-table";
import { ListPage } from "../kit/list-page";
import { oneOfParser, textParser, useListView } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { LicenseKeyFilters } from "./filters";
import { countOfLimit, LICENSE_KEY_SORT_FIELDS, LICENSE_KEY_STATUSES } from "./logic";
import { LicenseKeyStatusBadge } from "./status-badge";

const subtleClass = "block text-xs text-zinc-500 dark:text-zinc-400";

export function LicenseKeysPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const benefits = useBenefits(organization.id);
  // Newest first (the API's own default is oldest first, so the list always sends its sorting).
  const view = useListView(LICENSE_KEY_SORT_FIELDS, ["-created_at"], {
    filters: { benefit_id: textParser, customer_id: textParser, status: oneOfParser(LICENSE_KEY_STATUSES) },
  });
  const keys = useLicenseKeys(view.params);
  const benefitNames = new Map(
    (benefits.data?.items ?? []).map((benefit) => [benefit.id, benefit.description]),
  );
  const { customer_id: customerId } = view.filters;
  const customerLabel = keys.data?.items.find((row) => row.customer_id === customerId)?.customer.email;
  const columns: Column<LicenseKey>[] = [
    {
      label: "Key · Benefit",
      cellClassName: "max-w-52",
      cell: (key) => (
        <>
          <Link
            href={orgPath(`/license-keys/${key.id}`)}
            className="rounded font-mono text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            {key.display_key}
          </Link>
          <span className={`${subtleClass} truncate`}>{benefitNames.get(key.benefit_id) ?? "—"}</span>
        </>
      ),
    },
    {
      label: "Customer",
      cellClassName: "max-w-44 xl:max-w-56",
      cell: (key) => (
        <>
          <span className="block truncate" title={key.customer.email}>
            {key.customer.email}
          </span>
          {key.order_id ? (
            <Link
              href={orgPath(`/orders/${key.order_id}`)}
              className="block text-xs text-indigo-600 hover:underline dark:text-indigo-400"
            >
              Order<span className="sr-only"> of key {key.display_key}</span>
            </Link>
          ) : null}
        </>
      ),
    },
    { label: "Status", cell: (key) => <LicenseKeyStatusBadge status={key.status} /> },
    {
      label: "Usage",
      sort: "usage",
      defaultDirection: "desc",
      cellClassName: "whitespace-nowrap",
      cell: (key) => (
        <>
          {countOfLimit(key.usage, key.limit_usage)}
          {key.limit_activations !== null ? (
            <span className={subtleClass}>up to {key.limit_activations} activations</span>
          ) : null}
        </>
      ),
    },
    dateColumn("Validated", (key) => key.last_validated_at, formatDate, {
      sort: "last_validated_at",
      className: "hidden xl:table-cell",
    }),
    {
      label: "Expires",
      sort: "expires_at",
      cellClassName: "whitespace-nowrap",
      cell: (key) => (key.expires_at ? formatDate(key.expires_at) : "Never"),
    },
    createdColumn(formatDate),
  ];

  return (
    <ListPage
      title="License keys"
      description="Keys issued to your customers by license key benefits."
      search={{ placeholder: "Key or its last characters" }}
      filters={
        <LicenseKeyFilters
          organizationId={organization.id}
          values={view.filters}
          customerLabel={customerLabel}
          onChange={(patch) => view.url.update(patch)}
        />
      }
      view={view}
      list={keys}
      columns={columns}
      empty={{
        title: "No license keys yet",
        text: "Keys appear here when customers buy a product with a license key benefit.",
      }}
      filteredEmpty={{
        title: "No license keys match these filters",
        text: "Try another search, benefit, status or customer.",
      }}
    />
  );
}
