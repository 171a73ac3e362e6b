// POST /v1/customer-portal/customers/me/email-update/verify — the emailed link's token changes the
// customer's email (no session needed: the token is the credential, and the link may open in
// another browser). Answers a customer session token, also set as the portal's cookie as after a
// sign-in; 401 for a bad, expired, used or replaced token, 422 when another customer of the
// organization has the address (lib/customer-portal/email-update.ts).
import { z } from "zod";
import { json, methods, route } from "@/lib/api/handler";
import { portalSessionCookies, withCookies } from "@/lib/api/session-cookies";
import { verifyEmailUpdate } from "@/lib/customer-portal/email-update";
import { customerSessionCsrfToken } from "@/lib/customer-portal/sessions";
import { emailUpdateVerifyBody, emailUpdateVerifySchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: emailUpdateVerifyBody,
      output: emailUpdateVerifySchema,
      // The token works once: a retry must be told so, not replayed a session.
      idempotency: "none",
      summary: "Change the customer's email with the emailed link's token; answers a customer session token",
    },
    async ({ db, body }) => {
      // One clock for the change, the session and its cookies.
      const now = new Date();
      const session = await verifyEmailUpdate(db, body.token, now);
      return withCookies(
        json(z.encode(emailUpdateVerifySchema, { token: session.token })),
        portalSessionCookies(session.token, customerSessionCsrfToken(session.token), session.expires_at, now),
      );
    },
  ),
});
