// The printable receipt (issue 13): a pure render of the receipt view model (lib/receipts/receipt.ts),
// the same content as the PDF. Light colors on paper whatever the screen's theme.
// In the receipt's own language (docs/i18n.md): rendered on the server only.
import type { ReceiptView } from "@/lib/receipts/receipt";
import { translator } from "@/lib/i18n/translate";
import { PrintButton } from "./print-button";

type Props = { receipt: ReceiptView; pdfHref: string };

export function ReceiptDocument({ receipt, pdfHref }: Props) {
  const { buyer, seller } = receipt;
  const tr = translator(receipt.locale);
  return (
    <main lang={receipt.locale} className="mx-auto max-w-3xl px-5 py-10 print:max-w-none print:p-0">
      <nav aria-label={tr.t("receipt.actions")} className="mb-6 flex justify-end gap-3 print:hidden">
        <PrintButton label={tr.t("receipt.print")} />
        <a
          href={pdfHref}
          className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:hover:bg-zinc-900"
        >
          {tr.t("receipt.downloadPdf")}
        </a>
      </nav>
      <article className="rounded-2xl border border-zinc-200 bg-white p-8 text-zinc-900 shadow-sm print:rounded-none print:border-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <h1 className="text-2xl font-semibold">{tr.t("receipt.title")}</h1>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-500">{tr.t("receipt.number")}</dt>
            <dd className="font-medium" data-testid="receipt-number">
              {receipt.invoiceNumber}
            </dd>
            <dt className="text-zinc-500">{tr.t("receipt.date")}</dt>
            <dd>
              <time dateTime={receipt.issuedAt}>{receipt.issuedOn}</time>
            </dd>
            <dt className="text-zinc-500">{tr.t("receipt.status")}</dt>
            <dd>{receipt.paymentStatus}</dd>
          </dl>
        </header>

        <div className="mt-8 grid gap-6 text-sm sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="receipt-from">
            <h2 id="receipt-from" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
              {tr.t("receipt.from")}
            </h2>
            <p className="mt-1 font-medium">{seller.name}</p>
            {seller.email ? <p>{seller.email}</p> : null}
          </section>
          <section aria-labelledby="receipt-to">
            <h2 id="receipt-to" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
              {tr.t("receipt.billedTo")}
            </h2>
            {buyer.name ? <p className="mt-1 font-medium">{buyer.name}</p> : null}
            <p className={buyer.name ? undefined : "mt-1"}>{buyer.email}</p>
            {buyer.addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {buyer.taxId ? <p>{tr.t("receipt.taxId", { taxId: buyer.taxId })}</p> : null}
          </section>
        </div>

        <table className="mt-8 w-full text-sm">
          <caption className="sr-only">{tr.t("receipt.caption")}</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs tracking-wide text-zinc-500 uppercase">
              <th scope="col" className="py-2 font-semibold">
                {tr.t("receipt.description")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {tr.t("receipt.amountIn", { currency: receipt.currency })}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.description} className="border-b border-zinc-200">
                <td className="py-3">
                  <span className="font-medium">{line.description}</span>
                  {line.detail ? <span className="block text-xs text-zinc-500">{line.detail}</span> : null}
                </td>
                <td className="py-3 text-right tabular-nums">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {receipt.totals.map((row) => (
              <tr key={row.label} className={row.strong ? "font-semibold" : undefined}>
                <th scope="row" className={`pt-2 text-right ${row.strong ? "font-semibold" : "font-normal"}`}>
                  {row.label}
                </th>
                <td className="pt-2 pl-6 text-right tabular-nums">{row.value}</td>
              </tr>
            ))}
          </tfoot>
        </table>

        {receipt.reverseCharge ? (
          <section className="mt-8 text-sm" aria-label={tr.t("common.reverseCharge")}>
            <p>{receipt.reverseCharge.note}.</p>
            {receipt.reverseCharge.sellerVatId ? (
              <p>{tr.t("receipt.sellerVatId", { id: receipt.reverseCharge.sellerVatId })}</p>
            ) : null}
            {receipt.reverseCharge.buyerVatId ? (
              <p>{tr.t("receipt.buyerVatId", { id: receipt.reverseCharge.buyerVatId })}</p>
            ) : null}
          </section>
        ) : null}

        <footer className="mt-10 text-xs text-zinc-500">
          <p>{tr.t("receipt.orderId", { id: receipt.orderId })}</p>
          {seller.email ? <p>{tr.t("receipt.questions", { email: seller.email })}</p> : null}
        </footer>
      </article>
    </main>
  );
}
