"use client";
// /dashboard/<org>/products: the organization's products with their prices, searched by name,
// filtered (archived, one-time or subscription), sorted and paged through the URL.
import Link from "next/link";
import { formatDate } from "../format";
import { products } from "../hooks/products";
import { oneOf } from "../license-keys/logic";
import { PAGE_SIZE, useListView } from "../list-view";
import { SearchBox } from "../kit/search-box";
import { useOrganization, useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { inputClass } from "../ui/field";
import { ListBody } from "../kit/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { PRODUCT_SORT_FIELDS, priceSummary } from "./logic";

const YES_NO = ["true", "false"] as const;

export function ProductsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(PRODUCT_SORT_FIELDS, ["name"]);
  const archived = oneOf(view.url.get("archived"), YES_NO);
  const recurring = oneOf(view.url.get("recurring"), YES_NO);
  const list = products.useList({
    organization_id: organization.id,
    query: view.query,
    is_archived: archived,
    is_recurring: recurring,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });
  const filtered = Boolean(view.query || recurring || archived);

  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <Link href={orgPath("/products/new")} className={buttonClasses("primary")}>
            New product
          </Link>
        }
      >
        What {organization.name} sells, with its prices and benefits.
      </PageHeader>
      <div role="search" aria-label="Search products" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="max-w-md flex-1">
          <SearchBox
            label="Search"
            placeholder="Product name"
            value={view.query ?? null}
            onChange={(query) => view.url.update({ query })}
          />
        </div>
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          Status
          <select
            className={`${inputClass} mt-1 w-36`}
            value={archived ?? ""}
            onChange={(event) => view.url.update({ archived: event.target.value || null })}
          >
            <option value="">All</option>
            <option value="false">Active</option>
            <option value="true">Archived</option>
          </select>
        </label>
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          Billing
          <select
            className={`${inputClass} mt-1 w-40`}
            value={recurring ?? ""}
            onChange={(event) => view.url.update({ recurring: event.target.value || null })}
          >
            <option value="">One-time and subscriptions</option>
            <option value="false">One-time</option>
            <option value="true">Subscriptions</option>
          </select>
        </label>
      </div>
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={4}
        filtered={filtered}
        onClearFilters={() => view.url.update({ query: null, archived: null, recurring: null })}
        empty={{ title: "No products yet", text: "Create one to start selling." }}
      >
        {(rows) => (
          <Table label="Products">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="name" label="Name" {...view.sortProps} />
                <SortableTh field="price_amount" label="Prices" {...view.sortProps} />
                <Th>Benefits</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((product) => (
                <tr key={product.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-72`}>
                    <Link href={orgPath(`/products/${product.id}`)} className={`${linkClass} font-medium`}>
                      {product.name}
                    </Link>{" "}
                    {product.is_recurring ? <Badge tone="blue">Subscription</Badge> : null}{" "}
                    {product.is_archived ? <Badge tone="amber">Archived</Badge> : null}
                  </td>
                  <td className={cellClass}>{priceSummary(product)}</td>
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
