// GET /v1/payments/{id} — one payment.
import { methods, route } from "@/lib/api/handler";
import { paymentParams, paymentSchema } from "@/lib/payments/resource";
import { getPayment } from "@/lib/payments/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "payments:read",
      params: paymentParams,
      output: paymentSchema,
      summary: "Get a payment",
    },
    ({ db, principal, params }) => getPayment(db, principal, params.id),
  ),
});
