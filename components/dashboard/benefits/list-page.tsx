"use client";
// /dashboard/<org>/benefits: what products grant their buyers, filtered by type and searched by
// description, sorted and paged through the URL; each links to its edit page.
import { benefits, type BenefitResource } from "../hooks/catalog";
import { catalogListPage } from "../kit/catalog-list-page";
import { labelledOptions } from "../kit/select-filter";
import { Badge } from "../ui/misc";
import { BENEFIT_SORT_FIELDS, BENEFIT_TYPE_LABELS, BENEFIT_TYPES, benefitSummary } from "./logic";

const TYPE_SELECT = {
  name: "type",
  label: "Type",
  allLabel: "All types",
  options: labelledOptions(BENEFIT_TYPES, BENEFIT_TYPE_LABELS),
};

export const BenefitsPage = catalogListPage<BenefitResource>({
  hooks: benefits,
  sortFields: BENEFIT_SORT_FIELDS,
  description: "What buyers get with a product: license keys or a custom note.",
  search: "Description",
  selects: [TYPE_SELECT],
  columns: [
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
  ],
  emptyText: "Create one to give buyers license keys or a note.",
});
