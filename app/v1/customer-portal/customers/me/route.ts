// GET /v1/customer-portal/customers/me — the signed-in buyer's profile and organization.
import { methods, route } from "@/lib/api/handler";
import { getPortalCustomer } from "@/lib/customer-portal/customer";
import { portalCustomerSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "customer", output: portalCustomerSchema, summary: "Get the signed-in customer" },
    ({ db, principal }) => getPortalCustomer(db, principal),
  ),
});
