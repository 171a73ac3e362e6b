// POST /v1/disputes/{id}/accept — concede a dispute: the processor closes it as lost (its order's
// benefits go when the organization revokes on disputes); 409 when it is closed already.
import { methods, route } from "@/lib/api/handler";
import { disputeParams, disputeSchema } from "@/lib/disputes/schemas";
import { acceptDispute } from "@/lib/disputes/accept";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "disputes:write",
      params: disputeParams,
      output: disputeSchema,
      summary: "Accept (concede) a dispute: closed as lost at the processor; 409 once it is closed",
    },
    ({ db, principal, params }) => acceptDispute(db, principal, params.id),
  ),
});
