"use client";
// /dashboard/<org>/custom-fields: the questions products can ask buyers, filtered by type and
// searched by name or slug, sorted and paged through the URL.
import { formatDate } from "../format";
import { customFields, type CustomField } from "../hooks/custom-fields";
import { createdColumn, type Column } from "../kit/data-table";
import { RecordListPage } from "../kit/list-page";
import { labelledOptions, SelectFilter } from "../kit/select-filter";
import { oneOfParser, useListView } from "../list-view";
import { Badge } from "../ui/misc";
import { CUSTOM_FIELD_SORT_FIELDS, CUSTOM_FIELD_TYPES, TYPE_LABELS } from "./logic";

export function CustomFieldsPage() {
  const view = useListView(CUSTOM_FIELD_SORT_FIELDS, ["-created_at"], {
    filters: { type: oneOfParser(CUSTOM_FIELD_TYPES) },
  });
  const list = customFields.useList(view.params);
  const columns: Column<CustomField>[] = [
    { label: "Name", sort: "name", link: true, cell: (field) => field.name },
    { label: "Slug", sort: "slug", cellClassName: "font-mono", cell: (field) => field.slug },
    { label: "Type", sort: "type", cell: (field) => <Badge>{TYPE_LABELS[field.type]}</Badge> },
    {
      label: "Label at checkout",
      cellClassName: "max-w-64 truncate",
      cell: (field) => (typeof field.properties.form_label === "string" ? field.properties.form_label : "—"),
    },
    createdColumn(formatDate),
  ];

  return (
    <RecordListPage
      title="Custom fields"
      description="Questions a product asks its buyers at checkout; the answers are saved on the order."
      records={{ path: "/custom-fields", noun: "custom field" }}
      search={{ placeholder: "Name or slug" }}
      filters={
        <SelectFilter
          label="Type"
          allLabel="All types"
          value={view.filters.type}
          options={labelledOptions(CUSTOM_FIELD_TYPES, TYPE_LABELS)}
          onChange={(type) => view.url.update({ type })}
        />
      }
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No custom fields yet", text: "Create one to ask buyers a question at checkout." }}
    />
  );
}
