// POST /v1/webhooks/endpoints/{id}/rotate-secret — a new signing secret (supplied or generated,
// shown in this answer only); the previous one keeps signing alongside it for 24 hours.
import { methods, route } from "@/lib/api/handler";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";
import {
  rotateWebhookSecretBody,
  webhookEndpointParams,
  webhookEndpointWithSecretSchema,
} from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "webhooks:write",
      params: webhookEndpointParams,
      body: rotateWebhookSecretBody,
      output: webhookEndpointWithSecretSchema,
      summary: "Rotate a webhook endpoint's secret; the old one also signs for 24 hours",
    },
    ({ db, principal, params, body }) => rotateWebhookSecret(db, principal, params.id, body),
  ),
});
