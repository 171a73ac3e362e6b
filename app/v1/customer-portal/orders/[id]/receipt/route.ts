// GET /v1/customer-portal/orders/{id}/receipt — `{url}` of the receipt PDF of one of the buyer's
// orders (another's is 404), as the current reference API's portal reads it.
import { methods, route } from "@/lib/api/handler";
import { getPortalOrderReceiptLink } from "@/lib/customer-portal/orders";
import { idParams } from "@/lib/customer-portal/schemas";
import { orderReceiptLinkSchema } from "@/lib/receipts/merchant";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: orderReceiptLinkSchema,
      summary: "Get the link to one of the customer's receipts (PDF)",
    },
    ({ db, principal, params }) => getPortalOrderReceiptLink(db, principal, params.id),
  ),
});
