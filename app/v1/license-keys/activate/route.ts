// POST /v1/license-keys/activate — the merchant's backend activates a key of its organization for
// a device with a token: the public activate's body, rules and answers, `organization_id` optional.
import { methods, route } from "@/lib/api/handler";
import { merchantLicenseKeyRateLimit } from "@/lib/api/rate-limit";
import { activateOrganizationKey } from "@/lib/license-keys/authenticated";
import { activatedLicenseKeySchema, authenticatedActivateBody } from "@/lib/license-keys/public-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "license_keys:write",
      body: authenticatedActivateBody,
      rateLimitBy: merchantLicenseKeyRateLimit,
      output: activatedLicenseKeySchema,
      summary: "Activate a key of the token's organization (as the public activate)",
    },
    ({ db, principal, body }) => activateOrganizationKey(db, principal, body),
  ),
});
