// POST /v1/customer-portal/customers/me/payment-methods/confirm — after the buyer confirmed a card
// they are adding at their bank (3-D Secure): the SetupIntent as Stripe now sees it. Saved: the card;
// still waiting: `requires_action` again; refused: 400 PaymentMethodSetupFailed.
import { methods, route } from "@/lib/api/handler";
import { confirmPortalPaymentMethod } from "@/lib/customer-portal/add-card";
import { addPaymentMethodAnswer, confirmPaymentMethodBody } from "@/lib/customer-portal/card-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      body: confirmPaymentMethodBody,
      output: addPaymentMethodAnswer,
      summary: "Finish adding a saved card after the bank's confirmation (3-D Secure)",
    },
    ({ db, principal, body }) => confirmPortalPaymentMethod(db, principal, body),
  ),
});
