// GET /v1/auth/session — who is signed in, their organizations, and the CSRF token for writes
// (also re-sent as the dsb_csrf cookie: the token is derived from the server secret, so a browser's
// copy from before a change of APP_SECRET is brought up to date when the dashboard loads).
import { z } from "zod";
import { json, methods, route } from "@/lib/api/handler";
import { csrfCookie, withCookies } from "@/lib/api/session-cookies";
import { sessionViewSchema } from "@/lib/auth/schemas";
import { currentSession } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "session", output: sessionViewSchema, summary: "The signed-in merchant and their organizations" },
    async ({ db, principal }) => {
      const { view, expiresAt } = await currentSession(db, principal.id);
      return withCookies(json(z.encode(sessionViewSchema, view)), [csrfCookie(view.csrf_token, expiresAt)]);
    },
  ),
});
