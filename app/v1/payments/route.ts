// GET /v1/payments/ — list payments: each charge of a buyer, succeeded, failed or pending.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listPaymentsQuery, paymentSchema } from "@/lib/payments/resource";
import { listPayments } from "@/lib/payments/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "payments:read",
      query: listPaymentsQuery,
      output: pageSchema(paymentSchema),
      summary: "List payments (newest first): purchases and renewals, by checkout, order, customer, status",
    },
    ({ db, principal, query }) => listPayments(db, principal, query),
  ),
});
