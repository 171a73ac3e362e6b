// GET /v1/customer-portal/benefit-grants/ — the buyer's benefit grants, newest first, filtered by
// benefit type, benefit, order or subscription.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listPortalBenefitGrants } from "@/lib/customer-portal/benefit-grants";
import { portalBenefitGrantSchema, portalBenefitGrantsQuery } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: portalBenefitGrantsQuery,
      output: pageSchema(portalBenefitGrantSchema),
      summary: "List the customer's benefit grants",
    },
    ({ db, principal, query }) => listPortalBenefitGrants(db, principal, query),
  ),
});
