"use client";
// /dashboard/<org>/discounts: the organization's discounts, searched by name or code, sorted and
// paged through the URL; each links to its edit page.
import { formatDate } from "../format";
import { discounts, type DiscountResource } from "../hooks/discounts";
import { createdColumn, type Column } from "../kit/data-table";
import { RecordListPage } from "../kit/list-page";
import { useListView } from "../list-view";
import { Badge } from "../ui/misc";
import { DISCOUNT_SORT_FIELDS, discountValue, durationText } from "./logic";

export function DiscountsPage() {
  const view = useListView(DISCOUNT_SORT_FIELDS, ["-created_at"]);
  const list = discounts.useList(view.params);
  const columns: Column<DiscountResource>[] = [
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
    createdColumn(formatDate),
  ];

  return (
    <RecordListPage
      title="Discounts"
      description="Codes and automatic discounts your checkouts can apply."
      records={{ path: "/discounts", noun: "discount" }}
      search={{ placeholder: "Name or code" }}
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No discounts yet", text: "Create one to offer a code or a reduced price." }}
    />
  );
}
