"use client";
// /dashboard/<org>/benefits: what products grant their buyers, filtered by type and searched by
// description, sorted and paged through the URL; each links to its edit page.
import { formatDate } from "../format";
import { benefits, type BenefitResource } from "../hooks/benefits";
import { createdColumn, type Column } from "../kit/data-table";
import { RecordListPage } from "../kit/list-page";
import { labelledOptions, SelectFilter } from "../kit/select-filter";
import { oneOfParser, useListView } from "../list-view";
import { Badge } from "../ui/misc";
import { BENEFIT_SORT_FIELDS, BENEFIT_TYPE_LABELS, BENEFIT_TYPES, benefitSummary } from "./logic";

export function BenefitsPage() {
  const view = useListView(BENEFIT_SORT_FIELDS, ["-created_at"], {
    filters: { type: oneOfParser(BENEFIT_TYPES) },
  });
  const list = benefits.useList(view.params);
  const columns: Column<BenefitResource>[] = [
    { label: "Description", sort: "description", link: true, cell: (benefit) => benefit.description },
    {
      label: "Type",
      sort: "type",
      cell: (benefit) => (
        <Badge tone={benefit.type === "license_keys" ? "blue" : "zinc"}>
          {BENEFIT_TYPE_LABELS[benefit.type]}
        </Badge>
      ),
    },
    { label: "Terms", cellClassName: "text-zinc-600 dark:text-zinc-300", cell: benefitSummary },
    createdColumn(formatDate),
  ];

  return (
    <RecordListPage
      title="Benefits"
      description="What buyers get with a product: license keys or a custom note."
      records={{ path: "/benefits", noun: "benefit" }}
      search={{ placeholder: "Description" }}
      filters={
        <SelectFilter
          label="Type"
          allLabel="All types"
          value={view.filters.type}
          options={labelledOptions(BENEFIT_TYPES, BENEFIT_TYPE_LABELS)}
          onChange={(type) => view.url.update({ type })}
        />
      }
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No benefits yet", text: "Create one to give buyers license keys or a note." }}
    />
  );
}
