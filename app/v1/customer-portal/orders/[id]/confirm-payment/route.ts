// POST /v1/customer-portal/orders/{id}/confirm-payment — retrying an order's payment: 422
// OrderNotEligibleForRetry, as every order here is paid (a failed renewal is paid from its
// subscription's card form instead).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { idParams } from "@/lib/customer-portal/schemas";
import { confirmPortalOrderPayment } from "@/lib/customer-portal/order-payments";

/** The reference's CustomerOrderConfirmPayment, read and bounded (it decides nothing here). */
const confirmPaymentBody = z.object({
  confirmation_token_id: z.string().max(255).nullish(),
  payment_method_id: z.string().max(255).nullish(),
  payment_processor: z.string().max(32).optional(),
});

/** The reference's CustomerOrderPaymentConfirmation: what a retry would answer (never, here). */
const paymentConfirmationSchema = z.object({
  status: z.string(),
  client_secret: z.string().nullable(),
  error: z.string().nullable(),
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      params: idParams,
      body: confirmPaymentBody,
      output: paymentConfirmationSchema,
      summary: "Retry an order's payment: refused (422 OrderNotEligibleForRetry), every order here is paid",
    },
    ({ db, principal, params }) => confirmPortalOrderPayment(db, principal, params.id),
  ),
});
