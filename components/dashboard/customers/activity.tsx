"use client";
// A customer's orders (GET /v1/orders/?customer_id=) and license keys
// (GET /v1/license-keys?customer_id=), newest first, a page of each with links to the full lists.
import { formatMoney } from "@/lib/money";
import { formatDate } from "../format";
import { useLicenseKeys } from "../hooks/license-keys";
import { useOrders } from "../hooks/orders";
import { RowLink } from "../kit/list-page";
import { SectionList, useSection } from "../kit/section-list";
import { LicenseKeyStatusBadge } from "../license-keys/status-badge";
import { useOrgPath } from "../organization";

export function CustomerOrders({ customerId }: { customerId: string }) {
  const orgPath = useOrgPath();
  const section = useSection({ customer_id: customerId }, ["-created_at"]);
  const orders = useOrders(section.params);
  return (
    <SectionList
      title="Orders"
      all={{ href: orgPath(`/orders?customer_id=${customerId}`), label: "All in Orders" }}
      list={orders}
      {...section.paging}
      label="Orders of this customer"
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
  const section = useSection({ customer_id: customerId }, ["-created_at"]);
  const keys = useLicenseKeys(section.params);
  return (
    <SectionList
      title="License keys"
      all={{ href: orgPath(`/license-keys?customer_id=${customerId}`), label: "All in License keys" }}
      list={keys}
      {...section.paging}
      label="License keys of this customer"
      empty="No license keys"
      columns={[
        {
          label: "Key",
          cellClassName: "font-mono",
          cell: (key) => <RowLink href={orgPath(`/license-keys/${key.id}`)}>{key.display_key}</RowLink>,
        },
        { label: "Status", cell: (key) => <LicenseKeyStatusBadge status={key.status} /> },
        { label: "Issued", cellClassName: "whitespace-nowrap", cell: (key) => formatDate(key.created_at) },
      ]}
    />
  );
}
