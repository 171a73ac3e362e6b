// GET /v1/benefit-grants/ — the organization's benefit grants (by customer, external customer id,
// held or not), newest first, each with its customer and benefit.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { benefitGrantSchema } from "@/lib/benefits/grant-schemas";
import { listOrganizationBenefitGrants, listOrganizationGrantsQuery } from "@/lib/benefits/grant-list";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "benefits:read",
      query: listOrganizationGrantsQuery,
      output: pageSchema(benefitGrantSchema),
      summary: "List the organization's benefit grants, filtered by customer and whether they are held",
    },
    ({ db, principal, query }) => listOrganizationBenefitGrants(db, principal, query),
  ),
});
