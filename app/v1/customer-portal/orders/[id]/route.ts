// GET /v1/customer-portal/orders/{id} — one of the buyer's orders (another's is 404); PATCH corrects
// its billing name or address for the receipt (docs/api.md "Orders").
import { methods, route } from "@/lib/api/handler";
import { getPortalOrder, updatePortalOrder } from "@/lib/customer-portal/orders";
import { idParams, portalOrderSchema } from "@/lib/customer-portal/schemas";
import { updateOrderBody } from "@/lib/orders/billing-details";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: portalOrderSchema,
      summary: "Get one of the customer's orders",
    },
    ({ db, principal, params }) => getPortalOrder(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "customer",
      params: idParams,
      body: updateOrderBody,
      output: portalOrderSchema,
      summary: "Correct the billing name or address of one of the customer's orders",
    },
    ({ db, principal, params, body }) => updatePortalOrder(db, principal, params.id, body),
  ),
});
