// GET /v1/customer-portal/license-keys/{id} — one of the buyer's license keys with its devices.
import { methods, route } from "@/lib/api/handler";
import { getPortalLicenseKey } from "@/lib/customer-portal/license-keys";
import { idParams, portalLicenseKeySchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: portalLicenseKeySchema,
      summary: "Get one of the customer's license keys",
    },
    ({ db, principal, params }) => getPortalLicenseKey(db, principal, params.id),
  ),
});
