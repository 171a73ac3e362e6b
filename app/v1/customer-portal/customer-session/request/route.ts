// POST /v1/customer-portal/customer-session/request — email a sign-in code to the buyer. 202 `{}`
// whether or not the address is a customer, after the same work (the worker sends the code:
// lib/customer-portal/sign-in.ts); rate limited per address and per client address.
import { methods, route } from "@/lib/api/handler";
import { portalSignInRateLimits } from "@/lib/api/rate-limit";
import { requestSignInCode } from "@/lib/customer-portal/sign-in";
import { emptySchema, requestCodeBody } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: requestCodeBody,
      output: emptySchema,
      status: 202,
      // Every request asks for a new code: a replayed answer would send none.
      idempotency: "none",
      rateLimitBy: portalSignInRateLimits,
      summary: "Email a one-time sign-in code for the customer portal (same answer for any address)",
    },
    ({ db, body }) => requestSignInCode(db, body),
  ),
});
