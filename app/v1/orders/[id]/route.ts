// GET /v1/orders/{id} — one order with its customer, product, price, discount and subscription.
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { orderSchema } from "@/lib/orders/schemas";
import { getOrder } from "@/lib/orders/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "orders:read", params: z.object({ id: id() }), output: orderSchema },
    ({ db, principal, params }) => getOrder(db, principal, params.id),
  ),
});
