"use client";
// /dashboard/<org>/discounts: the organization's discounts, searched by name or code, sorted and
// paged through the URL; each links to its edit page.
import Link from "next/link";
import { formatDate } from "../format";
import { discounts } from "../hooks/discounts";
import { PAGE_SIZE, useListView } from "../list-view";
import { SearchBox } from "../orders/search-box";
import { useOrganization, useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { ListBody } from "../ui/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { DISCOUNT_SORT_FIELDS, discountValue, durationText } from "./logic";

export function DiscountsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(DISCOUNT_SORT_FIELDS, ["-created_at"]);
  const list = discounts.useList({
    organization_id: organization.id,
    query: view.query,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title="Discounts"
        actions={
          <Link href={orgPath("/discounts/new")} className={buttonClasses("primary")}>
            New discount
          </Link>
        }
      >
        Codes and automatic discounts your checkouts can apply.
      </PageHeader>
      <div role="search" aria-label="Search discounts" className="mb-4 flex max-w-md">
        <SearchBox
          label="Search"
          placeholder="Name or code"
          value={view.query ?? null}
          onChange={(query) => view.url.update({ query })}
        />
      </div>
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={6}
        filtered={Boolean(view.query)}
        onClearFilters={() => view.url.update({ query: null })}
        empty={{ title: "No discounts yet", text: "Create one to offer a code or a reduced price." }}
      >
        {(rows) => (
          <Table label="Discounts">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="name" label="Name" {...view.sortProps} />
                <SortableTh field="code" label="Code" {...view.sortProps} />
                <Th>Value</Th>
                <Th>Duration</Th>
                <SortableTh
                  field="redemptions_count"
                  label="Redeemed"
                  defaultDirection="desc"
                  {...view.sortProps}
                />
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((discount) => (
                <tr key={discount.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-64 truncate`}>
                    <Link href={orgPath(`/discounts/${discount.id}`)} className={linkClass}>
                      {discount.name}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    {discount.code ? (
                      <span className="font-mono">{discount.code}</span>
                    ) : (
                      <Badge>No code</Badge>
                    )}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{discountValue(discount)}</td>
                  <td className={cellClass}>{durationText(discount)}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {discount.redemptions_count}
                    {discount.max_redemptions !== null ? ` / ${discount.max_redemptions}` : ""}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(discount.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
