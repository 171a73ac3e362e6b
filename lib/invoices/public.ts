// The buyer's way in to an issued document: a link's token (./links.ts) opens that one invoice or
// credit note, as stored. A document whose rendering did not happen yet (the issuer died between
// its commit and the rendering) is rendered now, once (./render.ts). Anything else is not found.
import { getDb, type DbOrTx } from "../db/client";
import { invoiceIdFromToken } from "./links";
import { renderInvoice } from "./render";

export type StoredInvoice = { kind: string; number: string; pdf: Uint8Array; html: string };

export async function findInvoiceByToken(token: string, db?: DbOrTx): Promise<StoredInvoice | null> {
  const invoiceId = invoiceIdFromToken(token);
  if (!invoiceId) return null;
  const client = db ?? (await getDb());
  const read = () =>
    client.invoice.findUnique({
      where: { id: invoiceId },
      select: { kind: true, number: true, pdf: true, html: true },
    });
  let row = await read();
  if (row && (!row.pdf || row.html === null)) {
    await renderInvoice(client, invoiceId);
    row = await read();
  }
  if (!row?.pdf || row.html === null) return null;
  return { kind: row.kind, number: row.number, pdf: row.pdf, html: row.html };
}

/** Headers of every answer with a document: personal, never cached or indexed, never framed. */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

export function invoiceFilename(invoice: Pick<StoredInvoice, "kind" | "number">): string {
  const word = invoice.kind === "credit_note" ? "credit-note" : "invoice";
  return `${word}-${invoice.number.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}

export function invoicePdfResponse(invoice: StoredInvoice): Response {
  return new Response(new Uint8Array(invoice.pdf), {
    status: 200,
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${invoiceFilename(invoice)}"`,
      "Content-Length": String(invoice.pdf.length),
    },
  });
}

/** The stored page, under a policy that allows its inline style and nothing else. */
export function invoiceHtmlResponse(invoice: StoredInvoice): Response {
  return new Response(invoice.html, {
    status: 200,
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

export function invoiceNotFound(): Response {
  return new Response("Invoice not found.\n", {
    status: 404,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}
