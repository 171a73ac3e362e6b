// GET /v1/customer-portal/customers/me/email-update/check?token= — 204 while the signed-in buyer's
// email change link is live; 401 when it is unknown, expired, used, replaced or another's.
import { methods, route } from "@/lib/api/handler";
import { checkEmailUpdate } from "@/lib/customer-portal/email-update";
import { emailUpdateCheckQuery } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      query: emailUpdateCheckQuery,
      status: 204,
      summary: "Check that an email change link's token is still valid",
    },
    ({ db, principal, query }) => checkEmailUpdate(db, principal, query.token),
  ),
});
