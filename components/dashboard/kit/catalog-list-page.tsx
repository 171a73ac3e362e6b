"use client";
// A catalog list page made from what differs between resources (docs/dashboard.md, "The kit"):
// the resource's hooks (whose domain names it: "Benefits", "New benefit", "No benefits yet"),
// the sort fields, the search box's placeholder, the selects (each also the view's filter: a value
// outside its options counts as no filter), the columns (a "Created" column is added last; newest
// first by default) and the empty state's sentence.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@/components/api-client";
import { formatDate } from "../format";
import { resourceNames, type ListParams } from "../hooks/resource";
import { oneOfParser, useListView } from "../list-view";
import { createdColumn, type Column } from "./data-table";
import { RecordListPage } from "./list-page";
import type { ViewSelect } from "./select-filter";

type CatalogListConfig<T> = {
  /** The resource's hooks; its domain names the page ("custom-fields": "Custom fields", "New custom field"). */
  hooks: { domain: string; useList: (params: ListParams) => UseQueryResult<Page<T>> };
  sortFields: readonly string[];
  description: ReactNode;
  /** The search box's placeholder; without it the page has no search. */
  search?: string;
  selects?: ViewSelect[];
  columns: Column<T>[];
  /** Under "No <nouns> yet": what creating the first one is for. */
  emptyText: string;
};

export function catalogListPage<T extends { id: string; created_at: string }>(config: CatalogListConfig<T>) {
  const names = resourceNames(config.hooks.domain);
  const filters: Record<string, (value: string | null) => string | undefined> = Object.fromEntries(
    (config.selects ?? []).map((select) => [
      select.name,
      oneOfParser(select.options.map(({ value }) => value)),
    ]),
  );
  const columns = [...config.columns, createdColumn<T>(formatDate)];
  return function CatalogListPage() {
    const view = useListView(config.sortFields, ["-created_at"], { search: Boolean(config.search), filters });
    const list = config.hooks.useList(view.params);
    return (
      <RecordListPage
        title={names.title}
        description={config.description}
        records={{ path: names.path, noun: names.noun }}
        search={config.search ? { placeholder: config.search } : undefined}
        selects={config.selects}
        view={view}
        list={list}
        columns={columns}
        empty={{ title: `No ${names.title.toLowerCase()} yet`, text: config.emptyText }}
      />
    );
  };
}
