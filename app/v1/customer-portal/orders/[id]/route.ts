// GET /v1/customer-portal/orders/{id} — one of the buyer's orders (another's is 404).
import { methods, route } from "@/lib/api/handler";
import { getPortalOrder } from "@/lib/customer-portal/orders";
import { idParams, portalOrderSchema } from "@/lib/customer-portal/schemas";

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
});
