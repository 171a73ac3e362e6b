// Issue 28 item 17: the portal, receipt and dashboard pages get the checkout's per-request nonce CSP
// from proxy.ts (no script runs but Next.js's own, which carry the nonce), are never framed, and a
// merchant's portal link moves its session token into the portal's cookie before any page loads.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization } from "@/lib/factories";
import { createCustomerSession, customerSessionCsrfToken } from "@/lib/customer-portal/sessions";
import { config, proxy } from "@/proxy";

let db: Db;
let customerId: string;

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  customerId = (await createCustomer(db, org.id)).id;
});

const PAGES = ["/portal/acme", "/receipts/rct_abc", "/dashboard", "/dashboard/acme/orders"];

describe("the pages' Content-Security-Policy", () => {
  it("is set per request with a fresh nonce that Next.js receives, and forbids framing", async () => {
    const nonces = new Set<string>();
    for (const path of PAGES) {
      const response = await proxy(new NextRequest(`http://localhost${path}`));
      const csp = response.headers.get("content-security-policy")!;
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'(;|$)/.exec(csp)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Next.js reads the nonce from the request's header while rendering.
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // Inline style attributes (an email preview's srcdoc frame inherits the policy): the dashboard only.
      expect(csp.includes("style-src-attr 'unsafe-inline'"), path).toBe(path.startsWith("/dashboard"));
      expect(csp).not.toMatch(/style-src [^;]*'unsafe-inline'/);
    }
    expect(nonces.size).toBe(PAGES.length);
  });

  it("is the proxy's for exactly these pages and the checkout", () => {
    expect(config.matcher).toEqual([
      "/checkout/:path*",
      "/portal/:path*",
      "/receipts/:path*",
      "/dashboard",
      "/dashboard/:path*",
    ]);
  });

  it("keeps no referrer on the portal and receipts, and the app's policy on the dashboard", async () => {
    const referrer = async (path: string) =>
      (await proxy(new NextRequest(`http://localhost${path}`))).headers.get("referrer-policy");
    expect(await referrer("/portal/acme")).toBe("no-referrer");
    expect(await referrer("/receipts/rct_abc")).toBe("no-referrer");
    expect(await referrer("/dashboard/acme")).toBe("strict-origin-when-cross-origin");
  });
});

describe("a portal link with a session token", () => {
  it("redirects to the page without the token, the session moved into the portal's cookies", async () => {
    const session = await createCustomerSession(db, customerId, 60 * 60 * 1000, new Date());
    const response = await proxy(
      new NextRequest(`http://localhost/portal/acme?customer_session_token=${session.token}&utm=mail`),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost/portal/acme?utm=mail");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(
      new RegExp(
        `^cps_session=${session.token}; Path=/v1/customer-portal; Max-Age=(3599|3600); SameSite=Strict; HttpOnly`,
      ),
    );
    expect(cookies[1]).toMatch(
      new RegExp(
        `^cps_csrf=${customerSessionCsrfToken(session.token)}; Path=/portal; Max-Age=(3599|3600); SameSite=Strict`,
      ),
    );
  });

  it("sets no cookie for an unknown, expired or malformed token, and still drops it", async () => {
    const expired = await createCustomerSession(db, customerId, 1000, new Date(Date.now() - 60_000));
    for (const token of ["cst_unknown", expired.token, "not-a-token", ""]) {
      const response = await proxy(
        new NextRequest(`http://localhost/portal/acme?customer_session_token=${encodeURIComponent(token)}`),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("http://localhost/portal/acme");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});
