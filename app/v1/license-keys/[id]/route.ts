// GET /v1/license-keys/{id} — a key with its current activations; PATCH changes status, usage,
// limits or expiry (only the fields sent).
import { z } from "zod";
import { methods, readRoute, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { licenseKeyWithActivationsSchema, updateLicenseKeyBody } from "@/lib/license-keys/schemas";
import { licenseKeyById } from "@/lib/license-keys/read";
import { updateLicenseKey } from "@/lib/license-keys/service";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: readRoute({
    auth: "license_keys:read",
    params,
    output: licenseKeyWithActivationsSchema,
    summary: "Get a license key with its current activations",
    read: licenseKeyById,
    values: (params) => [params.id],
  }),
  PATCH: route(
    {
      auth: "license_keys:write",
      params,
      body: updateLicenseKeyBody,
      output: licenseKeyWithActivationsSchema,
      summary: "Change a key's status, usage, limits or expiry",
    },
    ({ db, principal, params, body }) => updateLicenseKey(db, principal, params.id, body),
  ),
});
