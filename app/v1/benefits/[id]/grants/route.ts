// GET /v1/benefits/{id}/grants — the benefit's grants (who has it, or had it), newest first,
// filtered by whether it is granted now and by customer.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { benefitParams } from "@/lib/benefits/schemas";
import { benefitGrantSchema } from "@/lib/benefits/grant-schemas";
import { listBenefitGrants, listBenefitGrantsQuery } from "@/lib/benefits/grant-list";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "benefits:read",
      params: benefitParams,
      query: listBenefitGrantsQuery,
      output: pageSchema(benefitGrantSchema),
      summary: "List a benefit's grants, filtered by is_granted and customer",
    },
    ({ db, principal, params, query }) => listBenefitGrants(db, principal, params.id, query),
  ),
});
