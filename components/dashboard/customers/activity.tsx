"use client";
// A customer's orders (GET /v1/orders/?customer_id=) and license keys
// (GET /v1/license-keys?customer_id=), newest first, a page of each with links to the full lists.
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { formatDate } from "../format";
import { useLicenseKeys } from "../hooks/license-keys";
import { useOrders } from "../hooks/orders";
import { LicenseKeyStatusBadge } from "../license-keys/status-badge";
import { useOrganization, useOrgPath } from "../organization";
import { ListBody } from "../ui/list-body";
import { Card } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, Table, Th } from "../ui/table";
import { useState } from "react";

const LIMIT = 10;

export function CustomerOrders({ customerId }: { customerId: string }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const [page, setPage] = useState(1);
  const orders = useOrders({
    organization_id: organization.id,
    customer_id: customerId,
    sorting: ["-created_at"],
    page,
    limit: LIMIT,
  });
  return (
    <Card
      title="Orders"
      actions={
        <Link href={orgPath(`/orders?customer_id=${customerId}`)} className={`${linkClass} text-sm`}>
          All in Orders
        </Link>
      }
    >
      <ListBody
        list={orders}
        page={page}
        limit={LIMIT}
        onPageChange={(next) => setPage(next ?? 1)}
        columns={4}
        filtered={false}
        empty={{ title: "No orders yet" }}
      >
        {(rows) => (
          <Table label="Orders of this customer">
            <thead>
              <tr className={headerRowClass}>
                <Th>Date</Th>
                <Th>Product</Th>
                <Th>Status</Th>
                <Th className="text-right">Amount</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <tr key={order.id} className={bodyRowClass}>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    <Link href={orgPath(`/orders/${order.id}`)} className={linkClass}>
                      {formatDate(order.created_at)}
                    </Link>
                  </td>
                  <td className={cellClass}>{order.product.name}</td>
                  <td className={cellClass}>{order.status.replace("_", " ")}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>
                    {formatMoney(order.amount, order.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </Card>
  );
}

export function CustomerLicenseKeys({ customerId }: { customerId: string }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const [page, setPage] = useState(1);
  const keys = useLicenseKeys({
    organization_id: organization.id,
    customer_id: customerId,
    sorting: ["-created_at"],
    page,
    limit: LIMIT,
  });
  return (
    <Card
      title="License keys"
      actions={
        <Link href={orgPath(`/license-keys?customer_id=${customerId}`)} className={`${linkClass} text-sm`}>
          All in License keys
        </Link>
      }
    >
      <ListBody
        list={keys}
        page={page}
        limit={LIMIT}
        onPageChange={(next) => setPage(next ?? 1)}
        columns={3}
        filtered={false}
        empty={{ title: "No license keys" }}
      >
        {(rows) => (
          <Table label="License keys of this customer">
            <thead>
              <tr className={headerRowClass}>
                <Th>Key</Th>
                <Th>Status</Th>
                <Th>Issued</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((key) => (
                <tr key={key.id} className={bodyRowClass}>
                  <td className={cellClass}>
                    <Link href={orgPath(`/license-keys/${key.id}`)} className={`${linkClass} font-mono`}>
                      {key.display_key}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    <LicenseKeyStatusBadge status={key.status} />
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(key.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </Card>
  );
}
