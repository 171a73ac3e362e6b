// GET, PATCH, DELETE /v1/customer-portal/subscriptions/{id} — one of the buyer's subscriptions;
// PATCH schedules its cancellation at the period's end (with a reason) or takes it back; DELETE
// schedules it without a reason (the current reference API's cancel: the period already paid for
// stays the buyer's).
import { methods, route } from "@/lib/api/handler";
import { getPortalSubscription, updatePortalSubscription } from "@/lib/customer-portal/subscriptions";
import {
  idParams,
  portalSubscriptionSchema,
  updatePortalSubscriptionBody,
} from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: portalSubscriptionSchema,
      summary: "Get one of the customer's subscriptions",
    },
    ({ db, principal, params }) => getPortalSubscription(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "customer",
      params: idParams,
      body: updatePortalSubscriptionBody,
      output: portalSubscriptionSchema,
      summary: "Cancel a subscription at the end of its period, or take the cancellation back",
    },
    ({ db, principal, params, body }) => updatePortalSubscription(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "customer",
      params: idParams,
      output: portalSubscriptionSchema,
      summary: "Cancel a subscription at the end of its period",
    },
    ({ db, principal, params }) =>
      updatePortalSubscription(db, principal, params.id, { cancel_at_period_end: true }),
  ),
});
