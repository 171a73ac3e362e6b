// GET /v1/customers/{id} — one customer; PATCH changes the fields sent; DELETE removes a customer
// without purchases, or anonymizes one with orders, subscriptions or license keys (they stay
// intact). Either way it is then not found here.
import { methods, route } from "@/lib/api/handler";
import { customerParams, customerResourceSchema, updateCustomerBody } from "@/lib/customers/schemas";
import { updateCustomer } from "@/lib/customers/manage";
import { deleteCustomerAndForgetSessions } from "@/lib/composition/cross-domain-events";
import { getCustomer } from "@/lib/customers/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      params: customerParams,
      output: customerResourceSchema,
      summary: "Get a customer",
    },
    ({ db, principal, params }) => getCustomer(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "customers:write",
      params: customerParams,
      body: updateCustomerBody,
      output: customerResourceSchema,
      summary: "Update a customer; 409 if the new email or external_id exists; external_id is set once",
    },
    ({ db, principal, params, body }) => updateCustomer(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "customers:write",
      params: customerParams,
      status: 204,
      summary: "Delete a customer: removed, or anonymized when it has purchases (which stay intact)",
    },
    ({ db, principal, params }) => deleteCustomerAndForgetSessions(db, principal, params.id),
  ),
});
