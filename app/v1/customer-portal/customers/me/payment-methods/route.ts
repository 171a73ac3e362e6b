// GET /v1/customer-portal/customers/me/payment-methods — the signed-in buyer's saved cards.
// POST — the buyer adds one (a card form's token): saved at once, or `requires_action` while the
// bank asks the buyer to confirm it (then POST …/confirm).
import { methods, route } from "@/lib/api/handler";
import { addPortalPaymentMethod } from "@/lib/customer-portal/add-card";
import { addPaymentMethodAnswer, addPaymentMethodBody } from "@/lib/customer-portal/card-schemas";
import { pageSchema } from "@/lib/core/schemas";
import { customerPaymentMethodSchema, listPaymentMethodsQuery } from "@/lib/customers/payment-methods";
import { listPortalPaymentMethods } from "@/lib/customer-portal/payment-methods";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: listPaymentMethodsQuery,
      output: pageSchema(customerPaymentMethodSchema),
      summary: "List the signed-in customer's saved cards",
    },
    ({ db, principal, query }) => listPortalPaymentMethods(db, principal, query),
  ),
  POST: route(
    {
      auth: "customer",
      body: addPaymentMethodBody,
      output: addPaymentMethodAnswer,
      summary:
        "Add a saved card for the signed-in customer; 400 PaymentMethodSetupFailed when declined, 403 CustomerNotReady where cards cannot be taken",
    },
    ({ db, principal, body }) => addPortalPaymentMethod(db, principal, body),
  ),
});
