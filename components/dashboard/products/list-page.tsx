"use client";
// /dashboard/<org>/products: the organization's products with their prices, searched by name,
// filtered (archived, one-time or subscription), sorted and paged through the URL.
import { formatDate } from "../format";
import { products, type ProductResource } from "../hooks/catalog";
import { createdColumn, RowLink, type Column } from "../kit/data-table";
import { RecordListPage } from "../kit/list-page";
import { oneOfParser, useListView } from "../list-view";
import { useOrganization, useOrgPath } from "../organization";
import { Badge } from "../ui/misc";
import { PRODUCT_SORT_FIELDS, priceSummary } from "./logic";

const YES_NO = ["true", "false"] as const;

/** A yes/no filter of the toolbar: the URL's `name`, the labels of its "no" and "yes" options. */
const yesNo = (
  name: "archived" | "recurring",
  label: string,
  allLabel: string,
  [no, yes]: [string, string],
  width: string,
) => ({
  name,
  label,
  allLabel,
  width,
  options: [
    { value: "false", label: no },
    { value: "true", label: yes },
  ],
});

const YES_NO_FILTERS = [
  yesNo("archived", "Status", "All", ["Active", "Archived"], "w-36"),
  yesNo("recurring", "Billing", "One-time and subscriptions", ["One-time", "Subscriptions"], "w-44"),
];

export function ProductsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(PRODUCT_SORT_FIELDS, ["name"], {
    filters: { archived: oneOfParser(YES_NO), recurring: oneOfParser(YES_NO) },
  });
  const { archived, recurring, ...params } = view.params;
  const list = products.useList({ ...params, is_archived: archived, is_recurring: recurring });
  const columns: Column<ProductResource>[] = [
    {
      label: "Name",
      sort: "name",
      cellClassName: "max-w-72",
      cell: (product) => (
        <>
          <RowLink href={orgPath(`/products/${product.id}`)}>
            <span className="font-medium">{product.name}</span>
          </RowLink>{" "}
          {product.is_recurring ? <Badge tone="blue">Subscription</Badge> : null}{" "}
          {product.is_archived ? <Badge tone="amber">Archived</Badge> : null}
        </>
      ),
    },
    { label: "Prices", sort: "price_amount", cell: priceSummary },
    {
      label: "Benefits",
      cellClassName: "max-w-64 truncate",
      cell: (product) => product.benefits.map((benefit) => benefit.description).join(", ") || "—",
    },
    createdColumn(formatDate),
  ];

  return (
    <RecordListPage
      title="Products"
      description={`What ${organization.name} sells, with its prices and benefits.`}
      records={{ path: "/products", noun: "product" }}
      search={{ placeholder: "Product name" }}
      selects={YES_NO_FILTERS}
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No products yet", text: "Create one to start selling." }}
    />
  );
}
