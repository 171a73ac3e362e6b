// GET /v1/benefits/ — list benefits; POST — create one (custom or license_keys).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { benefitResourceSchema, createBenefitBody, listBenefitsQuery } from "@/lib/benefits/schemas";
import { createBenefit } from "@/lib/benefits/manage";
import { listBenefits } from "@/lib/benefits/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "benefits:read",
      query: listBenefitsQuery,
      output: pageSchema(benefitResourceSchema),
      summary: "List benefits (by description), filtered by type; `query` searches descriptions",
    },
    ({ db, principal, query }) => listBenefits(db, principal, query),
  ),
  POST: route(
    {
      auth: "benefits:write",
      body: createBenefitBody,
      output: benefitResourceSchema,
      status: 201,
      summary: "Create a benefit: custom (a note to the buyer) or license_keys (prefix, expiry, limits)",
    },
    ({ db, principal, body }) => createBenefit(db, principal, body),
  ),
});
