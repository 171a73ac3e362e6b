// POST /v1/auth/sign-out — ends the session behind the cookie and clears the cookies. A live
// session needs its CSRF token (X-CSRF-Token), like every cookie write: another page of the same
// site (another port of the host) cannot sign the merchant out (403, nothing changes). A cookie of
// no live session is just cleared.
import { methods, route } from "@/lib/api/handler";
import { CSRF_HEADER } from "@/lib/api/auth";
import { clearedSessionCookies, readCookie, SESSION_COOKIE, withCookies } from "@/lib/api/session-cookies";
import { signOutWithCsrf } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      status: 204,
      // Signing out twice is harmless, and the cookie-clearing answer needs no keeping.
      idempotency: "none",
      summary: "Sign the merchant out (with the CSRF token); clears the session cookie",
    },
    async ({ db, request }) => {
      const token = readCookie(request, SESSION_COOKIE);
      if (token) await signOutWithCsrf(db, token, request.headers.get(CSRF_HEADER));
      return withCookies(new Response(null, { status: 204 }), clearedSessionCookies());
    },
  ),
});
