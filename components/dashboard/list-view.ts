"use client";
// The URL state every list page shares: the search text, the filters (each read leniently by its
// own parser: a malformed value counts as no filter), the sorting (only criteria the API accepts,
// else the page's default) and the page; plus the props sortable headers take and the list
// request's parameters. See docs/dashboard.md ("The kit").
import { useOrganization } from "./organization";
import { allowedSorting } from "./sorting";
import { pageFrom, useUrlState } from "./url-state";

export const PAGE_SIZE = 20;

/** A filter's URL value to what the API takes; undefined is "no filter". */
export type FilterParser = (value: string | null) => unknown;
type Parsed<F extends Record<string, FilterParser>> = { [K in keyof F]: ReturnType<F[K]> };

/** What the kit's list page needs of a view (the orders page builds its own: ./orders/view.ts). */
export type ListViewState = {
  page: number;
  limit: number;
  query?: string;
  sortProps: { sorting: readonly string[]; onSortingChange: (sorting: string[]) => void };
  filtered: boolean;
  setPage: (page: number | null) => void;
  setQuery?: (query: string | null) => void;
  clearFilters: () => void;
  /** A filter's value as the URL holds it when its parser accepts it, and how to change it. */
  filter?: (name: string) => { value: string | undefined; onChange: (value: string | null) => void };
};

/** A filter for values of a fixed list (a status, a type). */
export function oneOfParser<T extends string>(allowed: readonly T[]) {
  return (value: string | null): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);
}

/** A filter that is any non-empty value (an id). */
export const textParser = (value: string | null): string | undefined => value?.trim() || undefined;

export function useListView<F extends Record<string, FilterParser> = Record<never, FilterParser>>(
  sortFields: readonly string[],
  defaultSorting: readonly string[],
  /** search: whether the list takes the `query` parameter (default yes). */
  options: { search?: boolean; filters?: F } = {},
) {
  const search = options.search ?? true;
  const organization = useOrganization();
  const url = useUrlState();
  const sorting = allowedSorting(url.getAll("sorting"), sortFields, defaultSorting);
  const parsers = options.filters ?? ({} as F);
  const filters = Object.fromEntries(
    Object.entries(parsers).map(([key, parse]) => [key, parse(url.get(key))]),
  ) as Parsed<F>;
  const query = search ? textParser(url.get("query")) : undefined;
  const page = pageFrom(url.get("page"));
  const filtered = query !== undefined || Object.values(filters).some((value) => value !== undefined);
  const cleared = Object.fromEntries(Object.keys(parsers).map((key) => [key, null]));
  return {
    url,
    query,
    sorting,
    page,
    limit: PAGE_SIZE,
    filters,
    filtered,
    sortProps: { sorting, onSortingChange: (next: string[]) => url.update({ sorting: next }) },
    setPage: (next: number | null) => url.update({ page: next }),
    setQuery: search ? (next: string | null) => url.update({ query: next }) : undefined,
    clearFilters: () => url.update({ ...cleared, ...(search ? { query: null } : {}) }),
    filter: (name: string) => {
      const value = (filters as Record<string, unknown>)[name];
      return {
        value: value === undefined ? undefined : String(value),
        onChange: (next: string | null) => url.update({ [name]: next }),
      };
    },
    /** The list request's parameters. */
    params: { organization_id: organization.id, ...filters, query, sorting, page, limit: PAGE_SIZE },
  } satisfies ListViewState & Record<string, unknown>;
}
