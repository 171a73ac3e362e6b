// GET /v1/customer-portal/license-keys/ — the buyer's license keys (in full), newest first.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listPortalLicenseKeys } from "@/lib/customer-portal/license-keys";
import { portalLicenseKeySchema, portalListQuery } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: portalListQuery,
      output: pageSchema(portalLicenseKeySchema),
      summary: "List the signed-in customer's license keys with their devices (newest first)",
    },
    ({ db, principal, query }) => listPortalLicenseKeys(db, principal, query),
  ),
});
