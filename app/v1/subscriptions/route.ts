// GET /v1/subscriptions/ — list subscriptions with their customer, product, price and discount.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import {
  listSubscriptions,
  listSubscriptionsQuery,
  subscriptionWithRelationsSchema,
} from "@/lib/subscriptions/read";

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
});
