// POST /v1/license-keys/{id}/rotate — a new value for the key (same id, grant, status, limits,
// usage, activations, expiry); the old value stops validating at once. Answers the key as GET does.
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { licenseKeyWithActivationsSchema } from "@/lib/license-keys/schemas";
import { rotateLicenseKey } from "@/lib/license-keys/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "license_keys:write",
      params: z.object({ id: id() }),
      output: licenseKeyWithActivationsSchema,
      summary: "Issue a new value for the key; the old one stops working at once",
    },
    ({ db, principal, params }) => rotateLicenseKey(db, principal, params.id),
  ),
});
