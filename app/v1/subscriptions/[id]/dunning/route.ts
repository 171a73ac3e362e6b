// GET /v1/subscriptions/{id}/dunning — the subscription's payment attempts (renewals, their
// retries, new cards; newest first) and the next retry's time.
import { methods, route } from "@/lib/api/handler";
import { subscriptionParams } from "@/lib/subscriptions/read";
import { getSubscriptionDunning, subscriptionDunningSchema } from "@/lib/subscriptions/dunning-view";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "subscriptions:read",
      params: subscriptionParams,
      output: subscriptionDunningSchema,
      summary: "Get a subscription's payment attempts and its next dunning retry",
    },
    ({ db, principal, params }) => getSubscriptionDunning(db, principal, params.id),
  ),
});
