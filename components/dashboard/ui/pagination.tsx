"use client";
import { Button } from "./button";

type Props = {
  page: number;
  maxPage: number;
  totalCount: number;
  limit: number;
  onPageChange: (page: number) => void;
};

export function Pagination({ page, maxPage, totalCount, limit, onPageChange }: Props) {
  const first = totalCount === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, totalCount);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm"
    >
      <p className="text-zinc-500 dark:text-zinc-400" aria-live="polite">
        {totalCount === 0 ? "No results" : `${first}–${last} of ${totalCount}`}
      </p>
      <div className="flex items-center gap-2">
        <Button size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <span className="text-zinc-500 dark:text-zinc-400">
          Page {page} of {Math.max(maxPage, 1)}
        </span>
        <Button size="sm" disabled={page >= maxPage} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
