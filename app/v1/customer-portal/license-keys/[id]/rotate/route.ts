// POST /v1/customer-portal/license-keys/{id}/rotate — the buyer replaces one of their keys (a key
// they leaked): a new value, everything else kept; the old value stops validating at once. A revoked
// key is 403, another buyer's 404.
import { methods, route } from "@/lib/api/handler";
import { rotatePortalLicenseKey } from "@/lib/customer-portal/license-keys";
import { idParams, portalLicenseKeySchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      params: idParams,
      output: portalLicenseKeySchema,
      summary: "Replace one of the customer's license keys with a new value",
    },
    ({ db, principal, params }) => rotatePortalLicenseKey(db, principal, params.id),
  ),
});
