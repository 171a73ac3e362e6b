"use client";
// A short list inside a detail page (a customer's orders, keys, subscriptions): a card with its
// title and a link to the full list, then the kit's list body (loading, error, empty, pagination)
// around a table of columns. Its page is local state, not the URL: the URL belongs to the page.
import Link from "next/link";
import { useState } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@/components/api-client";
import { useOrganization } from "../organization";
import { Card } from "../ui/misc";
import { linkClass } from "../ui/table";
import { DataTable, type Column } from "./data-table";
import { ListBody } from "./list-body";

export const SECTION_LIMIT = 10;

/** The section's list request (the organization's items matching `filter`, in `sorting` order) and
 * its page, for `SectionList`'s `page` and `onPageChange`. */
export function useSection(filter: Record<string, string>, sorting: string[]) {
  const organization = useOrganization();
  const [page, setPage] = useState(1);
  return {
    params: { organization_id: organization.id, ...filter, sorting, page, limit: SECTION_LIMIT },
    paging: { page, onPageChange: setPage },
  };
}

type Props<T> = {
  title: string;
  /** The link to the whole list (filtered to this item). */
  all?: { href: string; label: string };
  list: UseQueryResult<Page<T>>;
  page: number;
  onPageChange: (page: number) => void;
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  empty: string;
};

export function SectionList<T>({ title, all, list, page, onPageChange, label, columns, empty }: Props<T>) {
  return (
    <Card
      title={title}
      actions={
        all ? (
          <Link href={all.href} className={`${linkClass} text-sm`}>
            {all.label}
          </Link>
        ) : null
      }
    >
      <ListBody
        list={list}
        page={page}
        limit={SECTION_LIMIT}
        onPageChange={(next) => onPageChange(next ?? 1)}
        columns={columns.length}
        filtered={false}
        empty={{ title: empty }}
      >
        {(rows) => <DataTable label={label} rows={rows} columns={columns} />}
      </ListBody>
    </Card>
  );
}
