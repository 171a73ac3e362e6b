// GET /v1/customers/{id}/state — the customer with their active subscriptions and granted benefits.
import { methods, route } from "@/lib/api/handler";
import { customerParams } from "@/lib/customers/schemas";
import { customerStateSchema, getCustomerState } from "@/lib/customers/state";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      params: customerParams,
      output: customerStateSchema,
      summary: "Get a customer's state: active subscriptions and granted benefits, in one answer",
    },
    ({ db, principal, params }) => getCustomerState(db, principal, params.id),
  ),
});
