// POST /v1/customer-portal/license-keys/validate — the licensed software checks a key (and
// optionally its activation), counting the validation and any usage (docs/api.md §7).
import { methods, route } from "@/lib/api/handler";
import { licenseKeyScope } from "@/lib/api/idempotency";
import { licenseKeyRateLimit } from "@/lib/api/rate-limit";
import { validateLicenseKey } from "@/lib/license-keys/public";
import { validateLicenseKeyBody, validatedLicenseKeySchema } from "@/lib/license-keys/public-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: validateLicenseKeyBody,
      rateLimitBy: licenseKeyRateLimit,
      idempotencyScope: ({ body }) => licenseKeyScope(body),
      output: validatedLicenseKeySchema,
      summary: "The licensed software checks a key (and an activation); counts a validation",
    },
    ({ db, body }) => validateLicenseKey(db, body),
  ),
});
