// POST /v1/customer-portal/customer-session/authenticate — a sign-in code for a customer session
// token (24 hours). Wrong, expired or used codes are all 401 "Invalid or expired code."; tries are
// limited per address (429). The token comes back in the body for API clients, and in the portal's
// HttpOnly cookie with its CSRF cookie for the portal's pages (docs/portal-security.md).
import { z } from "zod";
import { json, methods, route } from "@/lib/api/handler";
import { portalSignInCheckRateLimits } from "@/lib/api/rate-limit";
import { portalSessionCookies, withCookies } from "@/lib/api/session-cookies";
import { authenticateWithCode } from "@/lib/customer-portal/sign-in";
import { customerSessionCsrfToken } from "@/lib/customer-portal/sessions";
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
      summary:
        "Exchange an emailed sign-in code for a customer session token (also set as the portal's cookie)",
    },
    async ({ db, body }) => {
      // One clock for the session and its cookies.
      const now = new Date();
      const session = await authenticateWithCode(db, body, now);
      return withCookies(
        json(z.encode(customerSessionTokenSchema, session)),
        portalSessionCookies(session.token, customerSessionCsrfToken(session.token), session.expires_at, now),
      );
    },
  ),
});
