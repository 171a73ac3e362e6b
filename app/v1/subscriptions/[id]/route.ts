// GET /v1/subscriptions/{id} — one subscription with its customer, product, price and discount.
// PATCH schedules its cancellation at the period's end (or takes it back), revokes it with
// `{revoke: true}`, moves it to another product (`product_id`), or adjusts its dates
// (`current_billing_period_end`, `trial_end`, `pending_update: null`; docs/subscriptions.md);
// DELETE revokes it (ends it now, its benefits revoked).
import { methods, route } from "@/lib/api/handler";
import {
  getSubscription,
  subscriptionParams,
  subscriptionWithRelationsSchema,
} from "@/lib/subscriptions/read";
import { deleteSubscription, updateSubscription } from "@/lib/subscriptions/manage";
import { updateSubscriptionBody } from "@/lib/subscriptions/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "subscriptions:read",
      params: subscriptionParams,
      output: subscriptionWithRelationsSchema,
      summary: "Get a subscription",
    },
    ({ db, principal, params }) => getSubscription(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "subscriptions:write",
      params: subscriptionParams,
      body: updateSubscriptionBody,
      output: subscriptionWithRelationsSchema,
      summary:
        "Change a subscription's plan or dates, cancel it at the period's end, take the cancellation back, or revoke it now",
    },
    ({ db, principal, params, body }) => updateSubscription(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "subscriptions:write",
      params: subscriptionParams,
      output: subscriptionWithRelationsSchema,
      summary: "Revoke a subscription: it ends now and its benefits are revoked",
    },
    ({ db, principal, params }) => deleteSubscription(db, principal, params.id),
  ),
});
