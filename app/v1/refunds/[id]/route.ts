// GET /v1/refunds/{id} — one refund.
import { methods, route } from "@/lib/api/handler";
import { refundParams, refundSchema } from "@/lib/refunds/schemas";
import { getRefund } from "@/lib/refunds/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "refunds:read",
      params: refundParams,
      output: refundSchema,
      summary: "Get a refund",
    },
    ({ db, principal, params }) => getRefund(db, principal, params.id),
  ),
});
