// POST /v1/customer-portal/license-keys/activate — takes one of the key's activation slots for a
// device or instance (docs/api.md §7).
import { methods, route } from "@/lib/api/handler";
import { licenseKeyScope } from "@/lib/api/idempotency";
import { licenseKeyRateLimit } from "@/lib/api/rate-limit";
import { activateLicenseKey } from "@/lib/license-keys/public";
import { activateLicenseKeyBody, activatedLicenseKeySchema } from "@/lib/license-keys/public-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: activateLicenseKeyBody,
      rateLimitBy: licenseKeyRateLimit,
      idempotencyScope: ({ body }) => licenseKeyScope(body),
      output: activatedLicenseKeySchema,
      summary: "Take one of the key's activation slots for a device or installation",
    },
    ({ db, body }) => activateLicenseKey(db, body),
  ),
});
