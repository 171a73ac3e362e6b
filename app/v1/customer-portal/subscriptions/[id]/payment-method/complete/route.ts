// POST /v1/customer-portal/subscriptions/{id}/payment-method/complete — after the buyer confirmed a
// new card at their bank (3-D Secure): the card setup as the processor now sees it. Saved: the
// subscription (a past_due one charged for its unpaid period); still waiting: `next_action` again.
import { methods, route } from "@/lib/api/handler";
import { completePortalPaymentMethod } from "@/lib/customer-portal/subscriptions";
import { idParams, portalPaymentMethodAnswer } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      params: idParams,
      output: portalPaymentMethodAnswer,
      summary: "Finish updating a subscription's payment method after the bank's confirmation",
    },
    ({ db, principal, params }) => completePortalPaymentMethod(db, principal, params.id),
  ),
});
