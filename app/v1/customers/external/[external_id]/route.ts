// GET /v1/customers/external/{external_id} — the customer with the merchant's external id; PATCH
// changes the fields sent (the external id stays); DELETE as by id: removed, or anonymized.
import { methods, route } from "@/lib/api/handler";
import { customerResourceSchema } from "@/lib/customers/schemas";
import {
  externalCustomerParams,
  getExternalCustomer,
  updateExternalCustomer,
  updateExternalCustomerBody,
} from "@/lib/customers/external";
import { deleteExternalCustomerAndForgetSessions } from "@/lib/composition/cross-domain-events";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      params: externalCustomerParams,
      output: customerResourceSchema,
      summary: "Get a customer by the merchant's external id",
    },
    ({ db, principal, params }) => getExternalCustomer(db, principal, params.external_id),
  ),
  PATCH: route(
    {
      auth: "customers:write",
      params: externalCustomerParams,
      body: updateExternalCustomerBody,
      output: customerResourceSchema,
      summary: "Update a customer found by external id; 409 if the new email exists",
    },
    ({ db, principal, params, body }) => updateExternalCustomer(db, principal, params.external_id, body),
  ),
  DELETE: route(
    {
      auth: "customers:write",
      params: externalCustomerParams,
      status: 204,
      summary: "Delete a customer found by external id: removed, or anonymized when it has purchases",
    },
    ({ db, principal, params }) => deleteExternalCustomerAndForgetSessions(db, principal, params.external_id),
  ),
});
