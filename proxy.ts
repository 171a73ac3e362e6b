// Security headers of the app's pages that run scripts: the hosted checkout (/checkout/*), the
// customer portal (/portal/*), receipts (/receipts/*) and the dashboard (/dashboard*), decided per
// request (docs/portal-security.md):
// - a Content-Security-Policy with a fresh nonce, which Next.js puts on its own scripts, so no
//   other script runs ('strict-dynamic': only what those scripts load; no 'unsafe-inline');
// - frame-ancestors: for the checkout, the session's embed_origin when the merchant set one, else
//   'none'. That needs the session, hence this lookup (one indexed read by the secret's hash)
//   before the page renders; every other page is never framed;
// - Stripe's script, frames and API for a checkout session of the Stripe processor only (the same
//   read), and on the portal of an organization that takes payments with Stripe (a new card is
//   entered in Stripe's form there; one read by the slug): a test processor's pages keep a policy
//   with no third party at all;
// - no referrer where the URL is a credential (checkout, portal sign-in links, receipts), nosniff.
// A portal link that carries a customer session token (`?customer_session_token=`, minted by the
// merchant) is answered here with a redirect to the same page without it, the session moved into
// the portal's HttpOnly cookie: the token never reaches the page's scripts, history or bookmarks.
// Everything else gets static headers from next.config.js.
import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { clientSecretHash } from "@/lib/checkout/client-secret";
import { portalSessionCookies } from "@/lib/api/session-cookies";
import { customerSessionCsrfToken, customerSessionExpiry } from "@/lib/customer-portal/sessions";

/** The query parameter of merchant-minted portal links (lib/customer-portal/sessions.ts). */
export const PORTAL_TOKEN_PARAM = "customer_session_token";

type CheckoutPolicyInputs = { frameAncestor: string | null; paymentProcessor: string | null };

/**
 * What a checkout page's policy depends on: the origin the session may be framed by (only a
 * well-formed http(s) origin is trusted) and its payment processor.
 */
async function checkoutPolicyInputs(clientSecret: string): Promise<CheckoutPolicyInputs> {
  const none = { frameAncestor: null, paymentProcessor: null };
  if (!clientSecret || clientSecret.length > 128) return none;
  try {
    const db = await getDb();
    const session = await db.checkoutSession.findUnique({
      where: { client_secret_hash: clientSecretHash(clientSecret) },
      select: { embed_origin: true, payment_processor: true },
    });
    if (!session) return none;
    return {
      frameAncestor: trustedOrigin(session.embed_origin),
      paymentProcessor: session.payment_processor,
    };
  } catch {
    // Unreadable session or database: never frameable, no third party; the page reports the error.
    return none;
  }
}

/** The processor of the organization whose portal `/portal/{slug}` is (null: none, or unreadable). */
async function portalPaymentProcessor(pathname: string): Promise<string | null> {
  const slug = secretOf(pathname);
  if (!slug || slug.length > 128) return null;
  try {
    const db = await getDb();
    const organization = await db.organization.findUnique({
      where: { slug },
      select: { payment_processor: { select: { processor: true } } },
    });
    return organization?.payment_processor?.processor ?? null;
  } catch {
    return null;
  }
}

function trustedOrigin(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The sources Stripe.js and its Payment Element need (docs/checkout.md, "Stripe on the checkout
 * page and in Settings"): its script (which 'strict-dynamic' already admits once the page's nonced
 * code loads it; listed for browsers without it), the element's and 3-D Secure's frames, and its API.
 */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

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
  /** The session's `payment_processor`: Stripe's sources are added for "stripe" only. */
  paymentProcessor?: string | null;
  dev?: boolean;
}): string {
  const { dev } = options;
  const n = `'nonce-${options.nonce}'`;
  const stripe = options.paymentProcessor === "stripe";
  const plus = (sources: readonly string[]) => (stripe ? ` ${sources.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' ${n} 'strict-dynamic'${plus(STRIPE_SOURCES.script)}${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : n}`,
    // Product media and organization logos may live on the merchant's own host.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${plus(STRIPE_SOURCES.connect)}${dev ? " ws: wss:" : ""}`,
    // Without it frames fall back to default-src 'self'.
    ...(stripe ? [`frame-src 'self' ${STRIPE_SOURCES.frame.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestor ?? "'none'"}`,
  ].join("; ");
}

/**
 * The same policy for the portal, receipts and dashboard pages: never framed. The dashboard's email
 * preview shows an email's HTML in a sandboxed srcdoc frame, which inherits this policy, and
 * emails style by attributes: there (only) inline style attributes are allowed, which run no script.
 */
export const pageContentSecurityPolicy = (options: {
  nonce: string;
  dev?: boolean;
  inlineStyleAttributes?: boolean;
  /** The portal's organization's processor: Stripe's sources for "stripe" only. */
  paymentProcessor?: string | null;
}) =>
  checkoutContentSecurityPolicy({ ...options, frameAncestor: null }) +
  (options.inlineStyleAttributes ? "; style-src-attr 'unsafe-inline'" : "");

/**
 * A portal link with a session token: 303 to the same address without it, setting the portal's
 * cookies when the token is a live session (otherwise the page simply shows sign-in).
 */
async function portalSignInFromLink(request: NextRequest): Promise<NextResponse> {
  const token = request.nextUrl.searchParams.get(PORTAL_TOKEN_PARAM) ?? "";
  // Absolute, as Next.js requires of a proxy's redirect: the address the request came to.
  const target = request.nextUrl.clone();
  target.searchParams.delete(PORTAL_TOKEN_PARAM);
  const response = NextResponse.redirect(target, 303);
  const now = new Date();
  try {
    const expiresAt = await customerSessionExpiry(await getDb(), token, now);
    if (expiresAt) {
      for (const cookie of portalSessionCookies(token, customerSessionCsrfToken(token), expiresAt, now))
        response.headers.append("set-cookie", cookie);
    }
  } catch {
    // Unreadable database: no cookie; the page shows sign-in, or reports the error itself.
  }
  response.headers.set("referrer-policy", "no-referrer");
  response.headers.set("cache-control", "no-store");
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.startsWith("/portal/") && searchParams.has(PORTAL_TOKEN_PARAM))
    return portalSignInFromLink(request);
  const checkout = pathname.startsWith("/checkout/");
  const dev = process.env.NODE_ENV === "development";
  const csp = checkout
    ? checkoutContentSecurityPolicy({
        nonce: nonce(),
        ...(await checkoutPolicyInputs(secretOf(pathname))),
        dev,
      })
    : pageContentSecurityPolicy({
        nonce: nonce(),
        dev,
        inlineStyleAttributes: pathname.startsWith("/dashboard"),
        ...(pathname.startsWith("/portal/")
          ? { paymentProcessor: await portalPaymentProcessor(pathname) }
          : {}),
      });
  // Next.js reads the nonce from the request's CSP header and applies it while rendering.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  // The dashboard's URLs hold nothing secret: it keeps the app-wide policy (next.config.js).
  response.headers.set(
    "referrer-policy",
    pathname.startsWith("/dashboard") ? "strict-origin-when-cross-origin" : "no-referrer",
  );
  if (!checkout) response.headers.set("x-frame-options", "DENY");
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
  return response;
}

export const config = {
  matcher: ["/checkout/:path*", "/portal/:path*", "/receipts/:path*", "/dashboard", "/dashboard/:path*"],
};
