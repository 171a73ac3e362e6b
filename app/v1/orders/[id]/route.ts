// GET /v1/orders/{id} — one order with its customer, product, price, discount and subscription;
// PATCH corrects its billing name or address (docs/api.md "Orders": the amounts never change).
import { z } from "zod";
import { methods, readRoute, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { orderSchema } from "@/lib/orders/schemas";
import { orderById } from "@/lib/orders/service";
import { updateMerchantOrder, updateOrderBody } from "@/lib/orders/billing-details";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: readRoute({
    auth: "orders:read",
    params,
    output: orderSchema,
    summary: "Get an order with its customer, product, price, discount and subscription",
    read: orderById,
    values: (params) => [params.id],
  }),
  PATCH: route(
    {
      auth: "orders:write",
      params,
      body: updateOrderBody,
      output: orderSchema,
      summary: "Correct an order's billing name or address (the country, which decided its tax, stays)",
    },
    ({ db, principal, params, body }) => updateMerchantOrder(db, principal, params.id, body),
  ),
});
