// DELETE /v1/customer-portal/customers/me/payment-methods/{id} — the buyer removes a saved card no
// subscription still bills (400 PaymentMethodInUseByActiveSubscription otherwise).
import { methods, route } from "@/lib/api/handler";
import { deletePortalPaymentMethod, paymentMethodParams } from "@/lib/customer-portal/payment-methods";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    {
      auth: "customer",
      params: paymentMethodParams,
      status: 204,
      summary: "Remove a saved card of the signed-in customer; 400 while a subscription still bills it",
    },
    ({ db, principal, params }) => deletePortalPaymentMethod(db, principal, params.id),
  ),
});
