// The PDF receipt as an HTTP response, shared by the buyer's link and the merchant API: shown in
// the browser (inline) under a name that says which receipt it is, never cached.
import { renderReceiptPdf } from "./pdf";
import type { ReceiptView } from "./receipt";

export function receiptPdfFilename(receipt: Pick<ReceiptView, "invoiceNumber">): string {
  return `receipt-${receipt.invoiceNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}

export async function receiptPdfResponse(receipt: ReceiptView): Promise<Response> {
  const pdf = await renderReceiptPdf(receipt);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${receiptPdfFilename(receipt)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
