// GET /v1/orders/{id}/receipt — the order's receipt as a PDF (the buyer's receipt, for the merchant),
// or as `{url}` of that PDF for a client of the current reference API (lib/api/responses.ts).
// POST — send the buyer their receipt email again (one a minute: lib/orders/resend-receipt.ts).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { wantsJsonInsteadOfFile } from "@/lib/api/responses";
import { id } from "@/lib/core/validation";
import { getOrderReceipt, getOrderReceiptLink, orderReceiptLinkSchema } from "@/lib/receipts/merchant";
import { receiptPdfResponse } from "@/lib/receipts/pdf-response";
import { resendOrderReceipt, resendReceiptSchema } from "@/lib/orders/resend-receipt";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      params,
      produces: "application/pdf",
      output: orderReceiptLinkSchema,
      summary: "Get an order's receipt as a PDF, or the link to it",
      description:
        "The PDF; `{url}` of it (a signed link that needs no credential) with a `Polar-Version` header, as the current Polar SDK sends, or `Accept: application/json`.",
    },
    async ({ request, db, principal, params }) =>
      wantsJsonInsteadOfFile(request, "application/pdf")
        ? getOrderReceiptLink(db, principal, params.id)
        : receiptPdfResponse(await getOrderReceipt(db, principal, params.id)),
  ),
  POST: route(
    {
      auth: "orders:write",
      params,
      output: resendReceiptSchema,
      status: 202,
      summary:
        "Send the buyer the order's receipt email again; a receipt of the order queued less than a minute ago is answered instead (queued: false)",
    },
    ({ db, principal, params }) => resendOrderReceipt(db, principal, params.id),
  ),
});
