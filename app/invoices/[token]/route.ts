// GET /invoices/{token} — an issued invoice or credit note as its stored page (docs/invoices.md);
// `?format=pdf` (the page's own download link) or /invoices/{token}/pdf for the stored PDF. The
// token is signed (lib/invoices/links.ts); a forged or unknown one is a 404.
import {
  findInvoiceByToken,
  invoiceHtmlResponse,
  invoiceNotFound,
  invoicePdfResponse,
} from "@/lib/invoices/public";

type Context = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const invoice = await findInvoiceByToken((await params).token);
  if (!invoice) return invoiceNotFound();
  const pdf = new URL(request.url).searchParams.get("format") === "pdf";
  return pdf ? invoicePdfResponse(invoice) : invoiceHtmlResponse(invoice);
}
