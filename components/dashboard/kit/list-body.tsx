"use client";
// The body of a list page: skeleton while the first page loads, the error (with Retry), the empty
// state (told apart: nothing yet, with the page's call to action; nothing matching, with Clear
// filters; or a page past the last), else the rows with pagination; the previous page stays dimmed
// on screen while the next one loads.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@/components/api-client";
import { Button } from "../ui/button";
import { Pagination } from "../ui/pagination";
import { EmptyState, ErrorState, TableSkeleton } from "../ui/states";

export type EmptyText = { title: string; text?: ReactNode };

type Props<T> = {
  list: UseQueryResult<Page<T>>;
  page: number;
  limit: number;
  onPageChange: (page: number | null) => void;
  columns: number;
  /** Shown when there is nothing at all; `action` is the call to action (usually the page's). */
  empty: EmptyText & { action?: ReactNode };
  /** Whether a search or filter is narrowing the list (changes the empty state). */
  filtered: boolean;
  onClearFilters?: () => void;
  /** Shown when the filters match nothing (default: "Nothing matches these filters"). */
  filteredEmpty?: EmptyText;
  /** Beside the pagination (the orders page's rows per page). */
  footer?: ReactNode;
  children: (rows: T[]) => ReactNode;
};

export function ListBody<T>({
  list,
  page,
  limit,
  onPageChange,
  columns,
  empty,
  filtered,
  onClearFilters,
  filteredEmpty = { title: "Nothing matches these filters" },
  footer,
  children,
}: Props<T>) {
  if (list.isPending) return <TableSkeleton rows={Math.min(limit, 8)} columns={columns} />;
  if (list.isError && !list.data)
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data!;
  if (data.items.length === 0) {
    if (page > 1 && data.pagination.total_count > 0) {
      return (
        <EmptyState title="This page is past the last one">
          <Button className="mt-3" onClick={() => onPageChange(null)}>
            Go to the first page
          </Button>
        </EmptyState>
      );
    }
    if (filtered) {
      return (
        <EmptyState title={filteredEmpty.title}>
          {filteredEmpty.text}
          {onClearFilters ? (
            <Button className="mt-3 block mx-auto" onClick={onClearFilters}>
              Clear filters
            </Button>
          ) : null}
        </EmptyState>
      );
    }
    return (
      <EmptyState title={empty.title}>
        {empty.text}
        {empty.action ? <div className="mt-4 flex justify-center">{empty.action}</div> : null}
      </EmptyState>
    );
  }
  const pagination = (
    <Pagination
      page={page}
      maxPage={data.pagination.max_page}
      totalCount={data.pagination.total_count}
      limit={limit}
      onPageChange={onPageChange}
    />
  );
  return (
    <>
      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? "opacity-60" : undefined}>
        {children(data.items)}
        {list.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            Could not refresh: {list.error.message}{" "}
            <button type="button" className="underline" onClick={() => void list.refetch()}>
              Retry
            </button>
          </p>
        ) : null}
      </div>
      {footer ? (
        <div className="flex flex-wrap items-center justify-between gap-x-6">
          {footer}
          <div className="min-w-0 flex-1">{pagination}</div>
        </div>
      ) : (
        pagination
      )}
    </>
  );
}
