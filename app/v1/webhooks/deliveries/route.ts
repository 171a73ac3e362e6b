// GET /v1/webhooks/deliveries — deliveries newest first, each with its event (the exact body
// sent) and every attempt (status code, duration, the first kilobyte of the answer, error).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listWebhookDeliveries } from "@/lib/webhooks/deliveries";
import { listWebhookDeliveriesQuery, webhookDeliverySchema } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "webhooks:read",
      query: listWebhookDeliveriesQuery,
      output: pageSchema(webhookDeliverySchema),
      summary: "List webhook deliveries with their attempts (filters: endpoint, event type, success)",
    },
    ({ db, principal, query }) => listWebhookDeliveries(db, principal, query),
  ),
});
