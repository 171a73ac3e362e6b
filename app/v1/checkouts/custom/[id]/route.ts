// GET /v1/checkouts/custom/{id} — one session (merchant view); PATCH updates an open session.
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { checkoutSchema, updateCheckoutBody } from "@/lib/checkout/schemas";
import { getCheckout, updateCheckout } from "@/lib/checkout/service";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "checkouts:read",
      params,
      output: checkoutSchema,
      summary: "Get a checkout session (merchant view)",
    },
    ({ db, principal, params }) => getCheckout(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "checkouts:write",
      params,
      body: updateCheckoutBody,
      output: checkoutSchema,
      summary: "Update an open checkout session",
    },
    ({ db, principal, params, body }) => updateCheckout(db, principal, params.id, body),
  ),
});
