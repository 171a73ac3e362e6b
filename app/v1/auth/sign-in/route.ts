// POST /v1/auth/sign-in — the dashboard's sign-in: sets the session and CSRF cookies.
import { z } from "zod";
import { json, methods, route } from "@/lib/api/handler";
import { readCookie, SESSION_COOKIE, sessionCookies, withCookies } from "@/lib/api/session-cookies";
import { signInBody, sessionViewSchema } from "@/lib/auth/schemas";
import { signIn } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      // Every try must run: the password is checked each time and the answer sets cookies.
      idempotency: "none",
      body: signInBody,
      output: sessionViewSchema,
      summary: "Sign a merchant in (email and password); sets the session cookie",
    },
    async ({ db, request, body }) => {
      // One clock for the session and its cookies: a slow sign-in must not shorten the cookie.
      const now = new Date();
      const signedIn = await signIn(
        db,
        {
          ...body,
          userAgent: request.headers.get("user-agent"),
          previousToken: readCookie(request, SESSION_COOKIE),
        },
        now,
      );
      return withCookies(
        json(z.encode(sessionViewSchema, signedIn.view)),
        sessionCookies(signedIn.token, signedIn.view.csrf_token, signedIn.expiresAt, now),
      );
    },
  ),
});
