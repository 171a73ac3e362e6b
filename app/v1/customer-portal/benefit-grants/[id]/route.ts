// GET /v1/customer-portal/benefit-grants/{id} — one of the buyer's benefit grants (another's is 404).
import { methods, route } from "@/lib/api/handler";
import { getPortalBenefitGrant } from "@/lib/customer-portal/benefit-grants";
import { idParams, portalBenefitGrantSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: portalBenefitGrantSchema,
      summary: "Get one of the customer's benefit grants",
    },
    ({ db, principal, params }) => getPortalBenefitGrant(db, principal, params.id),
  ),
});
