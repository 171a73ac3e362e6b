"use client";
// The order page's "Invoice" card (docs/invoices.md): before the invoice, "Generate invoice" after
// a confirmation that says the billing details lock; after it, the invoice and each refund's credit
// note with links to their page and PDF (signed links: they open without the session).
import { formatDate } from "../format";
import type { Order } from "../hooks/orders";
import { useGenerateInvoice, useOrderDocuments, type OrderDocument } from "../hooks/invoices";
import { ConfirmButton } from "../kit/confirm-dialog";
import { Card } from "../ui/misc";

const KIND_LABELS: Record<OrderDocument["kind"], string> = { invoice: "Invoice", credit_note: "Credit note" };

export function OrderInvoice({ order }: { order: Order }) {
  const refunded = order.refunded_amount + order.refunded_tax_amount > 0;
  const documents = useOrderDocuments(
    order.id,
    // A refund waits for its credit note (the job runs right after the refund settles).
    (list) => refunded && list.items.length === 1,
  );
  const generate = useGenerateInvoice(order.id);
  const items = documents.data?.items ?? [];
  return (
    <Card title="Invoice">
      {documents.isPending ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : documents.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {documents.error.message}
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-300">No invoice issued yet.</p>
          <ConfirmButton
            label="Generate invoice"
            title={`Issue invoice ${order.invoice_number}?`}
            confirmLabel="Issue invoice"
            action={generate}
            onConfirm={(close) => generate.mutate(undefined, { onSuccess: close })}
          >
            The invoice is issued once, to {order.billing_name ?? order.customer.email}, with the billing
            address as it is now. It never changes afterwards, and the order&apos;s billing details can no
            longer be corrected.
          </ConfirmButton>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Invoice and credit notes">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                {KIND_LABELS[item.kind]} <strong>{item.number}</strong>{" "}
                <span className="text-zinc-500">· {formatDate(String(item.issued_at))}</span>
              </span>
              <span className="flex gap-3">
                <a href={item.html_url} target="_blank" rel="noreferrer" className="underline">
                  Open
                </a>
                <a href={item.url} target="_blank" rel="noreferrer" className="underline">
                  PDF
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
