"use client";
// /dashboard/<org>/discounts: the organization's discounts, searched by name or code, sorted and
// paged through the URL; each links to its edit page.
import { discounts, type DiscountResource } from "../hooks/catalog";
import { catalogListPage } from "../kit/catalog-list-page";
import { Badge } from "../ui/misc";
import { DISCOUNT_SORT_FIELDS, discountValue, durationText } from "./logic";

export const DiscountsPage = catalogListPage<DiscountResource>({
  hooks: discounts,
  sortFields: DISCOUNT_SORT_FIELDS,
  description: "Codes and automatic discounts your checkouts can apply.",
  search: "Name or code",
  columns: [
    { label: "Name", sort: "name", link: true, cell: (discount) => discount.name },
    {
      label: "Code",
      sort: "code",
      cell: (discount) =>
        discount.code ? <span className="font-mono">{discount.code}</span> : <Badge>No code</Badge>,
    },
    { label: "Value", cellClassName: "whitespace-nowrap", cell: discountValue },
    { label: "Duration", cell: durationText },
    {
      label: "Redeemed",
      sort: "redemptions_count",
      defaultDirection: "desc",
      cellClassName: "whitespace-nowrap",
      cell: (discount) =>
        `${discount.redemptions_count}${discount.max_redemptions !== null ? ` / ${discount.max_redemptions}` : ""}`,
    },
  ],
  emptyText: "Create one to offer a code or a reduced price.",
});
