// DELETE /v1/customer-portal/customer-session — sign out: the customer session token stops working.
import { methods, route } from "@/lib/api/handler";
import { revokeCustomerSession } from "@/lib/customer-portal/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    { auth: "customer", status: 204, summary: "Sign out of the customer portal (revokes the session token)" },
    ({ db, principal }) => revokeCustomerSession(db, principal),
  ),
});
