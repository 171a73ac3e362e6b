// GET /v1/disputes/{id} — one dispute.
import { methods, route } from "@/lib/api/handler";
import { disputeParams, disputeSchema } from "@/lib/disputes/schemas";
import { getDispute } from "@/lib/disputes/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "disputes:read",
      params: disputeParams,
      output: disputeSchema,
      summary: "Get a dispute",
    },
    ({ db, principal, params }) => getDispute(db, principal, params.id),
  ),
});
