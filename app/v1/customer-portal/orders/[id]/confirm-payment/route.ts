// POST /v1/customer-portal/orders/{id}/confirm-payment — retrying an order's payment: 422
// OrderNotEligibleForRetry, as every order here is paid (a failed renewal is paid from its
// subscription's card form instead).
import { methods, route } from "@/lib/api/handler";
import { idParams } from "@/lib/customer-portal/schemas";
import {
  confirmOrderPaymentBody,
  confirmPortalOrderPayment,
  orderPaymentConfirmationSchema,
} from "@/lib/customer-portal/order-payments";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      params: idParams,
      body: confirmOrderPaymentBody,
      output: orderPaymentConfirmationSchema,
      summary: "Retry an order's payment: refused (422 OrderNotEligibleForRetry), every order here is paid",
    },
    ({ db, principal, params }) => confirmPortalOrderPayment(db, principal, params.id),
  ),
});
