// GET /v1/subscriptions/{id}/plan-change-preview?product_id=…&proration_behavior=… — what moving the
// subscription to that product would charge now and at the next renewal, and when it would apply
// (docs/subscriptions.md "Plan changes"); nothing changes.
import { methods, route } from "@/lib/api/handler";
import { subscriptionParams } from "@/lib/subscriptions/read";
import { planChangePreviewQuery, planChangePreviewSchema } from "@/lib/subscriptions/schemas";
import { previewMerchantPlanChange } from "@/lib/subscriptions/plan-change";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "subscriptions:read",
      params: subscriptionParams,
      query: planChangePreviewQuery,
      output: planChangePreviewSchema,
      summary: "Preview a plan change: what it charges now and at the next renewal",
    },
    ({ db, principal, params, query }) => previewMerchantPlanChange(db, principal, params.id, query),
  ),
});
