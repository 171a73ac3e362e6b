// GET /invoices/{token}/pdf — an issued invoice or credit note as its stored PDF: the `{url}` of
// GET /v1/orders/{id}/invoice (docs/invoices.md).
import { findInvoiceByToken, invoiceNotFound, invoicePdfResponse } from "@/lib/invoices/public";

type Context = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const invoice = await findInvoiceByToken((await params).token);
  return invoice ? invoicePdfResponse(invoice) : invoiceNotFound();
}
