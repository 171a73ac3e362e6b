// POST /v1/customer-portal/subscriptions/{id}/payment-method — a new card (a single-use token from
// the card form) for the subscription's renewals; a past_due one is charged for its unpaid period.
// When the bank asks the buyer to confirm the card first, the answer carries `next_action`.
import { methods, route } from "@/lib/api/handler";
import { updatePortalPaymentMethod } from "@/lib/customer-portal/subscriptions";
import { idParams, paymentMethodBody, portalPaymentMethodAnswer } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      params: idParams,
      body: paymentMethodBody,
      output: portalPaymentMethodAnswer,
      summary: "Update the payment method of one of the customer's subscriptions",
    },
    ({ db, principal, params, body }) => updatePortalPaymentMethod(db, principal, params.id, body.token),
  ),
});
