"use client";
// The kit's list page (docs/dashboard.md, "The kit"): the title with its primary action, a toolbar
// (search box, the page's filters, Clear filters), then the table of the current page with its
// loading, error and empty states and the pagination. The view (./list-view.ts) keeps it all in
// the URL; a page names its columns, filters and texts.
import Link from "next/link";
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@/components/api-client";
import type { ListViewState } from "../list-view";
import { useOrgPath } from "../organization";
import { Button, buttonClasses } from "../ui/button";
import { PageHeader } from "../ui/misc";
import { DataTable, RowLink, type Column, type RowProps } from "./data-table";
import { ListBody, type EmptyText } from "./list-body";
import { SearchBox } from "./search-box";
import { SelectFilter, type ViewSelect } from "./select-filter";

type Props<T> = {
  title: string;
  description?: ReactNode;
  /** The new-item form: the header's primary link, and the empty state's call to action under
   * `emptyLabel` (default "Create the first one": another name than `label`, so that each link
   * names itself once on the page). */
  create?: { href: string; label: string; emptyLabel?: string };
  /** Other header actions (an export, a button that opens a panel). */
  action?: ReactNode;
  /** A search box bound to the view's `query`. */
  search?: { label?: string; placeholder: string };
  /** Selects bound to the view's filters, after the search box. */
  selects?: ViewSelect[];
  /** The page's other filters (a combobox), between the selects and Clear filters. */
  filters?: ReactNode;
  view: ListViewState;
  list: UseQueryResult<Page<T>>;
  /** The table's accessible name (default: the title). */
  label?: string;
  columns: Column<T>[];
  rowProps?: (row: T) => RowProps;
  /** The row's page, for its `link` columns. */
  rowHref?: (row: T) => string;
  empty: EmptyText;
  filteredEmpty?: EmptyText;
  /** Beside the pagination. */
  footer?: ReactNode;
  /** Between the toolbar and the table (a panel the page opens). */
  children?: ReactNode;
};

export function ListPage<T>({
  title,
  description,
  create,
  action,
  search,
  selects,
  filters,
  view,
  list,
  label = title,
  columns,
  rowProps,
  rowHref,
  empty,
  filteredEmpty,
  footer,
  children,
}: Props<T>) {
  const hasToolbar = Boolean((search && view.setQuery) || selects?.length || filters);
  return (
    <>
      <PageHeader
        title={title}
        actions={
          create || action ? (
            <>
              {action}
              {create ? <PrimaryLink href={create.href}>{create.label}</PrimaryLink> : null}
            </>
          ) : null
        }
      >
        {description}
      </PageHeader>
      {hasToolbar ? (
        <div
          role="search"
          aria-label={`Filter ${label.toLowerCase()}`}
          className="mb-4 flex flex-wrap items-end gap-3"
        >
          {search && view.setQuery ? (
            <div className="w-full max-w-md sm:w-auto sm:flex-1">
              <SearchBox
                label={search.label ?? "Search"}
                placeholder={search.placeholder}
                value={view.query ?? null}
                onChange={view.setQuery}
              />
            </div>
          ) : null}
          {view.filter
            ? selects?.map(({ name, ...select }) => (
                <SelectFilter key={name} {...select} {...view.filter!(name)} />
              ))
            : null}
          {filters}
          {view.filtered ? (
            <Button variant="ghost" size="sm" className="mb-1" onClick={view.clearFilters}>
              Clear filters
            </Button>
          ) : null}
        </div>
      ) : null}
      {children}
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={view.setPage}
        columns={columns.length}
        filtered={view.filtered}
        onClearFilters={view.clearFilters}
        empty={{
          ...empty,
          action: create ? (
            <PrimaryLink href={create.href}>{create.emptyLabel ?? "Create the first one"}</PrimaryLink>
          ) : null,
        }}
        filteredEmpty={filteredEmpty}
        footer={footer}
      >
        {(rows) => (
          <DataTable
            label={label}
            rows={rows}
            columns={columns}
            sortProps={view.sortProps}
            rowProps={rowProps}
            rowHref={rowHref}
          />
        )}
      </ListBody>
    </>
  );
}

/** A link styled as the primary button: a list page's "New …". */
export function PrimaryLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClasses("primary")}>
      {children}
    </Link>
  );
}

export { RowLink };

/**
 * The list page of records with their own pages under `path` ("/benefits"): "New <noun>" links to
 * `path/new`, each row to `path/<id>`.
 */
export function RecordListPage<T extends { id: string }>({
  records,
  ...props
}: Omit<Props<T>, "create" | "rowHref"> & { records: { path: string; noun: string; emptyLabel?: string } }) {
  const orgPath = useOrgPath();
  return (
    <ListPage
      {...props}
      create={{
        href: orgPath(`${records.path}/new`),
        label: `New ${records.noun}`,
        emptyLabel: records.emptyLabel,
      }}
      rowHref={(row) => orgPath(`${records.path}/${row.id}`)}
    />
  );
}
