"use client";
// /dashboard/<org>/orders: the organization's orders, filtered, sorted and paginated, the whole
// view in the URL (a reload or a shared link restores it), with a CSV export of the filtered list.
import { exportUrl, useOrders } from "../hooks/orders";
import { useOrganization } from "../organization";
import { useUrlState } from "../url-state";
import { buttonClasses, Button } from "../ui/button";
import { PageHeader } from "../ui/misc";
import { Pagination } from "../ui/pagination";
import { EmptyState, ErrorState, TableSkeleton } from "../ui/states";
import { OrdersFilters } from "./orders-filters";
import { OrdersTable } from "./orders-table";
import {
  CLEAR_FILTERS,
  hasFilters,
  limitParam,
  listParams,
  PAGE_SIZES,
  readOrdersView,
  sortingParam,
} from "./view";

export function OrdersPage() {
  const organization = useOrganization();
  const url = useUrlState();
  const view = readOrdersView(url);
  const params = listParams(organization.id, view);
  const orders = useOrders(params);
  const filtered = hasFilters(view);
  const clear = () => url.update(CLEAR_FILTERS);

  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <a href={exportUrl(params)} download className={buttonClasses("secondary")}>
            Export CSV
          </a>
        }
      >
        Every purchase and subscription payment of {organization.name}.
      </PageHeader>
      <OrdersFilters view={view} orders={orders.data?.items} onChange={url.update} onClear={clear} />
      <div className="mt-4">
        {orders.isPending ? (
          <TableSkeleton rows={Math.min(view.limit, 8)} columns={6} />
        ) : orders.isError && !orders.data ? (
          <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.data.items.length === 0 ? (
          view.page > 1 && orders.data.pagination.total_count > 0 ? (
            <EmptyState title="This page is past the last one">
              <Button className="mt-3" onClick={() => url.update({ page: null })}>
                Go to the first page
              </Button>
            </EmptyState>
          ) : filtered ? (
            <EmptyState title="No orders match these filters">
              <Button className="mt-3" onClick={clear}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No orders yet">Orders appear here as soon as a buyer pays.</EmptyState>
          )
        ) : (
          <>
            <div
              aria-busy={orders.isPlaceholderData}
              className={orders.isPlaceholderData ? "opacity-60" : undefined}
            >
              <OrdersTable
                orders={orders.data.items}
                sorting={view.sorting}
                onSortingChange={(sorting) => url.update({ sorting: sortingParam(sorting) })}
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-6">
              <label className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
                Rows per page
                <select
                  value={view.limit}
                  onChange={(event) => url.update({ limit: limitParam(Number(event.target.value)) })}
                  className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900"
                >
                  {[...new Set([...PAGE_SIZES, view.limit])]
                    .sort((a, b) => a - b)
                    .map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                </select>
              </label>
              <div className="min-w-[18rem] flex-1">
                <Pagination
                  page={view.page}
                  maxPage={orders.data.pagination.max_page}
                  totalCount={orders.data.pagination.total_count}
                  limit={view.limit}
                  onPageChange={(page) => url.update({ page: page === 1 ? null : page })}
                />
              </div>
            </div>
            {orders.isError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                Could not refresh the list: {orders.error.message}{" "}
                <button type="button" className="underline" onClick={() => void orders.refetch()}>
                  Retry
                </button>
              </p>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
