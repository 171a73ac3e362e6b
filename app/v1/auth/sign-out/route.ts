// POST /v1/auth/sign-out — ends the session behind the cookie (if any) and clears the cookies.
import { methods, route } from "@/lib/api/handler";
import { clearedSessionCookies, readCookie, SESSION_COOKIE, withCookies } from "@/lib/api/session-cookies";
import { signOut } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      status: 204,
      // Signing out twice is harmless, and the cookie-clearing answer needs no keeping.
      idempotency: "none",
      summary: "Sign the merchant out; clears the session cookie",
    },
    async ({ db, request }) => {
      const token = readCookie(request, SESSION_COOKIE);
      if (token) await signOut(db, token);
      return withCookies(new Response(null, { status: 204 }), clearedSessionCookies());
    },
  ),
});
