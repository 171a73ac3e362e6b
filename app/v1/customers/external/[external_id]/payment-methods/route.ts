// GET /v1/customers/external/{external_id}/payment-methods — the same, by the merchant's own id.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { externalCustomerParams, listExternalCustomerPaymentMethods } from "@/lib/customers/external";
import { customerPaymentMethodSchema, listPaymentMethodsQuery } from "@/lib/customers/payment-methods";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      params: externalCustomerParams,
      query: listPaymentMethodsQuery,
      output: pageSchema(customerPaymentMethodSchema),
      summary: "List the saved payment methods of the customer with that external id",
    },
    ({ db, principal, params, query }) =>
      listExternalCustomerPaymentMethods(db, principal, params.external_id, query),
  ),
});
