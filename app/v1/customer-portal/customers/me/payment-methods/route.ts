// GET /v1/customer-portal/customers/me/payment-methods — the signed-in buyer's saved cards.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { customerPaymentMethodSchema, listPaymentMethodsQuery } from "@/lib/customers/payment-methods";
import { listPortalPaymentMethods } from "@/lib/customer-portal/payment-methods";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: listPaymentMethodsQuery,
      output: pageSchema(customerPaymentMethodSchema),
      summary: "List the signed-in customer's saved cards",
    },
    ({ db, principal, query }) => listPortalPaymentMethods(db, principal, query),
  ),
});
