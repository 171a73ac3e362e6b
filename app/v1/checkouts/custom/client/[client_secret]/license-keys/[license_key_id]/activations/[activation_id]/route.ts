// DELETE /v1/checkouts/custom/client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}
// — the buyer frees one of their key's devices from the confirmation page, when the key's benefit
// lets buyers manage them (`activations.enable_customer_admin`). The client secret is the credential.
import { methods, route } from "@/lib/api/handler";
import { checkoutActivationParams, deactivateCheckoutActivation } from "@/lib/checkout/benefits";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    {
      auth: "public",
      params: checkoutActivationParams,
      status: 204,
      summary:
        "The buyer deactivates a device of a key their succeeded checkout granted (when the benefit allows it)",
    },
    ({ db, params }) =>
      deactivateCheckoutActivation(db, params.client_secret, params.license_key_id, params.activation_id),
  ),
});
