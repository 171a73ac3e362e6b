// GET /v1/customer-portal/orders/ — the buyer's orders, newest first, with receipt links.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listPortalOrders } from "@/lib/customer-portal/orders";
import { portalListQuery, portalOrderSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: portalListQuery,
      output: pageSchema(portalOrderSchema),
      summary: "List the signed-in customer's orders (newest first)",
    },
    ({ db, principal, query }) => listPortalOrders(db, principal, query),
  ),
});
