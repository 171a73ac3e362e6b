// POST /v1/customer-portal/customer-session/authenticate — a sign-in code for a customer session
// token (24 hours). Wrong, expired, used or dead codes are all 401 "Invalid or expired code.".
import { methods, route } from "@/lib/api/handler";
import { authenticateWithCode } from "@/lib/customer-portal/sign-in";
import { authenticateBody, customerSessionTokenSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: authenticateBody,
      output: customerSessionTokenSchema,
      // Every try counts against the code: none may be answered from a replay.
      idempotency: "none",
      summary: "Exchange an emailed sign-in code for a customer session token",
    },
    ({ db, body }) => authenticateWithCode(db, body),
  ),
});
