// Rendering an issued document, once (docs/invoices.md): the PDF and the HTML from its snapshot,
// stored on its row only while none is (`rendered_at IS NULL`), so two renderings racing (the
// issuer after commit, a reader arriving first) keep the first and nothing is ever re-rendered.
// Runs outside any transaction: pdfkit takes a few milliseconds of CPU, and no lock waits on it.
import type { DbOrTx } from "../db/client";
import { translator } from "../i18n/translate";
import { invoiceDocument } from "./content";
import { renderInvoiceHtml } from "./html";
import { renderInvoicePdf } from "./pdf";
import type { InvoiceSnapshot } from "./snapshot";

/** The PDF and the HTML of a snapshot (pure but for pdfkit's stream). */
export async function renderSnapshot(snapshot: InvoiceSnapshot): Promise<{ pdf: Buffer; html: string }> {
  const document = invoiceDocument(snapshot);
  const pdf = await renderInvoicePdf(document, new Date(snapshot.issued_at));
  const html = renderInvoiceHtml(document, translator(snapshot.locale).t("invoice.openPdf"));
  return { pdf, html };
}

/** Renders and stores the document unless it was rendered already. */
export async function renderInvoice(db: DbOrTx, invoiceId: string, now = new Date()): Promise<void> {
  const row = await db.invoice.findUnique({
    where: { id: invoiceId },
    select: { snapshot: true, rendered_at: true },
  });
  if (!row || row.rendered_at) return;
  const { pdf, html } = await renderSnapshot(row.snapshot as InvoiceSnapshot);
  await db.invoice.updateMany({
    where: { id: invoiceId, rendered_at: null },
    data: { pdf: new Uint8Array(pdf), html, rendered_at: now },
  });
}
