"use client";
// The orders table's columns for the kit's list page. Each row is one link (the date, stretched
// over the whole row), so a row is one Tab stop and opens like any link (middle-click, new tab).
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { formatDate, formatDateTime } from "../format";
import type { Order } from "../hooks/orders";
import { DataTable, type Column } from "../kit/data-table";
import { useOrgPath } from "../organization";
import { TypeBadge } from "./type-badge";

/** The row is the containing block of its stretched link, and shows its focus. */
export const orderRowProps = () => ({
  className:
    "relative has-[a:focus-visible]:bg-indigo-50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-indigo-500 dark:has-[a:focus-visible]:bg-indigo-950/40",
});

export function orderColumns(orgPath: (path: string) => string): Column<Order>[] {
  return [
    {
      label: "Date",
      sort: "created_at",
      defaultDirection: "desc",
      cellClassName: "whitespace-nowrap",
      cell: (order) => (
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
      ),
    },
    {
      label: "Number",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (order) => order.invoice_number,
    },
    {
      label: "Customer",
      sort: "customer",
      cellClassName: "max-w-[14rem] truncate",
      cell: (order) => <span title={order.customer.email}>{order.customer.email}</span>,
    },
    { label: "Product", sort: "product", cell: (order) => order.product.name },
    { label: "Type", cell: (order) => <TypeBadge type={order.product_price.type} /> },
    {
      label: "Discount",
      sort: "discount",
      cell: (order) =>
        order.discount ? (
          <span title={order.discount.name}>{order.discount.code ?? order.discount.name}</span>
        ) : (
          <span className="text-zinc-400 dark:text-zinc-500">—</span>
        ),
    },
    {
      label: "Amount",
      sort: "amount",
      defaultDirection: "desc",
      className: "text-right",
      cellClassName: "font-medium whitespace-nowrap tabular-nums",
      cell: (order) => (
        <>
          {formatMoney(order.amount, order.currency)}
          {order.status !== "paid" ? (
            <span className="block text-xs font-normal text-amber-700 dark:text-amber-400">
              {order.status === "refunded" ? "Refunded" : "Partially refunded"}
            </span>
          ) : null}
        </>
      ),
    },
  ];
}

/** The orders table on its own (a product's orders), sorted by its headers. */
export function OrdersTable({
  orders,
  sorting,
  onSortingChange,
}: {
  orders: Order[];
  sorting: string[];
  onSortingChange: (sorting: string[]) => void;
}) {
  const orgPath = useOrgPath();
  return (
    <DataTable
      label="Orders"
      rows={orders}
      columns={orderColumns(orgPath)}
      sortProps={{ sorting, onSortingChange }}
      rowProps={orderRowProps}
    />
  );
}
