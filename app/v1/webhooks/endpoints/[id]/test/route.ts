// POST /v1/webhooks/endpoints/{id}/test — queue a `webhook.test` event to this endpoint only,
// behind its pending deliveries (409 when the endpoint is disabled).
import { methods, route } from "@/lib/api/handler";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { webhookDeliverySchema, webhookEndpointParams } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "webhooks:write",
      params: webhookEndpointParams,
      output: webhookDeliverySchema,
      status: 202,
      summary: "Send a test event to a webhook endpoint; answers its delivery",
    },
    ({ db, principal, params }) => sendTestEvent(db, principal, params.id),
  ),
});
