// GET /v1/customers/external/{external_id}/state — the state of the customer with that external id.
import { methods, route } from "@/lib/api/handler";
import { customerStateSchema } from "@/lib/customers/state";
import { externalCustomerParams, getExternalCustomerState } from "@/lib/customers/external";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      params: externalCustomerParams,
      output: customerStateSchema,
      summary: "Get a customer's state by the merchant's external id",
    },
    ({ db, principal, params }) => getExternalCustomerState(db, principal, params.external_id),
  ),
});
