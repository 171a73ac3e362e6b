// PATCH /v1/webhooks/endpoints/{id}/secret — a new generated signing secret, shown in this answer
// only: the current reference API's reset (`webhooks.resetWebhookEndpointSecret`). As with
// POST …/rotate-secret, the previous secret keeps signing alongside it for 24 hours, so deliveries
// on their way are not refused by a receiver that already has the new one.
import { methods, route } from "@/lib/api/handler";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";
import { webhookEndpointParams, webhookEndpointWithSecretSchema } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: route(
    {
      auth: "webhooks:write",
      params: webhookEndpointParams,
      output: webhookEndpointWithSecretSchema,
      summary: "Reset a webhook endpoint's secret to a generated one; the old one also signs for 24 hours",
    },
    ({ db, principal, params }) => rotateWebhookSecret(db, principal, params.id, {}),
  ),
});
