// The dashboard's two cookies: the session token (HttpOnly: scripts never see it) and the CSRF
// token (readable, so the dashboard can echo it in X-CSRF-Token; useless to another site, which
// can neither read it nor set the header). SameSite=Lax keeps both off cross-site subrequests.
import { publicBaseUrl } from "../config";

export const SESSION_COOKIE = "dsb_session";
export const CSRF_COOKIE = "dsb_csrf";

/** Secure unless the app is served over plain http (local development, browser tests). */
function secureAttribute(): string {
  const configured = process.env.COOKIE_SECURE;
  const secure = configured ? configured === "true" : publicBaseUrl().startsWith("https:");
  return secure ? "; Secure" : "";
}

function cookie(name: string, value: string, maxAgeSeconds: number, httpOnly: boolean): string {
  return (
    `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax` +
    (httpOnly ? "; HttpOnly" : "") +
    secureAttribute()
  );
}

// Rounded up: the cookie is set a few milliseconds after the session's expiry was computed, and a
// slow request must not make it a second shorter (a lifetime of 604799 s instead of 7 days).
function maxAgeUntil(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
}

export function sessionCookies(
  token: string,
  csrfToken: string,
  expiresAt: Date,
  now = new Date(),
): string[] {
  const maxAge = maxAgeUntil(expiresAt, now);
  return [cookie(SESSION_COOKIE, token, maxAge, true), cookie(CSRF_COOKIE, csrfToken, maxAge, false)];
}

/** The CSRF cookie alone: re-sent with the session view, so a browser's copy follows the server's. */
export function csrfCookie(csrfToken: string, expiresAt: Date, now = new Date()): string {
  const maxAge = maxAgeUntil(expiresAt, now);
  return cookie(CSRF_COOKIE, csrfToken, maxAge, false);
}

export function clearedSessionCookies(): string[] {
  return [cookie(SESSION_COOKIE, "", 0, true), cookie(CSRF_COOKIE, "", 0, false)];
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** A response that carries cookies: one Set-Cookie header per cookie. */
export function withCookies(response: Response, cookies: string[]): Response {
  for (const value of cookies) response.headers.append("set-cookie", value);
  return response;
}
