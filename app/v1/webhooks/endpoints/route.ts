// GET /v1/webhooks/endpoints — list the organization's webhook endpoints; POST — create one (its
// signing secret, generated or supplied, is in this answer only).
import { methods, route } from "@/lib/api/handler";
import { requestApiVersion } from "@/lib/api/api-version";
import { pageSchema } from "@/lib/core/schemas";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import {
  createWebhookEndpointBody,
  listWebhookEndpointsQuery,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "webhooks:read",
      query: listWebhookEndpointsQuery,
      output: pageSchema(webhookEndpointSchema),
      summary: "List webhook endpoints",
    },
    ({ request, db, principal, query }) =>
      listWebhookEndpoints(db, principal, query, { revealSecret: requestApiVersion(request) !== null }),
  ),
  POST: route(
    {
      auth: "webhooks:write",
      body: createWebhookEndpointBody,
      output: webhookEndpointWithSecretSchema,
      status: 201,
      summary: "Create a webhook endpoint; the answer shows its secret (whsec_…) once",
    },
    ({ db, principal, body }) => createWebhookEndpoint(db, principal, body),
  ),
});
