"use client";
// /dashboard/<org>/license-keys: every key of the organization, filtered, sorted and paged through
// the URL, each row linking to the key's page.
import Link from "next/link";
import { formatDate } from "../format";
import { useBenefits } from "../hooks/reference";
import { useLicenseKeys, type LicenseKeyListParams } from "../hooks/license-keys";
import { useOrganization, useOrgPath } from "../organization";
import { pageFrom, useUrlState } from "../url-state";
import { PageHeader } from "../ui/misc";
import { Pagination } from "../ui/pagination";
import { EmptyState, ErrorState, TableSkeleton } from "../ui/states";
import { bodyRowClass, cellClass, headerRowClass, SortableTh, Table, Th } from "../ui/table";
import { LicenseKeyFilters } from "./filters";
import { allowedSorting, countOfLimit, LICENSE_KEY_SORT_FIELDS, LICENSE_KEY_STATUSES, oneOf } from "./logic";
import { LicenseKeyStatusBadge } from "./status-badge";

const PAGE_SIZE = 20;
/** Newest first (the API's own default is oldest first, so the list always sends its sorting). */
const DEFAULT_SORTING = ["-created_at"];

export function LicenseKeysPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const url = useUrlState();
  const benefits = useBenefits(organization.id);

  const params: LicenseKeyListParams = {
    organization_id: organization.id,
    benefit_id: url.get("benefit_id") ?? undefined,
    customer_id: url.get("customer_id") ?? undefined,
    status: oneOf(url.get("status"), LICENSE_KEY_STATUSES),
    query: url.get("query")?.trim() || undefined,
    sorting: allowedSorting(url.getAll("sorting"), LICENSE_KEY_SORT_FIELDS, DEFAULT_SORTING),
    page: pageFrom(url.get("page")),
    limit: PAGE_SIZE,
  };
  const keys = useLicenseKeys(params);
  const benefitNames = new Map(
    (benefits.data?.items ?? []).map((benefit) => [benefit.id, benefit.description]),
  );
  const rows = keys.data?.items ?? [];
  const filtered = Boolean(params.benefit_id || params.status || params.customer_id || params.query);
  const customerLabel = rows.find((row) => row.customer_id === params.customer_id)?.customer.email;
  const sortProps = {
    sorting: params.sorting,
    onSortingChange: (sorting: string[]) => url.update({ sorting }),
  };

  return (
    <>
      <PageHeader title="License keys">Keys issued to your customers by license key benefits.</PageHeader>
      <LicenseKeyFilters
        organizationId={organization.id}
        values={params}
        customerLabel={customerLabel}
        onChange={(patch) => url.update(patch)}
      />
      {keys.isPending ? (
        <TableSkeleton columns={6} />
      ) : keys.isError && !keys.data ? (
        <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={filtered ? "No license keys match these filters" : "No license keys yet"}>
          {filtered
            ? "Try another search, benefit, status or customer."
            : "Keys appear here when customers buy a product with a license key benefit."}
        </EmptyState>
      ) : (
        <div aria-busy={keys.isFetching} className={keys.isPlaceholderData ? "opacity-60" : undefined}>
          <Table label="License keys">
            <thead>
              <tr className={headerRowClass}>
                <Th>Key · Benefit</Th>
                <Th>Customer</Th>
                <Th>Status</Th>
                <SortableTh field="usage" label="Usage" defaultDirection="desc" {...sortProps} />
                <SortableTh
                  field="last_validated_at"
                  label="Validated"
                  defaultDirection="desc"
                  className="hidden xl:table-cell"
                  {...sortProps}
                />
                <SortableTh field="expires_at" label="Expires" {...sortProps} />
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((key) => (
                <tr key={key.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-52`}>
                    <Link
                      href={orgPath(`/license-keys/${key.id}`)}
                      className="rounded font-mono text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
                    >
                      {key.display_key}
                    </Link>
                    <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {benefitNames.get(key.benefit_id) ?? "—"}
                    </span>
                  </td>
                  <td className={`${cellClass} max-w-44 truncate xl:max-w-56`} title={key.customer.email}>
                    {key.customer.email}
                    {key.order_id ? (
                      <Link
                        href={orgPath(`/orders/${key.order_id}`)}
                        className="block text-xs text-indigo-600 hover:underline dark:text-indigo-400"
                      >
                        Order<span className="sr-only"> of key {key.display_key}</span>
                      </Link>
                    ) : null}
                  </td>
                  <td className={cellClass}>
                    <LicenseKeyStatusBadge status={key.status} />
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {countOfLimit(key.usage, key.limit_usage)}
                    {key.limit_activations !== null ? (
                      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                        up to {key.limit_activations} activations
                      </span>
                    ) : null}
                  </td>
                  <td className={`${cellClass} hidden whitespace-nowrap xl:table-cell`}>
                    {formatDate(key.last_validated_at)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {key.expires_at ? formatDate(key.expires_at) : "Never"}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(key.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {keys.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              Could not refresh: {keys.error.message}
            </p>
          ) : null}
        </div>
      )}
      {keys.data && keys.data.pagination.total_count > 0 ? (
        <Pagination
          page={params.page}
          maxPage={keys.data.pagination.max_page}
          totalCount={keys.data.pagination.total_count}
          limit={PAGE_SIZE}
          onPageChange={(page) => url.update({ page })}
        />
      ) : null}
    </>
  );
}
