"use client";
// The buyer's orders, newest first: number, date, product, total, status (refunds included), the
// receipt as an HTML page and a PDF, and the invoice (or "Request invoice"). A list of cards rather
// than a table: it reads the same on a 375 px phone and to a screen reader.
import { useTranslator } from "@/components/i18n/translator-context";
import { useOrders } from "./hooks";
import { formatDate, orderNumber, orderStatus, orderTotal } from "./format";
import { Badge, Empty, LINK, Panel, QueryState } from "./ui";
import { OrderInvoiceLink } from "./order-invoice";

export function Orders() {
  const tr = useTranslator();
  const orders = useOrders();
  return (
    <Panel title={tr.t("portal.orders")}>
      <QueryState query={orders} what="orders">
        {() =>
          orders.data?.items.length ? (
            <ul aria-label={tr.t("portal.orders")} className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {orders.data.items.map((order) => {
                const status = orderStatus(order, tr);
                const number = orderNumber(order);
                return (
                  <li key={order.id} data-testid="portal-order" className="py-3 first:pt-0 last:pb-0">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <p className="min-w-0 font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">
                        {order.product.name}
                      </p>
                      <p className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                        {orderTotal(order, tr)}
                      </p>
                    </div>
                    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
                      <span className="font-mono">{number}</span>
                      <time dateTime={order.created_at}>{formatDate(order.created_at, tr)}</time>
                      <Badge tone={status.tone}>{status.label}</Badge>
                      {order.refunded_amount > 0 && order.status === "partially_refunded" ? (
                        <span>
                          {tr.t("portal.refunded", {
                            amount: tr.money(order.refunded_amount, order.currency),
                          })}
                        </span>
                      ) : null}
                    </div>
                    <div className="mt-2 flex flex-wrap gap-4 text-sm">
                      <a href={order.receipt_url} target="_blank" rel="noopener" className={LINK}>
                        {tr.t("portal.receipt")}
                        <span className="sr-only"> {tr.t("portal.receiptFor", { number })}</span>
                      </a>
                      <a href={order.receipt_pdf_url} target="_blank" rel="noopener" className={LINK}>
                        {tr.t("portal.pdf")}
                        <span className="sr-only"> {tr.t("portal.pdfFor", { number })}</span>
                      </a>
                      <OrderInvoiceLink order={order} number={number} />
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <Empty>{tr.t("portal.noOrders")}</Empty>
          )
        }
      </QueryState>
    </Panel>
  );
}
