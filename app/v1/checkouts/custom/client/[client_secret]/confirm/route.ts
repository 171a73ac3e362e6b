// POST /v1/checkouts/custom/client/{client_secret}/confirm — the buyer pays: every check, the
// charge, then `confirmed` with the order processing queued (docs/api.md §4 and §6).
import { methods, route } from "@/lib/api/handler";
import { clientSecretScope, requestKeyHash } from "@/lib/api/idempotency";
import { confirmCheckout } from "@/lib/checkout/confirm";
import { knownClientAddress } from "@/lib/http/peer";
import { assertBudgetsHaveRoom, chargeBudgets } from "@/lib/api/rate-limit";
import { checkoutConfirmedSchema, clientSecretParams, confirmCheckoutBody } from "@/lib/checkout/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      params: clientSecretParams,
      body: confirmCheckoutBody,
      idempotencyScope: ({ params }) => clientSecretScope(params.client_secret),
      output: checkoutConfirmedSchema,
      summary: "The buyer confirms and pays; answers the session with a customer session token",
    },
    ({ db, params, body, request }) =>
      confirmCheckout(db, params.client_secret, body, {
        requestKeyHash: requestKeyHash(request, clientSecretScope(params.client_secret)),
        clientAddress: knownClientAddress(request),
        failureBudgets: { assertRoom: assertBudgetsHaveRoom, charge: chargeBudgets },
      }),
  ),
});
