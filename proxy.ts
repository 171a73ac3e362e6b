// Security headers of the hosted checkout pages (/checkout/*), decided per request:
// - a Content-Security-Policy with a fresh nonce, which Next.js puts on its own scripts, so no
//   other script runs ('strict-dynamic': only what those scripts load; no 'unsafe-inline');
// - frame-ancestors: the session's embed_origin when the merchant set one, else 'none'. That needs
//   the session, hence this lookup (one indexed read by the secret's hash) before the page renders;
// - no referrer (the URL carries the client secret), nosniff.
// Everything else gets static headers from next.config.js.
import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { clientSecretHash } from "@/lib/checkout/client-secret";

/** The origin a session may be framed by, or null: only a well-formed http(s) origin is trusted. */
async function frameAncestorFor(clientSecret: string): Promise<string | null> {
  if (!clientSecret || clientSecret.length > 128) return null;
  try {
    const db = await getDb();
    const session = await db.checkoutSession.findUnique({
      where: { client_secret_hash: clientSecretHash(clientSecret) },
      select: { embed_origin: true },
    });
    if (!session?.embed_origin) return null;
    const url = new URL(session.embed_origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    // Unreadable session or database: never frameable; the page reports the error itself.
    return null;
  }
}

function secretOf(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split("/")[2] ?? "");
  } catch {
    return "";
  }
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function checkoutContentSecurityPolicy(options: {
  nonce: string;
  frameAncestor: string | null;
  dev?: boolean;
}): string {
  const { dev } = options;
  const n = `'nonce-${options.nonce}'`;
  return [
    "default-src 'self'",
    `script-src 'self' ${n} 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : n}`,
    // Product media and organization logos may live on the merchant's own host.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestor ?? "'none'"}`,
  ].join("; ");
}

export async function proxy(request: NextRequest) {
  const clientSecret = secretOf(request.nextUrl.pathname);
  const csp = checkoutContentSecurityPolicy({
    nonce: nonce(),
    frameAncestor: await frameAncestorFor(clientSecret),
    dev: process.env.NODE_ENV === "development",
  });
  // Next.js reads the nonce from the request's CSP header and applies it while rendering.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  response.headers.set("referrer-policy", "no-referrer");
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
  return response;
}

export const config = { matcher: ["/checkout/:path*"] };
