// GET /v1/customers/ — list customers.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { customerSchema, listCustomersQuery } from "@/lib/customers/schemas";
import { listCustomers } from "@/lib/customers/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      query: listCustomersQuery,
      output: pageSchema(customerSchema),
      summary: "List customers (by email); `query` searches emails and names",
    },
    ({ db, principal, query }) => listCustomers(db, principal, query),
  ),
});
