// POST /v1/license-keys/validate — the merchant's backend checks a key of its organization with a
// token: the public validate's body, rules and answers, `organization_id` optional.
import { methods, route } from "@/lib/api/handler";
import { merchantLicenseKeyRateLimit } from "@/lib/api/rate-limit";
import { validateOrganizationKey } from "@/lib/license-keys/authenticated";
import { authenticatedValidateBody, validatedLicenseKeySchema } from "@/lib/license-keys/public-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "license_keys:write",
      body: authenticatedValidateBody,
      rateLimitBy: merchantLicenseKeyRateLimit,
      output: validatedLicenseKeySchema,
      summary: "Validate a key of the token's organization (as the public validate)",
    },
    ({ db, principal, body }) => validateOrganizationKey(db, principal, body),
  ),
});
