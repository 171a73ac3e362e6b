"use client";
// The orders table. Each row is one link (the date, stretched over the whole row), so a row is one
// Tab stop and opens like any link (middle-click, new tab).
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { formatDate, formatDateTime } from "../format";
import type { Order } from "../hooks/orders";
import { useOrgPath } from "../organization";
import { bodyRowClass, cellClass, headerRowClass, SortableTh, Table, Th } from "../ui/table";
import { TypeBadge } from "./type-badge";

type Props = {
  orders: Order[];
  sorting: string[];
  onSortingChange: (sorting: string[]) => void;
};

export function OrdersTable({ orders, sorting, onSortingChange }: Props) {
  const orgPath = useOrgPath();
  const sortable = { sorting, onSortingChange };
  return (
    <Table label="Orders">
      <thead>
        <tr className={headerRowClass}>
          <SortableTh field="created_at" label="Date" defaultDirection="desc" {...sortable} />
          <Th>Number</Th>
          <SortableTh field="customer" label="Customer" {...sortable} />
          <SortableTh field="product" label="Product" {...sortable} />
          <Th>Type</Th>
          <SortableTh field="discount" label="Discount" {...sortable} />
          <SortableTh
            field="amount"
            label="Amount"
            defaultDirection="desc"
            className="text-right"
            {...sortable}
          />
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr
            key={order.id}
            className={`${bodyRowClass} relative has-[a:focus-visible]:bg-indigo-50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-indigo-500 dark:has-[a:focus-visible]:bg-indigo-950/40`}
          >
            <td className={`${cellClass} whitespace-nowrap`}>
              <Link
                href={orgPath(`/orders/${order.id}`)}
                className="font-medium text-indigo-700 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none dark:text-indigo-300"
                aria-label={`Order of ${formatDateTime(order.created_at)} by ${order.customer.email}`}
              >
                {formatDate(order.created_at)}
                <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400">
                  {new Date(order.created_at).toLocaleTimeString(undefined, { timeStyle: "short" })}
                </span>
              </Link>
            </td>
            <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{order.invoice_number}</td>
            <td className={`${cellClass} max-w-[14rem] truncate`} title={order.customer.email}>
              {order.customer.email}
            </td>
            <td className={cellClass}>{order.product.name}</td>
            <td className={cellClass}>
              <TypeBadge type={order.product_price.type} />
            </td>
            <td className={cellClass}>
              {order.discount ? (
                <span title={order.discount.name}>{order.discount.code ?? order.discount.name}</span>
              ) : (
                <span className="text-zinc-400 dark:text-zinc-500">—</span>
              )}
            </td>
            <td className={`${cellClass} text-right font-medium whitespace-nowrap tabular-nums`}>
              {formatMoney(order.amount, order.currency)}
              {order.status !== "paid" ? (
                <span className="block text-xs font-normal text-amber-700 dark:text-amber-400">
                  {order.status === "refunded" ? "Refunded" : "Partially refunded"}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
