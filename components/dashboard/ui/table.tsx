"use client";
// Tables: a scrollable frame, plain and sortable header cells. The frame is `relative` so that it
// is the containing block of the cells' absolutely placed pieces (the sortable headers' screen-reader
// text, a row's stretched link): without it they escaped the scrolling box and widened the page. Sortable headers are buttons
// (keyboard: Enter sorts, Shift+Enter adds a criterion) and carry aria-sort for the primary one.
import type { ReactNode } from "react";
import { directionOf, nextSorting, type Direction } from "../sorting";

export function Table({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="relative max-w-full overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table aria-label={label} className="w-full min-w-[640px] text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export const headerRowClass =
  "border-b border-zinc-200 bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400";
export const bodyRowClass =
  "border-b border-zinc-100 last:border-0 hover:bg-zinc-50 dark:border-zinc-800/60 dark:hover:bg-zinc-900/60";
export const cellClass = "px-4 py-3 align-middle";

export function Th({ children, className = "" }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`px-4 py-2.5 font-medium ${className}`}>
      {children}
    </th>
  );
}

type SortableThProps = {
  field: string;
  label: string;
  sorting: readonly string[];
  onSortingChange: (sorting: string[]) => void;
  defaultDirection?: Direction;
  className?: string;
};

export function SortableTh({
  field,
  label,
  sorting,
  onSortingChange,
  defaultDirection,
  className = "",
}: SortableThProps) {
  const direction = directionOf(sorting, field);
  const position = sorting.findIndex((value) => value === field || value === `-${field}`);
  const ariaSort =
    position === 0 ? (direction === "asc" ? "ascending" : "descending") : direction ? "other" : "none";
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-2 py-1.5 font-medium ${className}`}>
      <button
        type="button"
        title="Click to sort; Shift-click to add as another sort criterion"
        className="inline-flex items-center gap-1 rounded px-2 py-1 uppercase hover:bg-zinc-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
        onClick={(event) =>
          onSortingChange(nextSorting(sorting, field, { additive: event.shiftKey, defaultDirection }))
        }
      >
        {label}
        <span aria-hidden className="text-[10px] text-zinc-400">
          {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
          {direction && sorting.length > 1 ? position + 1 : ""}
        </span>
        <span className="sr-only">
          {direction ? `, sorted ${direction === "asc" ? "ascending" : "descending"}` : ""}
        </span>
      </button>
    </th>
  );
}

export const linkClass =
  "rounded text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400";
