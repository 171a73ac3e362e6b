// POST /v1/customer-portal/customers/me/email-update/request — the signed-in buyer asks to change
// their email: a link (valid 30 minutes, once; a newer one ends it) is emailed to the new address
// by the job worker. 202 `{}`; rate limited per customer and per address
// (lib/customer-portal/email-update.ts).
import { methods, route } from "@/lib/api/handler";
import { portalEmailUpdateRateLimits } from "@/lib/api/rate-limit";
import { requestEmailUpdate } from "@/lib/customer-portal/email-update";
import { emailUpdateRequestBody, emptySchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "customer",
      body: emailUpdateRequestBody,
      output: emptySchema,
      status: 202,
      // Every request sends a new link: a replayed answer would send none.
      idempotency: "none",
      rateLimitBy: portalEmailUpdateRateLimits,
      summary: "Email a link that confirms a new email address for the signed-in customer",
    },
    ({ db, principal, body }) => requestEmailUpdate(db, principal, body),
  ),
});
