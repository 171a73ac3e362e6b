"use client";
// An order's invoice in the portal (docs/invoices.md): its PDF once issued; before that, a
// "Request invoice" button (a paid order only) that issues it with the order's billing details as
// they are, which lock from then on. A refusal (no billing name or address) is said beside it.
import { useTranslator } from "@/components/i18n/translator-context";
import type { PortalOrder } from "./api";
import { useRequestInvoice } from "./hooks";
import { LINK } from "./ui";

export function OrderInvoiceLink({ order, number }: { order: PortalOrder; number: string }) {
  const request = useRequestInvoice();
  const tr = useTranslator();
  if (order.invoice_url) {
    return (
      <a href={order.invoice_url} target="_blank" rel="noopener" className={LINK}>
        {tr.t("portal.invoice")}
        <span className="sr-only"> {tr.t("portal.receiptFor", { number })}</span>
      </a>
    );
  }
  if (order.total_amount <= 0) return null;
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <button
        type="button"
        className={LINK}
        disabled={request.isPending}
        onClick={() => request.mutate(order.id)}
      >
        {request.isPending ? tr.t("portal.requestingInvoice") : tr.t("portal.requestInvoice")}
        <span className="sr-only"> {tr.t("portal.receiptFor", { number })}</span>
      </button>
      {request.error ? (
        <span role="alert" className="text-red-600 dark:text-red-400">
          {request.error.message}
        </span>
      ) : null}
    </span>
  );
}
