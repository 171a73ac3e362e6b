// GET /v1/checkouts/custom/ — list checkout sessions (filters, sorting, pagination);
// POST creates one (201).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createCheckout } from "@/lib/checkout/create";
import { checkoutSchema, createCheckoutBody, listCheckoutsQuery } from "@/lib/checkout/schemas";
import { listCheckouts } from "@/lib/checkout/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "checkouts:read",
      query: listCheckoutsQuery,
      output: pageSchema(checkoutSchema),
      summary: "List checkout sessions (filters, sorting, pagination)",
    },
    ({ db, principal, query }) => listCheckouts(db, principal, query),
  ),
  POST: route(
    {
      auth: "checkouts:write",
      body: createCheckoutBody,
      output: checkoutSchema,
      status: 201,
      summary: "Create a checkout session for one or more products; send the buyer to its `url`",
    },
    ({ db, principal, body }) => createCheckout(db, principal, body),
  ),
});
