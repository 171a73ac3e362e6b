// GET /v1/license-keys — list license keys (filters, sorting, pagination).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listLicenseKeysQuery, merchantLicenseKeySchema } from "@/lib/license-keys/schemas";
import { listLicenseKeys } from "@/lib/license-keys/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "license_keys:read",
      query: listLicenseKeysQuery,
      output: pageSchema(merchantLicenseKeySchema),
      summary: "List license keys (filters, sorting, pagination)",
    },
    ({ db, principal, query }) => listLicenseKeys(db, principal, query),
  ),
});
