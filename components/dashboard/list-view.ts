"use client";
// The URL state every list page shares: the search text, the sorting (only criteria the API
// accepts, else the page's default) and the page, plus the props sortable headers take.
import { allowedSorting } from "./sorting";
import { pageFrom, useUrlState } from "./url-state";

export const PAGE_SIZE = 20;

export function useListView(sortFields: readonly string[], defaultSorting: readonly string[]) {
  const url = useUrlState();
  const sorting = allowedSorting(url.getAll("sorting"), sortFields, defaultSorting);
  return {
    url,
    query: url.get("query") ?? undefined,
    sorting,
    page: pageFrom(url.get("page")),
    limit: PAGE_SIZE,
    sortProps: { sorting, onSortingChange: (next: string[]) => url.update({ sorting: next }) },
  };
}
