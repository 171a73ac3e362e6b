"use client";
// The five latest orders, each a link to its page.
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import { useOrders } from "../hooks/orders";
import { useOrganization, useOrgPath } from "../organization";
import { Card } from "../ui/misc";
import { EmptyState, ErrorState, Skeleton } from "../ui/states";
import { TypeBadge } from "../orders/type-badge";

export function RecentOrders() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const orders = useOrders({ organization_id: organization.id, limit: 5 });

  return (
    <Card
      title="Recent orders"
      actions={
        <Link
          href={orgPath("/orders")}
          className="rounded text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
        >
          View all orders
        </Link>
      }
    >
      {orders.isPending ? (
        <div role="status" aria-label="Loading recent orders" className="space-y-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : orders.isError ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title="No orders yet">Orders appear here as soon as a buyer pays.</EmptyState>
      ) : (
        <ul aria-label="Recent orders" className="-mx-2 divide-y divide-zinc-100 dark:divide-zinc-800">
          {orders.data.items.map((order) => (
            <li key={order.id}>
              <Link
                href={orgPath(`/orders/${order.id}`)}
                className="flex items-center justify-between gap-4 rounded-md px-2 py-2.5 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800/60"
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{order.customer.email}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    {order.product.name} · {formatDateTime(order.created_at)}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-3">
                  <TypeBadge type={order.product_price.type} />
                  <span className="w-20 text-right text-sm font-medium tabular-nums">
                    {formatMoney(order.amount, order.currency)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
