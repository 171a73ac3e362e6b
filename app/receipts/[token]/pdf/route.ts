// GET /receipts/{token}/pdf — the buyer's receipt as a PDF (same signed token as the page).
import { findReceiptByToken } from "@/lib/receipts/public";
import { receiptPdfResponse } from "@/lib/receipts/pdf-response";

type Context = { params: Promise<{ token: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const receipt = await findReceiptByToken((await params).token);
  if (!receipt) {
    return new Response("Receipt not found.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return receiptPdfResponse(receipt);
}
