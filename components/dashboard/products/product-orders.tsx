"use client";
// The product's latest orders (GET /v1/orders/?product_id=), with a link to all of them.
import Link from "next/link";
import { useState } from "react";
import { useOrders } from "../hooks/orders";
import { OrdersTable } from "../orders/orders-table";
import { useOrganization, useOrgPath } from "../organization";
import { Card } from "../ui/misc";
import { EmptyState, ErrorState, TableSkeleton } from "../ui/states";
import { linkClass } from "../ui/table";

const SHOWN = 10;

export function ProductOrders({ productId }: { productId: string }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const [sorting, setSorting] = useState<string[]>(["-created_at"]);
  const orders = useOrders({
    organization_id: organization.id,
    product_id: productId,
    sorting,
    limit: SHOWN,
  });
  const total = orders.data?.pagination.total_count ?? 0;
  return (
    <Card
      title="Orders"
      actions={
        total > SHOWN ? (
          <Link href={orgPath(`/orders?product_id=${encodeURIComponent(productId)}`)} className={linkClass}>
            All {total} orders
          </Link>
        ) : null
      }
    >
      {orders.isPending ? (
        <TableSkeleton columns={6} rows={3} />
      ) : orders.isError ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title="No orders yet" />
      ) : (
        <OrdersTable orders={orders.data.items} sorting={sorting} onSortingChange={setSorting} />
      )}
    </Card>
  );
}
