// GET /v1/checkouts/custom/client/{client_secret}/benefits — what the buyer received (license keys
// in full) once the session has succeeded; the hosted page's confirmation view reads it.
import { methods, route } from "@/lib/api/handler";
import { checkoutBenefitsSchema, listCheckoutBenefits } from "@/lib/checkout/benefits";
import { clientSecretParams } from "@/lib/checkout/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "public",
      params: clientSecretParams,
      output: checkoutBenefitsSchema,
      summary: "What the buyer received: the benefits of a succeeded checkout, license keys in full",
    },
    ({ db, params }) => listCheckoutBenefits(db, params.client_secret),
  ),
});
