// POST /v1/webhooks/events/{id}/redeliver — deliver the event again (same webhook-id) to each of
// its endpoints that still exists, at the end of each one's queue.
import { methods, route } from "@/lib/api/handler";
import { redeliverEvent } from "@/lib/webhooks/deliveries";
import { redeliverResultSchema, webhookEventParams } from "@/lib/webhooks/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "webhooks:write",
      params: webhookEventParams,
      output: redeliverResultSchema,
      status: 202,
      summary: "Redeliver a webhook event to its endpoints",
    },
    ({ db, principal, params }) => redeliverEvent(db, principal, params.id),
  ),
});
