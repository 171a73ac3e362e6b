"use client";
// /dashboard/<org>/custom-fields: the questions products can ask buyers, filtered by type and
// searched by name or slug, sorted and paged through the URL.
import { customFields, type CustomField } from "../hooks/catalog";
import { catalogListPage } from "../kit/catalog-list-page";
import { labelledOptions } from "../kit/select-filter";
import { Badge } from "../ui/misc";
import { CUSTOM_FIELD_SORT_FIELDS, CUSTOM_FIELD_TYPES, TYPE_LABELS } from "./logic";

const TYPE_OPTIONS = labelledOptions(CUSTOM_FIELD_TYPES, TYPE_LABELS);

export const CustomFieldsPage = catalogListPage<CustomField>({
  hooks: customFields,
  sortFields: CUSTOM_FIELD_SORT_FIELDS,
  description: "Questions a product asks its buyers at checkout; the answers are saved on the order.",
  search: "Name or slug",
  selects: [{ name: "type", label: "Type", allLabel: "All types", options: TYPE_OPTIONS }],
  columns: [
    { label: "Name", sort: "name", link: true, cell: (field) => field.name },
    { label: "Slug", sort: "slug", cellClassName: "font-mono", cell: (field) => field.slug },
    { label: "Type", sort: "type", cell: (field) => <Badge>{TYPE_LABELS[field.type]}</Badge> },
    {
      label: "Label at checkout",
      cellClassName: "max-w-64 truncate",
      cell: (field) => (typeof field.properties.form_label === "string" ? field.properties.form_label : "—"),
    },
  ],
  emptyText: "Create one to ask buyers a question at checkout.",
});
