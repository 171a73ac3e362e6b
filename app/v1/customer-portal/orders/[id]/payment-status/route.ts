// GET /v1/customer-portal/orders/{id}/payment-status — the status of the payment that made the order.
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { idParams } from "@/lib/customer-portal/schemas";
import { getPortalOrderPaymentStatus } from "@/lib/customer-portal/order-payments";

const paymentStatusSchema = z.object({ status: z.string(), error: z.string().nullable() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      params: idParams,
      output: paymentStatusSchema,
      summary: "The payment status of one of the customer's orders (every order here was paid)",
    },
    ({ db, principal, params }) => getPortalOrderPaymentStatus(db, principal, params.id),
  ),
});
