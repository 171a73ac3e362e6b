// GET /v1/checkouts/custom/client/{client_secret} — the buyer's view of a session (any status);
// PATCH updates it while open. The client secret is the credential: no token.
import { methods, route } from "@/lib/api/handler";
import { clientSecretScope } from "@/lib/api/idempotency";
import { getClientCheckout, updateClientCheckout } from "@/lib/checkout/client";
import { checkoutClientSchema, clientSecretParams, clientUpdateCheckoutBody } from "@/lib/checkout/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "public",
      params: clientSecretParams,
      output: checkoutClientSchema,
      summary: "The buyer's view of a checkout session (the client secret is the credential)",
    },
    ({ db, params }) => getClientCheckout(db, params.client_secret),
  ),
  PATCH: route(
    {
      auth: "public",
      params: clientSecretParams,
      body: clientUpdateCheckoutBody,
      idempotencyScope: ({ params }) => clientSecretScope(params.client_secret),
      output: checkoutClientSchema,
      summary: "The buyer updates an open checkout session (email, address, discount, custom fields)",
    },
    ({ db, params, body }) => updateClientCheckout(db, params.client_secret, body),
  ),
});
