"use client";
// /dashboard/<org>/orders: the organization's orders, filtered, sorted and paginated, the whole
// view in the URL (a reload or a shared link restores it: ./view.ts), with a CSV export of the
// filtered list; built on the kit's list page.
import { exportUrl, useOrders } from "../hooks/orders";
import { ListPage } from "../kit/list-page";
import type { ListViewState } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { useUrlState } from "../url-state";
import { buttonClasses } from "../ui/button";
import { OrdersFilters } from "./orders-filters";
import { orderColumns, orderRowProps } from "./orders-table";
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
  const orgPath = useOrgPath();
  const url = useUrlState();
  const view = readOrdersView(url);
  const params = listParams(organization.id, view);
  const orders = useOrders(params);
  const listView: ListViewState = {
    page: view.page,
    limit: view.limit,
    query: view.query ?? undefined,
    sortProps: {
      sorting: view.sorting,
      onSortingChange: (sorting) => url.update({ sorting: sortingParam(sorting) }),
    },
    filtered: hasFilters(view),
    setPage: (page) => url.update({ page: page === 1 ? null : page }),
    setQuery: (query) => url.update({ query }),
    clearFilters: () => url.update(CLEAR_FILTERS),
  };

  return (
    <ListPage
      title="Orders"
      description={`Every purchase and subscription payment of ${organization.name}.`}
      action={
        <a href={exportUrl(params)} download className={buttonClasses("secondary")}>
          Export CSV
        </a>
      }
      search={{ label: "Search by email", placeholder: "e.g. ada@" }}
      filters={<OrdersFilters view={view} orders={orders.data?.items} onChange={url.update} />}
      view={listView}
      list={orders}
      columns={orderColumns(orgPath)}
      rowProps={orderRowProps}
      empty={{ title: "No orders yet", text: "Orders appear here as soon as a buyer pays." }}
      filteredEmpty={{ title: "No orders match these filters" }}
      footer={
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
      }
    />
  );
}
