// GET /v1/customer-portal/customer-session/user — who the customer session is.
import { methods, route } from "@/lib/api/handler";
import { getPortalAuthenticatedUser } from "@/lib/customer-portal/customer";
import { portalAuthenticatedUserSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      output: portalAuthenticatedUserSchema,
      summary: "Who the customer session is: the customer's name, email and id",
    },
    ({ db, principal }) => getPortalAuthenticatedUser(db, principal),
  ),
});
