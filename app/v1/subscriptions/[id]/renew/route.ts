// POST /v1/subscriptions/{id}/renew — the test clock: in a test organization, runs the
// subscription's next renewal now (the scheduled renewal's own path); 403 in a live organization.
import { methods, route } from "@/lib/api/handler";
import { subscriptionParams, subscriptionWithRelationsSchema } from "@/lib/subscriptions/read";
import { renewSubscriptionNow } from "@/lib/subscriptions/test-clock";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "subscriptions:write",
      params: subscriptionParams,
      output: subscriptionWithRelationsSchema,
      summary:
        "Test clock: run the subscription's next renewal now (test organizations only; 403 live, 409 unless active or while a renewal is under way)",
    },
    ({ db, principal, params }) => renewSubscriptionNow(db, principal, params.id),
  ),
});
