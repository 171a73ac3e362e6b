"use client";
// The body of a list page: skeleton while the first page loads, the error (with Retry), the empty
// state (told apart: nothing yet, nothing matching, or a page past the last), else the table with
// pagination; the previous page stays dimmed on screen while the next one loads.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@/components/api-client";
import { Button } from "./button";
import { Pagination } from "./pagination";
import { EmptyState, ErrorState, TableSkeleton } from "./states";

type Props<T> = {
  list: UseQueryResult<Page<T>>;
  page: number;
  limit: number;
  onPageChange: (page: number | null) => void;
  columns: number;
  /** Shown when there is nothing at all. */
  empty: { title: string; text?: ReactNode };
  /** Whether a search or filter is narrowing the list (changes the empty state). */
  filtered: boolean;
  onClearFilters?: () => void;
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
  children,
}: Props<T>) {
  if (list.isPending) return <TableSkeleton columns={columns} />;
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
        <EmptyState title="Nothing matches this search">
          {onClearFilters ? (
            <Button className="mt-3" onClick={onClearFilters}>
              Clear search
            </Button>
          ) : null}
        </EmptyState>
      );
    }
    return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  }
  return (
    <>
      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? "opacity-60" : undefined}>
        {children(data.items)}
        {list.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            Could not refresh: {list.error.message}
          </p>
        ) : null}
      </div>
      <Pagination
        page={page}
        maxPage={data.pagination.max_page}
        totalCount={data.pagination.total_count}
        limit={limit}
        onPageChange={onPageChange}
      />
    </>
  );
}
