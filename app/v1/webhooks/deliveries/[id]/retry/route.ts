// POST /v1/webhooks/deliveries/{id}/retry — "Retry now": a delivery waiting for a retry, or failed
// for good, is sent at once (docs/webhook-delivery.md).
import { methods, route } from "@/lib/api/handler";
import { retryDeliveryNow } from "@/lib/webhooks/deliveries";
import { webhookDeliveryParams, webhookDeliverySchema } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "webhooks:write",
      params: webhookDeliveryParams,
      output: webhookDeliverySchema,
      status: 202,
      summary: "Retry a webhook delivery now",
    },
    ({ db, principal, params }) => retryDeliveryNow(db, principal, params.id),
  ),
});
