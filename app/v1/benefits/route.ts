// GET /v1/benefits/ — list benefits.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { benefitSchema } from "@/lib/products/schemas";
import { listBenefits, listBenefitsQuery } from "@/lib/benefits/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "benefits:read",
      query: listBenefitsQuery,
      output: pageSchema(benefitSchema),
      summary: "List benefits (by description), filtered by type",
    },
    ({ db, principal, query }) => listBenefits(db, principal, query),
  ),
});
