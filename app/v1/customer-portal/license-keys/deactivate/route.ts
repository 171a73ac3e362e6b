// POST /v1/customer-portal/license-keys/deactivate — releases an activation's slot; 204, no body
// (docs/api.md §7).
import { methods, route } from "@/lib/api/handler";
import { licenseKeyScope } from "@/lib/api/idempotency";
import { licenseKeyRateLimit } from "@/lib/api/rate-limit";
import { deactivateLicenseKey } from "@/lib/license-keys/public";
import { deactivateLicenseKeyBody } from "@/lib/license-keys/public-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: deactivateLicenseKeyBody,
      rateLimitBy: licenseKeyRateLimit,
      idempotencyScope: ({ body }) => licenseKeyScope(body),
      status: 204,
      summary: "Release an activation's slot",
    },
    ({ db, body }) => deactivateLicenseKey(db, body),
  ),
});
