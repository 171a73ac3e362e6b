// GET /v1/benefits/{id} — one benefit; PATCH changes description, properties or metadata (never the
// type; `apply_to_existing_keys` also updates issued keys' limits); DELETE removes an unused one.
import { methods, route } from "@/lib/api/handler";
import { benefitParams, benefitResourceSchema, updateBenefitBody } from "@/lib/benefits/schemas";
import { deleteBenefit } from "@/lib/benefits/manage";
import { updateBenefitAndKeys } from "@/lib/composition/cross-domain-events";
import { getBenefit } from "@/lib/benefits/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "benefits:read", params: benefitParams, output: benefitResourceSchema, summary: "Get a benefit" },
    ({ db, principal, params }) => getBenefit(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "benefits:write",
      params: benefitParams,
      body: updateBenefitBody,
      output: benefitResourceSchema,
      summary:
        "Update a benefit (its type cannot change); new limits apply to keys issued from now on, and to existing keys with apply_to_existing_keys",
    },
    ({ db, principal, params, body }) => updateBenefitAndKeys(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "benefits:write",
      params: benefitParams,
      status: 204,
      summary: "Delete a benefit no product uses and no customer was granted (409 otherwise)",
    },
    ({ db, principal, params }) => deleteBenefit(db, principal, params.id),
  ),
});
