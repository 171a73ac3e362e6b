// GET /v1/customer-portal/customer-session/introspect — when the buyer's portal session ends (the
// current reference API's portal reads it to know when to sign in again).
import { methods, route } from "@/lib/api/handler";
import { introspectCustomerSession } from "@/lib/customer-portal/customer";
import { customerSessionIntrospectionSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      output: customerSessionIntrospectionSchema,
      summary: "Get when the customer's session expires",
    },
    ({ db, principal }) => introspectCustomerSession(db, principal),
  ),
});
