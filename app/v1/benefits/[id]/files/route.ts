// GET /v1/benefits/{id}/files — a `downloadables` benefit's files, in its order, each with how many
// customers downloaded it and how often (an empty page for a benefit of another type).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { benefitParams } from "@/lib/benefits/schemas";
import {
  benefitDownloadableFileSchema,
  listBenefitFiles,
  listBenefitFilesQuery,
} from "@/lib/files/benefit-files";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "benefits:read",
      params: benefitParams,
      query: listBenefitFilesQuery,
      output: pageSchema(benefitDownloadableFileSchema),
      summary: "List a downloadables benefit's files with their download statistics",
    },
    ({ db, principal, params, query }) => listBenefitFiles(db, principal, params.id, query),
  ),
});
