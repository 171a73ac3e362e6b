// GET /v1/customer-portal/customers/{id} — the signed-in buyer by their id, where the
// specification's era SDK (0.22.2, customerPortal.customers.get) reads it: the same answer as
// …/customers/me; another customer's id is 404 (a buyer sees only themselves).
import { methods, route } from "@/lib/api/handler";
import { getPortalCustomerById } from "@/lib/customer-portal/customer";
import { idParams, portalCustomerSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: portalCustomerSchema,
      summary: "Get the signed-in customer by their id (the era SDK's path; …/customers/me is the same)",
    },
    ({ db, principal, params }) => getPortalCustomerById(db, principal, params.id),
  ),
});
