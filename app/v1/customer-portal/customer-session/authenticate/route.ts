// POST /v1/customer-portal/customer-session/authenticate — a sign-in code for a customer session
// token (24 hours). Wrong, expired or used codes are all 401 "Invalid or expired code."; tries are
// limited per address (429).
import { methods, route } from "@/lib/api/handler";
import { portalSignInCheckRateLimits } from "@/lib/api/rate-limit";
import { authenticateWithCode } from "@/lib/customer-portal/sign-in";
import { authenticateBody, customerSessionTokenSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: authenticateBody,
      output: customerSessionTokenSchema,
      // Every try is checked and counted: none may be answered from a replay.
      idempotency: "none",
      // Tries per address, customer or not: bounds guessing without ending the owner's code.
      rateLimitBy: portalSignInCheckRateLimits,
      summary: "Exchange an emailed sign-in code for a customer session token",
    },
    ({ db, body }) => authenticateWithCode(db, body),
  ),
});
