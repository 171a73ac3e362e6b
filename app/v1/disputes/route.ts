// GET /v1/disputes/ — list disputes (by order, status), newest first.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { disputeSchema, listDisputesQuery } from "@/lib/disputes/schemas";
import { listDisputes } from "@/lib/disputes/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "disputes:read",
      query: listDisputesQuery,
      output: pageSchema(disputeSchema),
      summary: "List disputes of payments (newest first), filtered by order or status",
    },
    ({ db, principal, query }) => listDisputes(db, principal, query),
  ),
});
