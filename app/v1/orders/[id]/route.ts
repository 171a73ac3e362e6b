// GET /v1/orders/{id} — one order with its customer, product, price, discount and subscription.
import { z } from "zod";
import { methods, readRoute } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { orderSchema } from "@/lib/orders/schemas";
import { orderById } from "@/lib/orders/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: readRoute({
    auth: "orders:read",
    params: z.object({ id: id() }),
    output: orderSchema,
    summary: "Get an order with its customer, product, price, discount and subscription",
    read: orderById,
    values: (params) => [params.id],
  }),
});
