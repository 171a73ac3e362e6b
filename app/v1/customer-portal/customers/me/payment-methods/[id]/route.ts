// DELETE /v1/customer-portal/customers/me/payment-methods/{id} — the buyer removes a saved card no
// subscription still bills (400 PaymentMethodInUseByActiveSubscription otherwise).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { deletePortalPaymentMethod } from "@/lib/customer-portal/payment-methods";

/** A saved card's reference as the list shows it (the processor's, e.g. `cus_…/pm_…`). */
const paymentMethodParams = z.object({ id: z.string().min(1).max(255) });

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
