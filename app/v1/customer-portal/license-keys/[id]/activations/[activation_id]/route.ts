// DELETE /v1/customer-portal/license-keys/{id}/activations/{activation_id} — the buyer frees one of
// their key's devices (403 when the key's benefit leaves devices to the seller).
import { methods, route } from "@/lib/api/handler";
import { deactivatePortalActivation } from "@/lib/customer-portal/license-keys";
import { activationParams } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    {
      auth: "customer",
      params: activationParams,
      status: 204,
      summary: "Deactivate a device of one of the customer's license keys",
    },
    ({ db, principal, params }) => deactivatePortalActivation(db, principal, params.id, params.activation_id),
  ),
});
