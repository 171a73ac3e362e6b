// GET /v1/customers/ — list customers; POST — create one (email and external_id unique per
// organization, the email in any case).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createCustomerBody, customerResourceSchema, listCustomersQuery } from "@/lib/customers/schemas";
import { createCustomer } from "@/lib/customers/manage";
import { listCustomers } from "@/lib/customers/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      query: listCustomersQuery,
      output: pageSchema(customerResourceSchema),
      summary: "List customers (by email); `email` matches exactly, `query` searches emails and names",
    },
    ({ db, principal, query }) => listCustomers(db, principal, query),
  ),
  POST: route(
    {
      auth: "customers:write",
      body: createCustomerBody,
      output: customerResourceSchema,
      status: 201,
      summary: "Create a customer; 409 if the email (any case) or the external_id exists",
    },
    ({ db, principal, body }) => createCustomer(db, principal, body),
  ),
});
