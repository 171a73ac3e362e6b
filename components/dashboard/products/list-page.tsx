"use client";
// /dashboard/<org>/products: the organization's products with their prices (read-only for now:
// creating and editing products comes with the catalog's product routes).
import { formatMoney } from "@/lib/money";
import { formatDate } from "../format";
import { products, type ProductResource } from "../hooks/products";
import { PAGE_SIZE, useListView } from "../list-view";
import { SearchBox } from "../orders/search-box";
import { useOrganization } from "../organization";
import { ListBody } from "../ui/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, SortableTh, Table, Th } from "../ui/table";

const SORT_FIELDS = ["created_at", "name"] as const;

/** "$10.00", "$5.00 / month", "Pay what you want", "Free": one price of the product. */
function priceText(price: ProductResource["prices"][number]): string {
  if (price.amount_type === "free") return "Free";
  if (price.amount_type === "custom") return "Pay what you want";
  const interval = price.recurring_interval ? ` / ${price.recurring_interval}` : "";
  return `${formatMoney(price.price_amount ?? 0, price.price_currency)}${interval}`;
}

export function ProductsPage() {
  const organization = useOrganization();
  const view = useListView(SORT_FIELDS, ["name"]);
  const list = products.useList({
    organization_id: organization.id,
    query: view.query,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });
  return (
    <>
      <PageHeader title="Products">What {organization.name} sells, with its prices and benefits.</PageHeader>
      <div role="search" aria-label="Search products" className="mb-4 flex max-w-md">
        <SearchBox
          label="Search"
          placeholder="Product name"
          value={view.query ?? null}
          onChange={(query) => view.url.update({ query })}
        />
      </div>
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={4}
        filtered={Boolean(view.query)}
        onClearFilters={() => view.url.update({ query: null })}
        empty={{ title: "No products yet" }}
      >
        {(rows) => (
          <Table label="Products">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="name" label="Name" {...view.sortProps} />
                <Th>Prices</Th>
                <Th>Benefits</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((product) => (
                <tr key={product.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-72`}>
                    <span className="font-medium">{product.name}</span>{" "}
                    {product.is_recurring ? <Badge tone="blue">Subscription</Badge> : null}{" "}
                    {product.is_archived ? <Badge tone="amber">Archived</Badge> : null}
                  </td>
                  <td className={cellClass}>{product.prices.map(priceText).join(", ") || "—"}</td>
                  <td className={`${cellClass} max-w-64 truncate`}>
                    {product.benefits.map((benefit) => benefit.description).join(", ") || "—"}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(product.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
