// GET /v1/orders/{id}/timeline — the order's license keys, payments and what happened to it (emails,
// webhook deliveries, refunds), for the order page (lib/orders/timeline.ts).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { getOrderTimeline, orderTimelineSchema } from "@/lib/orders/timeline";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      params: z.object({ id: id() }),
      output: orderTimelineSchema,
      summary: "Get an order's license keys, payments and timeline (emails, webhook deliveries, refunds)",
    },
    ({ db, principal, params }) => getOrderTimeline(db, principal, params.id),
  ),
});
