// GET /v1/customer-portal/customers/me — the signed-in buyer's profile and organization; PATCH
// corrects their billing name, billing address and tax ID.
import { methods, route } from "@/lib/api/handler";
import { getPortalCustomer, updatePortalCustomer } from "@/lib/customer-portal/customer";
import { portalCustomerSchema, updatePortalCustomerBody } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "customer", output: portalCustomerSchema, summary: "Get the signed-in customer" },
    ({ db, principal }) => getPortalCustomer(db, principal),
  ),
  PATCH: route(
    {
      auth: "customer",
      body: updatePortalCustomerBody,
      output: portalCustomerSchema,
      summary: "Correct the signed-in customer's billing name, billing address or tax ID",
    },
    ({ db, principal, body }) => updatePortalCustomer(db, principal, body),
  ),
});
