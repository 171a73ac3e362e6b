"use client";
// /dashboard/<org>/checkouts: the organization's checkout sessions, newest first, filtered by status
// and product, sorted and paged through the URL.
import Link from "next/link";
import { formatDateTime, shortId } from "../format";
import { useCheckouts, type CheckoutListParams } from "../hooks/checkouts";
import { useProducts } from "../hooks/reference";
import { inputClass } from "../ui/field";
import { allowedSorting, oneOf } from "../license-keys/logic";
import { useOrganization, useOrgPath } from "../organization";
import { pageFrom, useUrlState } from "../url-state";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/misc";
import { Pagination } from "../ui/pagination";
import { EmptyState, ErrorState, TableSkeleton } from "../ui/states";
import { bodyRowClass, cellClass, headerRowClass, SortableTh, Table, Th } from "../ui/table";
import { CHECKOUT_SORT_FIELDS, CHECKOUT_STATUSES, CHECKOUT_STATUS_INFO, moneyOrDash } from "./logic";
import { CheckoutStatusBadge } from "./status-badge";

const PAGE_SIZE = 20;
const DEFAULT_SORTING = ["-created_at"];
const labelClass = "mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300";

export function CheckoutsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const url = useUrlState();
  const products = useProducts(organization.id);
  const params: CheckoutListParams = {
    organization_id: organization.id,
    status: oneOf(url.get("status"), CHECKOUT_STATUSES),
    product_id: url.get("product_id") ?? undefined,
    sorting: allowedSorting(url.getAll("sorting"), CHECKOUT_SORT_FIELDS, DEFAULT_SORTING),
    page: pageFrom(url.get("page")),
    limit: PAGE_SIZE,
  };
  const checkouts = useCheckouts(params);
  const rows = checkouts.data?.items ?? [];
  const filtered = Boolean(params.status || params.product_id);
  const sortProps = {
    sorting: params.sorting,
    onSortingChange: (sorting: string[]) => url.update({ sorting }),
  };

  return (
    <>
      <PageHeader title="Checkouts">Checkout sessions: the hosted pages your buyers pay on.</PageHeader>
      <div role="search" aria-label="Filter checkouts" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="filter-checkout-status" className={labelClass}>
            Status
          </label>
          <select
            id="filter-checkout-status"
            className={`${inputClass} w-40`}
            value={params.status ?? ""}
            onChange={(event) => url.update({ status: event.target.value || null })}
          >
            <option value="">All statuses</option>
            {CHECKOUT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CHECKOUT_STATUS_INFO[status].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-checkout-product" className={labelClass}>
            Product
          </label>
          <select
            id="filter-checkout-product"
            className={`${inputClass} w-56`}
            value={params.product_id ?? ""}
            onChange={(event) => url.update({ product_id: event.target.value || null })}
          >
            <option value="">All products</option>
            {(products.data?.items ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            className="mb-1"
            onClick={() => url.update({ status: null, product_id: null })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {checkouts.isPending ? (
        <TableSkeleton columns={6} />
      ) : checkouts.isError && !checkouts.data ? (
        <ErrorState error={checkouts.error} onRetry={() => void checkouts.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? "No checkout sessions match these filters" : "No checkout sessions yet"}
        >
          {filtered
            ? "Try another status or product."
            : "Sessions appear here when you create them through the API."}
        </EmptyState>
      ) : (
        <div
          aria-busy={checkouts.isFetching}
          className={checkouts.isPlaceholderData ? "opacity-60" : undefined}
        >
          <Table label="Checkout sessions">
            <thead>
              <tr className={headerRowClass}>
                <Th>Session</Th>
                <Th>Status</Th>
                <Th>Product</Th>
                <Th>Customer</Th>
                <Th className="text-right">Total</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...sortProps} />
                <SortableTh field="expires_at" label="Expires" {...sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((checkout) => (
                <tr key={checkout.id} className={bodyRowClass}>
                  <td className={cellClass}>
                    <Link
                      href={orgPath(`/checkouts/${checkout.id}`)}
                      aria-label={`Checkout session ${checkout.id}`}
                      className="rounded font-mono text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
                    >
                      {shortId(checkout.id)}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    <CheckoutStatusBadge status={checkout.status} />
                  </td>
                  <td className={`${cellClass} max-w-48 truncate`}>{checkout.product.name}</td>
                  <td className={`${cellClass} max-w-48 truncate`}>{checkout.customer_email ?? "—"}</td>
                  <td className={`${cellClass} text-right whitespace-nowrap tabular-nums`}>
                    {moneyOrDash(checkout.total_amount, checkout.currency)}
                    {checkout.discount_amount > 0 ? (
                      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                        of {moneyOrDash(checkout.amount, checkout.currency)}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(checkout.created_at)}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(checkout.expires_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {checkouts.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              Could not refresh: {checkouts.error.message}
            </p>
          ) : null}
        </div>
      )}
      {checkouts.data && checkouts.data.pagination.total_count > 0 ? (
        <Pagination
          page={params.page}
          maxPage={checkouts.data.pagination.max_page}
          totalCount={checkouts.data.pagination.total_count}
          limit={PAGE_SIZE}
          onPageChange={(page) => url.update({ page })}
        />
      ) : null}
    </>
  );
}
