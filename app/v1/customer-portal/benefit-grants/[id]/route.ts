// GET /v1/customer-portal/benefit-grants/{id} — one of the buyer's benefit grants (another's is 404);
// PATCH — what the grant needs from the buyer: nothing for this service's benefit types (403 once
// revoked, 422 for another benefit type; lib/customer-portal/benefit-grants.ts).
import { methods, route } from "@/lib/api/handler";
import { getPortalBenefitGrant, updatePortalBenefitGrant } from "@/lib/customer-portal/benefit-grants";
import {
  idParams,
  portalBenefitGrantSchema,
  updatePortalBenefitGrantBody,
} from "@/lib/customer-portal/schemas";

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
  PATCH: route(
    {
      auth: "customer",
      params: idParams,
      body: updatePortalBenefitGrantBody,
      output: portalBenefitGrantSchema,
      summary:
        "Update one of the customer's benefit grants (its benefit type; nothing is asked of the buyer here)",
    },
    ({ db, principal, params, body }) => updatePortalBenefitGrant(db, principal, params.id, body),
  ),
});
