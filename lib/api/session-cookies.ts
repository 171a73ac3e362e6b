// The dashboard's two cookies: the session token (HttpOnly: scripts never see it) and the CSRF
// token (readable, so the dashboard can echo it in X-CSRF-Token; useless to another site, which
// can neither read it nor set the header). SameSite=Lax keeps both off cross-site subrequests.
// The customer portal has the same pair of its own (docs/portal-security.md): SameSite=Strict, the
// session cookie sent only to the portal's API (/v1/customer-portal), the CSRF cookie readable only
// by the portal's pages (/portal).
import { publicBaseUrl } from "../config";

export const SESSION_COOKIE = "dsb_session";
export const CSRF_COOKIE = "dsb_csrf";
export const PORTAL_SESSION_COOKIE = "cps_session";
export const PORTAL_CSRF_COOKIE = "cps_csrf";
export const PORTAL_API_PATH = "/v1/customer-portal";
export const PORTAL_PAGES_PATH = "/portal";

/** Secure unless the app is served over plain http (local development, browser tests). */
function secureAttribute(): string {
  const configured = process.env.COOKIE_SECURE;
  const secure = configured ? configured === "true" : publicBaseUrl().startsWith("https:");
  return secure ? "; Secure" : "";
}

type CookieScope = { path: string; sameSite: "Lax" | "Strict" };
const DASHBOARD: CookieScope = { path: "/", sameSite: "Lax" };

function cookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  httpOnly: boolean,
  scope: CookieScope = DASHBOARD,
): string {
  return (
    `${name}=${encodeURIComponent(value)}; Path=${scope.path}; Max-Age=${maxAgeSeconds}; SameSite=${scope.sameSite}` +
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

const PORTAL_API: CookieScope = { path: PORTAL_API_PATH, sameSite: "Strict" };
const PORTAL_PAGES: CookieScope = { path: PORTAL_PAGES_PATH, sameSite: "Strict" };

/** The customer portal's session (HttpOnly, to its API only) and CSRF (to its pages) cookies. */
export function portalSessionCookies(token: string, csrfToken: string, expiresAt: Date, now = new Date()) {
  const maxAge = maxAgeUntil(expiresAt, now);
  return [
    cookie(PORTAL_SESSION_COOKIE, token, maxAge, true, PORTAL_API),
    cookie(PORTAL_CSRF_COOKIE, csrfToken, maxAge, false, PORTAL_PAGES),
  ];
}

export function clearedPortalSessionCookies(): string[] {
  return [
    cookie(PORTAL_SESSION_COOKIE, "", 0, true, PORTAL_API),
    cookie(PORTAL_CSRF_COOKIE, "", 0, false, PORTAL_PAGES),
  ];
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
