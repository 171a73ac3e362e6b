// GET /v1/customers/{id}/payment-methods — the cards the customer's subscriptions renew with.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { customerParams } from "@/lib/customers/schemas";
import {
  customerPaymentMethodSchema,
  listCustomerPaymentMethods,
  listPaymentMethodsQuery,
} from "@/lib/customers/payment-methods";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      params: customerParams,
      query: listPaymentMethodsQuery,
      output: pageSchema(customerPaymentMethodSchema),
      summary: "List a customer's saved payment methods (the cards their subscriptions renew with)",
    },
    ({ db, principal, params, query }) => listCustomerPaymentMethods(db, principal, params.id, query),
  ),
});
