// POST /v1/customer-portal/license-keys/certificate — a signed offline license for a usable key
// (and optionally one of its activations), which the software checks with no network against the
// organization's public key (lib/licensing/verify-certificate.ts). Not a validation: nothing counts.
import { methods, route } from "@/lib/api/handler";
import { licenseKeyScope } from "@/lib/api/idempotency";
import { licenseKeyRateLimit } from "@/lib/api/rate-limit";
import { issueLicenseCertificate } from "@/lib/licensing/certificates";
import { licenseCertificateBody, licenseCertificateSchema } from "@/lib/licensing/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: licenseCertificateBody,
      rateLimitBy: licenseKeyRateLimit,
      idempotencyScope: ({ body }) => licenseKeyScope(body),
      output: licenseCertificateSchema,
      summary: "Get a signed offline license certificate for a usable key (no token: the key)",
    },
    ({ db, body }) => issueLicenseCertificate(db, body),
  ),
});
