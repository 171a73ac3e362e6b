// POST /v1/license-keys/deactivate — the merchant's backend frees an activation of a key of its
// organization with a token: the public deactivate's body, rules and answers (204), `organization_id`
// optional.
import { methods, route } from "@/lib/api/handler";
import { merchantLicenseKeyRateLimit } from "@/lib/api/rate-limit";
import { deactivateOrganizationKey } from "@/lib/license-keys/authenticated";
import { authenticatedDeactivateBody } from "@/lib/license-keys/public-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "license_keys:write",
      body: authenticatedDeactivateBody,
      rateLimitBy: merchantLicenseKeyRateLimit,
      status: 204,
      summary: "Deactivate an activation of a key of the token's organization (as the public deactivate)",
    },
    ({ db, principal, body }) => deactivateOrganizationKey(db, principal, body),
  ),
});
