// GET /v1/auth/setup — whether this install still needs its first merchant; POST creates them and
// their organization and signs them in (sets the session cookie), with the setup code the server
// printed at start (422 when wrong), refused (403) once a user exists.
import { z } from "zod";
import { json, methods, route } from "@/lib/api/handler";
import { readCookie, SESSION_COOKIE, sessionCookies, withCookies } from "@/lib/api/session-cookies";
import { sessionViewSchema } from "@/lib/auth/schemas";
import { signIn } from "@/lib/auth/sessions";
import { clientAddress } from "@/lib/http/peer";
import { isSetupRequired, setUpFirstMerchant, setupBody, setupStatusSchema } from "@/lib/organizations/setup";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "public",
      output: setupStatusSchema,
      summary: "Whether the install has no user yet (the dashboard then offers the setup form)",
    },
    async ({ db }) => ({ setup_required: await isSetupRequired(db) }),
  ),
  POST: route(
    {
      auth: "public",
      // Every try must run: it is refused once done, and the answer sets cookies.
      idempotency: "none",
      body: setupBody,
      output: sessionViewSchema,
      status: 201,
      summary:
        "Create the first merchant and their organization with the setup code printed at start, and sign them in; 403 once any user exists",
    },
    async ({ db, request, body }) => {
      await setUpFirstMerchant(db, body, { address: clientAddress(request) });
      // The ordinary sign-in, so the session and its cookies are exactly a sign-in's.
      const now = new Date();
      const signedIn = await signIn(
        db,
        {
          email: body.email,
          password: body.password,
          address: clientAddress(request),
          userAgent: request.headers.get("user-agent"),
          previousToken: readCookie(request, SESSION_COOKIE),
        },
        now,
      );
      return withCookies(
        json(z.encode(sessionViewSchema, signedIn.view), 201),
        sessionCookies(signedIn.token, signedIn.view.csrf_token, signedIn.expiresAt, now),
      );
    },
  ),
});
