// GET /v1/subscriptions/{id} — one subscription with its customer, product, price and discount.
import { methods, route } from "@/lib/api/handler";
import {
  getSubscription,
  subscriptionParams,
  subscriptionWithRelationsSchema,
} from "@/lib/subscriptions/read";

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
});
