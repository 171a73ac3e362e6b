// GET /v1/orders/ — list orders (filters, multi-criteria sorting, pagination).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listOrdersQuery, orderSchema } from "@/lib/orders/schemas";
import { listOrders } from "@/lib/orders/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      query: listOrdersQuery,
      output: pageSchema(orderSchema),
      summary: "List orders (filters, multi-criteria sorting, pagination)",
    },
    ({ db, principal, query }) => listOrders(db, principal, query),
  ),
});
