// GET /v1/customer-portal/orders/{id}/payment-status — the status of the payment that made the order.
import { methods, route } from "@/lib/api/handler";
import { idParams } from "@/lib/customer-portal/schemas";
import { getPortalOrderPaymentStatus, orderPaymentStatusSchema } from "@/lib/customer-portal/order-payments";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: orderPaymentStatusSchema,
      summary: "The payment status of one of the customer's orders (every order here was paid)",
    },
    ({ db, principal, params }) => getPortalOrderPaymentStatus(db, principal, params.id),
  ),
});
