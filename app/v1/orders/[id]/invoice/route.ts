// POST /v1/orders/{id}/invoice — issue the order's invoice (202; idempotent: an issued invoice is
// answered as it is), refused with 409 OrderNotEligibleForInvoice (nothing was paid) or 422
// MissingInvoiceBillingDetails (no billing name or address). GET — `{url}` of its PDF, 404 before
// it is issued. As the current reference API (docs/invoices.md).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { getOrderInvoice, orderInvoiceSchema, requestOrderInvoice } from "@/lib/invoices/orders";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      params,
      output: orderInvoiceSchema,
      summary: "Get the link to an order's invoice (PDF); 404 until it is issued",
    },
    ({ db, principal, params }) => getOrderInvoice(db, principal, params.id),
  ),
  POST: route(
    {
      auth: "orders:write",
      params,
      output: orderInvoiceSchema,
      status: 202,
      summary: "Issue an order's invoice (once: an issued invoice is answered as it is)",
      description:
        "409 `OrderNotEligibleForInvoice` when nothing was paid; 422 `MissingInvoiceBillingDetails` when the order has no billing name or address (correct them with PATCH /v1/orders/{id} first). Once issued, the invoice never changes and the order's billing details are locked.",
    },
    ({ db, principal, params }) => requestOrderInvoice(db, principal, params.id),
  ),
});
