"use client";
// /dashboard/<org>/customers: the organization's customers, searched by email or name, sorted and
// paged through the URL; each links to the customer's page. Export CSV downloads what the search finds.
import { formatDate } from "../format";
import { customers, customersExportUrl, type CustomerResource } from "../hooks/customers";
import { createdColumn, type Column } from "../kit/data-table";
import { RecordListPage } from "../kit/list-page";
import { useListView } from "../list-view";
import { useOrganization } from "../organization";
import { buttonClasses } from "../ui/button";
import { CUSTOMER_SORT_FIELDS } from "./logic";

export function CustomersPage() {
  const organization = useOrganization();
  const view = useListView(CUSTOMER_SORT_FIELDS, ["-created_at"]);
  const list = customers.useList(view.params);
  const columns: Column<CustomerResource>[] = [
    {
      label: "Email",
      sort: "email",
      link: true,
      cellClassName: "max-w-72 truncate",
      cell: (row) => row.email,
    },
    {
      label: "Name",
      sort: "name",
      cellClassName: "max-w-56 truncate",
      cell: (customer) => customer.name ?? "—",
    },
    { label: "Country", cell: (customer) => customer.billing_address?.country ?? "—" },
    createdColumn(formatDate),
  ];

  return (
    <RecordListPage
      title="Customers"
      description={`Everyone who bought from ${organization.name}, and customers you added.`}
      records={{ path: "/customers", noun: "customer", emptyLabel: "Add a customer" }}
      action={
        <a href={customersExportUrl(view.params)} download className={buttonClasses("secondary")}>
          Export CSV
        </a>
      }
      search={{ placeholder: "Email or name" }}
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No customers yet", text: "Customers appear here after their first checkout." }}
    />
  );
}
