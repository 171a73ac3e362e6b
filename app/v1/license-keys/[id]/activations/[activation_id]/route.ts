// GET /v1/license-keys/{id}/activations/{activation_id} — one current activation, key nested;
// DELETE deactivates it (the merchant frees a slot).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { activationSchema } from "@/lib/license-keys/schemas";
import { deactivateActivation, getActivation } from "@/lib/license-keys/service";

const params = z.object({ id: id(), activation_id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "license_keys:read",
      params,
      output: activationSchema,
      summary: "Get one current activation of a key",
    },
    ({ db, principal, params }) => getActivation(db, principal, params.id, params.activation_id),
  ),
  DELETE: route(
    {
      auth: "license_keys:write",
      params,
      status: 204,
      summary: "Deactivate: the activation's slot is free at once; the buyer's software reads it as gone",
    },
    ({ db, principal, params }) => deactivateActivation(db, principal, params.id, params.activation_id),
  ),
});
