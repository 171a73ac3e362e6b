// GET /v1/orders/{id}/receipt — the order's receipt as a PDF (the buyer's receipt, for the merchant).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { getOrderReceipt } from "@/lib/receipts/merchant";
import { receiptPdfResponse } from "@/lib/receipts/pdf-response";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      params: z.object({ id: id() }),
      produces: "application/pdf",
      summary: "Get an order's receipt as a PDF",
    },
    async ({ db, principal, params }) => receiptPdfResponse(await getOrderReceipt(db, principal, params.id)),
  ),
});
