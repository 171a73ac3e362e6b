"use client";
// A customer's orders (GET /v1/orders/?customer_id=) and license keys
// (GET /v1/license-keys?customer_id=), newest first, a page of each with links to the full lists.
import type { UseQueryResult } from "@tanstack/react-query";
import type { Page } from "@/components/api-client";
import { formatMoney } from "@/lib/money";
import { formatDate } from "../format";
import { useLicenseKeys, type LicenseKey } from "../hooks/license-keys";
import { useOrders } from "../hooks/orders";
import type { ListParams } from "../hooks/resource";
import { dateColumn, type Column } from "../kit/data-table";
import { RowLink } from "../kit/list-page";
import { SectionList, useSection } from "../kit/section-list";
import { LicenseKeyStatusBadge } from "../license-keys/status-badge";
import { useOrgPath } from "../organization";

export function CustomerOrders({ customerId }: { customerId: string }) {
  const orgPath = useOrgPath();
  return (
    <CustomerSection
      customerId={customerId}
      title="Orders"
      path="/orders"
      useList={useOrders}
      empty="No orders yet"
      columns={[
        {
          label: "Date",
          cellClassName: "whitespace-nowrap",
          cell: (order) => (
            <RowLink href={orgPath(`/orders/${order.id}`)}>{formatDate(order.created_at)}</RowLink>
          ),
        },
        { label: "Product", cell: (order) => order.product.name },
        { label: "Status", cell: (order) => order.status.replace("_", " ") },
        {
          label: "Amount",
          className: "text-right",
          cellClassName: "tabular-nums",
          cell: (order) => formatMoney(order.amount, order.currency),
        },
      ]}
    />
  );
}

export function CustomerLicenseKeys({ customerId }: { customerId: string }) {
  const orgPath = useOrgPath();
  return (
    <CustomerSection
      customerId={customerId}
      title="License keys"
      path="/license-keys"
      useList={useLicenseKeys}
      empty="No license keys"
      columns={[
        {
          label: "Key",
          cellClassName: "font-mono",
          cell: (key) => <RowLink href={orgPath(`/license-keys/${key.id}`)}>{key.display_key}</RowLink>,
        },
        { label: "Status", cell: (key) => <LicenseKeyStatusBadge status={key.status} /> },
        dateColumn<LicenseKey>("Issued", (key) => key.created_at, formatDate),
      ]}
    />
  );
}

/** A page of the customer's records of one kind, newest first (by `sorting`), with a link to the
 * whole list filtered to the customer when that list has such a filter (`path`). */
export function CustomerSection<T>({
  customerId,
  title,
  path,
  sorting = ["-created_at"],
  useList,
  empty,
  columns,
}: {
  customerId: string;
  title: string;
  /** The full list's page in the organization. */
  path?: string;
  sorting?: string[];
  useList: (params: ListParams) => UseQueryResult<Page<T>>;
  empty: string;
  columns: Column<T>[];
}) {
  const orgPath = useOrgPath();
  const section = useSection({ customer_id: customerId }, sorting);
  const list = useList(section.params);
  return (
    <SectionList
      title={title}
      all={
        path ? { href: orgPath(`${path}?customer_id=${customerId}`), label: `All in ${title}` } : undefined
      }
      list={list}
      {...section.paging}
      label={`${title} of this customer`}
      empty={empty}
      columns={columns}
    />
  );
}
