// GET /v1/subscriptions/ — list subscriptions with their customer, product, price and discount.
// POST creates one on a free recurring product for an existing customer: active at once, its
// benefits granted, no order and no email (docs/subscriptions.md "Free plans").
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import {
  listSubscriptions,
  listSubscriptionsQuery,
  subscriptionWithRelationsSchema,
} from "@/lib/subscriptions/read";
import { createSubscription } from "@/lib/subscriptions/create";
import { createSubscriptionBody } from "@/lib/subscriptions/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "subscriptions:read",
      query: listSubscriptionsQuery,
      output: pageSchema(subscriptionWithRelationsSchema),
      summary: "List subscriptions (newest first), filtered by customer, product, status or active",
    },
    ({ db, principal, query }) => listSubscriptions(db, principal, query),
  ),
  POST: route(
    {
      auth: "subscriptions:write",
      body: createSubscriptionBody,
      output: subscriptionWithRelationsSchema,
      status: 201,
      summary:
        "Create a subscription to a free recurring product for a customer (by id or external id): active now, benefits granted, no order",
    },
    ({ db, principal, body }) => createSubscription(db, principal, body),
  ),
});
