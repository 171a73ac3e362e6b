"use client";
// /dashboard/<org>/customers: the organization's customers, searched by email or name, sorted and
// paged through the URL; each links to the customer's page.
import Link from "next/link";
import { formatDate } from "../format";
import { customers } from "../hooks/customers";
import { PAGE_SIZE, useListView } from "../list-view";
import { SearchBox } from "../orders/search-box";
import { useOrganization, useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { ListBody } from "../ui/list-body";
import { PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { CUSTOMER_SORT_FIELDS } from "./logic";

export function CustomersPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(CUSTOMER_SORT_FIELDS, ["-created_at"]);
  const list = customers.useList({
    organization_id: organization.id,
    query: view.query,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          <Link href={orgPath("/customers/new")} className={buttonClasses("primary")}>
            New customer
          </Link>
        }
      >
        Everyone who bought from {organization.name}, and customers you added.
      </PageHeader>
      <div role="search" aria-label="Search customers" className="mb-4 flex max-w-md">
        <SearchBox
          label="Search"
          placeholder="Email or name"
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
        empty={{ title: "No customers yet", text: "Customers appear here after their first checkout." }}
      >
        {(rows) => (
          <Table label="Customers">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="email" label="Email" {...view.sortProps} />
                <SortableTh field="name" label="Name" {...view.sortProps} />
                <Th>Country</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((customer) => (
                <tr key={customer.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-72 truncate`}>
                    <Link href={orgPath(`/customers/${customer.id}`)} className={linkClass}>
                      {customer.email}
                    </Link>
                  </td>
                  <td className={`${cellClass} max-w-56 truncate`}>{customer.name ?? "—"}</td>
                  <td className={cellClass}>{customer.billing_address?.country ?? "—"}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(customer.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
