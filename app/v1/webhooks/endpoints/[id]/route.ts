// GET /v1/webhooks/endpoints/{id} — one endpoint; PATCH changes url, events or enabled (enabling
// clears its failure record and resumes its pending deliveries in order); DELETE removes it with
// its deliveries.
import { methods, route } from "@/lib/api/handler";
import { requestApiVersion } from "@/lib/api/api-version";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks/endpoints";
import {
  updateWebhookEndpointBody,
  webhookEndpointParams,
  webhookEndpointSchema,
} from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "webhooks:read",
      params: webhookEndpointParams,
      output: webhookEndpointSchema,
      summary: "Get a webhook endpoint",
    },
    ({ request, db, principal, params }) =>
      getWebhookEndpoint(db, principal, params.id, { revealSecret: requestApiVersion(request) !== null }),
  ),
  PATCH: route(
    {
      auth: "webhooks:write",
      params: webhookEndpointParams,
      body: updateWebhookEndpointBody,
      output: webhookEndpointSchema,
      summary: "Update a webhook endpoint; enabling it resumes its pending deliveries",
    },
    ({ request, db, principal, params, body }) =>
      updateWebhookEndpoint(db, principal, params.id, body, {
        revealSecret: requestApiVersion(request) !== null,
      }),
  ),
  DELETE: route(
    {
      auth: "webhooks:write",
      params: webhookEndpointParams,
      status: 204,
      summary: "Delete a webhook endpoint and its deliveries",
    },
    ({ db, principal, params }) => deleteWebhookEndpoint(db, principal, params.id),
  ),
});
