// GET /v1/checkouts/custom/ — list checkout sessions (filters, sorting, pagination).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/api/schemas";
import { checkoutSchema, listCheckoutsQuery } from "@/lib/checkout/schemas";
import { listCheckouts } from "@/lib/checkout/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "checkouts:read", query: listCheckoutsQuery, output: pageSchema(checkoutSchema) },
    ({ db, principal, query }) => listCheckouts(db, principal, query),
  ),
});
