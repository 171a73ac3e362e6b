// GET /v1/license-keys/{id}/activations/{activation_id} — one current activation, key nested.
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { activationSchema } from "@/lib/license-keys/schemas";
import { getActivation } from "@/lib/license-keys/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "license_keys:read",
      params: z.object({ id: id(), activation_id: id() }),
      output: activationSchema,
    },
    ({ db, principal, params }) => getActivation(db, principal, params.id, params.activation_id),
  ),
});
