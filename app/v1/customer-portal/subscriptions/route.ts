// GET /v1/customer-portal/subscriptions/ — the buyer's subscriptions, newest first, with the next charge.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listPortalSubscriptions } from "@/lib/customer-portal/subscriptions";
import { portalSubscriptionListQuery, portalSubscriptionSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: portalSubscriptionListQuery,
      output: pageSchema(portalSubscriptionSchema),
      summary: "List the signed-in customer's subscriptions (newest first)",
    },
    ({ db, principal, query }) => listPortalSubscriptions(db, principal, query),
  ),
});
