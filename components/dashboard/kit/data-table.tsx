"use client";
// A list's table from its columns: each column names its header (sortable when it has the API's
// `sort` field) and renders its cell, so a page states what it shows and the kit how.
import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import type { Direction } from "../sorting";
import { bodyRowClass, cellClass, headerRowClass, SortableTh, Table, Th } from "../ui/table";

export type Column<T> = {
  label: string;
  /** Shown to screen readers only (an actions column). */
  hideLabel?: boolean;
  /** The API's sorting field: the header sorts by it (click; Shift-click adds a criterion). */
  sort?: string;
  defaultDirection?: Direction;
  /** Classes of the header and the cells: alignment, hiding on small screens. */
  className?: string;
  /** Classes of the cells only: width, truncation, wrapping (a `link` cell: `max-w-64 truncate`). */
  cellClassName?: string;
  /** The cell links to the row's page (`rowHref`). */
  link?: boolean;
  cell: (row: T) => ReactNode;
};

/** A row's extra attributes: a class, `data-*` (a test id). */
export type RowProps = ComponentProps<"tr"> & { [data: `data-${string}`]: string };

export type SortProps = { sorting: readonly string[]; onSortingChange: (sorting: string[]) => void };

type Props<T> = {
  label: string;
  rows: T[];
  columns: Column<T>[];
  sortProps?: SortProps;
  rowKey?: (row: T) => string;
  /** Extra attributes of a row (a test id, the orders' stretched-link styling). */
  rowProps?: (row: T) => RowProps;
  /** The row's page, for its `link` columns. */
  rowHref?: (row: T) => string;
};

const byId = (row: unknown) => (row as { id: string }).id;

export function DataTable<T>({
  label,
  rows,
  columns,
  sortProps,
  rowKey = byId,
  rowProps,
  rowHref,
}: Props<T>) {
  return (
    <Table label={label}>
      <thead>
        <tr className={headerRowClass}>
          {columns.map((column) =>
            column.sort && sortProps ? (
              <SortableTh
                key={column.label}
                field={column.sort}
                label={column.label}
                defaultDirection={column.defaultDirection}
                className={column.className}
                {...sortProps}
              />
            ) : (
              <Th key={column.label} className={column.className}>
                {column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label}
              </Th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const extra = rowProps?.(row) ?? {};
          return (
            <tr key={rowKey(row)} {...extra} className={`${bodyRowClass} ${extra.className ?? ""}`}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={`${cellClass} ${column.className ?? ""} ${column.cellClassName ?? (column.link ? "max-w-64 truncate" : "")}`}
                >
                  {column.link && rowHref ? (
                    <RowLink href={rowHref(row)}>{column.cell(row)}</RowLink>
                  ) : (
                    column.cell(row)
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** The usual last column: when the row was created. */
/** A column of dates or times that do not wrap; with `sort`, sortable (newest first unless
 * `direction` says otherwise). */
export function dateColumn<T>(
  label: string,
  date: (row: T) => string | null | undefined,
  format: (value: string | null | undefined) => string,
  options: { sort?: string; direction?: Direction; className?: string } = {},
): Column<T> {
  return {
    label,
    sort: options.sort,
    defaultDirection: options.sort ? (options.direction ?? "desc") : undefined,
    className: options.className,
    cellClassName: "whitespace-nowrap",
    cell: (row) => format(date(row)),
  };
}

export function createdColumn<T extends { created_at: string }>(
  format: (value: string | null | undefined) => string,
  label = "Created",
): Column<T> {
  return dateColumn(label, (row) => row.created_at, format, { sort: "created_at" });
}

/** A link to an item's page in a table cell. */
export function RowLink({ href, children, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      href={href}
      className="rounded text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
      {...props}
    >
      {children}
    </Link>
  );
}
