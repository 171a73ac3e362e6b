// POST /v1/customer-sessions/ — the merchant opens the customer portal as one of their customers:
// a customer session token (1 hour) and the portal URL that signs in with it.
import { methods, route } from "@/lib/api/handler";
import { mintCustomerSession } from "@/lib/customer-portal/sessions";
import { createCustomerSessionBody, customerSessionSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer_sessions:write",
      body: createCustomerSessionBody,
      output: customerSessionSchema,
      status: 201,
      summary: "Create a customer portal session for a customer (token and signed-in portal URL)",
    },
    ({ db, principal, body }) => mintCustomerSession(db, principal, body.customer_id),
  ),
});
