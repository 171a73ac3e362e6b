// POST /v1/customer-portal/orders/{id}/invoice — the buyer asks for their order's invoice (202,
// idempotent; 409 OrderNotEligibleForInvoice, 422 MissingInvoiceBillingDetails); GET — `{url}` of
// its PDF, 404 until issued. Another buyer's order is 404 (docs/invoices.md).
import { methods, route } from "@/lib/api/handler";
import { idParams } from "@/lib/customer-portal/schemas";
import { getPortalOrderInvoice, orderInvoiceSchema, requestPortalOrderInvoice } from "@/lib/invoices/orders";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: orderInvoiceSchema,
      summary: "Get the link to the invoice of one of the customer's orders (PDF); 404 until it is issued",
    },
    ({ db, principal, params }) => getPortalOrderInvoice(db, principal, params.id),
  ),
  POST: route(
    {
      auth: "customer",
      params: idParams,
      output: orderInvoiceSchema,
      status: 202,
      summary: "Issue the invoice of one of the customer's orders (once)",
      description:
        "409 `OrderNotEligibleForInvoice` when nothing was paid; 422 `MissingInvoiceBillingDetails` without a billing name or address (correct them first with PATCH). Its billing details are locked from then on.",
    },
    ({ db, principal, params }) => requestPortalOrderInvoice(db, principal, params.id),
  ),
});
