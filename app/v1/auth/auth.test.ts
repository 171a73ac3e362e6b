// The dashboard's session cookie through the real route handlers: sign-in, its throttling, the
// cookie as a credential for /v1 (tenancy, CSRF on writes), sign-out, expiry and rotation.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import type { ApiError } from "@/lib/core/errors";
import { sha256Hex } from "@/lib/crypto";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createMerchantUser,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { verifyPassword } from "@/lib/auth/passwords";
import { signIn as signInService } from "@/lib/auth/sessions";
import { SIGN_IN_THROTTLE, signInThrottleKeys } from "@/lib/auth/sign-in-throttle";
import { call, type CallOptions } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as signInRoute } from "./sign-in/route";
import { POST as signOutRoute } from "./sign-out/route";
import { GET as sessionRoute } from "./session/route";
import { GET as listOrders } from "../orders/route";
import { GET as getOrder } from "../orders/[id]/route";
import { GET as listLicenseKeys } from "../license-keys/route";
import { PATCH as patchLicenseKey } from "../license-keys/[id]/route";

// Password checks are counted: throttled attempts must never reach one.
vi.mock("@/lib/auth/passwords", async (original) => {
  const actual = await original<typeof import("@/lib/auth/passwords")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const passwordChecks = vi.mocked(verifyPassword);

const PASSWORD = "a long enough password";
const orgs: Record<"a" | "b" | "c", { id: string; orderId: string; licenseKeyId: string }> = {} as never;

async function seedOrganization(name: string) {
  const db = await getDb();
  const organization = await createOrganization(db, { name });
  const { price } = await createProduct(db, organization.id, {
    benefitIds: [],
  });
  const customer = await createCustomer(db, organization.id);
  const order = await createOrder(db, organization.id, { customerId: customer.id, priceId: price.id });
  const benefit = await createBenefit(db, organization.id, { type: "license_keys" });
  const key = await createLicenseKey(db, organization.id, { benefitId: benefit.id, customerId: customer.id });
  return { id: organization.id, orderId: order.id, licenseKeyId: key.id };
}

type Cookies = { session: string; csrf: string };

function cookiesFrom(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    out[pair!.slice(0, eq)] = decodeURIComponent(pair!.slice(eq + 1));
  }
  return out;
}

async function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return call(signInRoute, { body: { email, password }, headers });
}

async function signedIn(email: string): Promise<Cookies> {
  const response = await signIn(email);
  expect(response.status).toBe(200);
  const cookies = cookiesFrom(response.headers);
  return { session: cookies.dsb_session!, csrf: cookies.dsb_csrf! };
}

function withSession(cookies: Cookies, options: CallOptions = {}, csrf: string | null = cookies.csrf) {
  return {
    ...options,
    headers: {
      cookie: `dsb_session=${encodeURIComponent(cookies.session)}; dsb_csrf=${cookies.csrf}`,
      ...(csrf !== null ? { "x-csrf-token": csrf } : {}),
      ...options.headers,
    },
  };
}

beforeAll(async () => {
  orgs.a = await seedOrganization("Alpha");
  orgs.b = await seedOrganization("Bravo");
  orgs.c = await seedOrganization("Charlie");
  const db = await getDb();
  await createMerchantUser(db, {
    email: "two-orgs@example.com",
    password: PASSWORD,
    name: "Two Orgs",
    organizationIds: [orgs.a.id, orgs.c.id],
  });
  await createMerchantUser(db, {
    email: "bravo@example.com",
    password: PASSWORD,
    organizationIds: [orgs.b.id],
  });
});

describe("sign-in", () => {
  it("answers the session view and sets an HttpOnly session cookie and a readable CSRF cookie", async () => {
    const response = await signIn("Two-Orgs@Example.com");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["csrf_token", "organizations", "user"]);
    expect(response.body.user).toEqual({
      id: expect.any(String),
      email: "two-orgs@example.com",
      name: "Two Orgs",
    });
    expect(response.body.organizations).toEqual([
      { id: orgs.a.id, name: "Alpha", slug: expect.any(String), livemode: false, role: "owner" },
      { id: orgs.c.id, name: "Charlie", slug: expect.any(String), livemode: false, role: "owner" },
    ]);
    const [session, csrf] = response.headers.getSetCookie();
    expect(session).toMatch(/^dsb_session=dss_[\w-]{43}; Path=\/; Max-Age=604800; SameSite=Lax; HttpOnly$/);
    expect(csrf).toMatch(/^dsb_csrf=[\w-]{32}; Path=\/; Max-Age=604800; SameSite=Lax$/);
    expect(cookiesFrom(response.headers).dsb_csrf).toBe(response.body.csrf_token);

    // Only the token's hash is stored.
    const token = cookiesFrom(response.headers).dsb_session!;
    const db = await getDb();
    const row = await db.userSession.findUnique({ where: { token_hash: sha256Hex(token) } });
    expect(row).not.toBeNull();
    expect(await db.userSession.count({ where: { token_hash: token } })).toBe(0);
  });

  it("sets Secure cookies when the app is served over https", async () => {
    process.env.COOKIE_SECURE = "true";
    try {
      const response = await signIn("two-orgs@example.com");
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie();
      // Both cookies, the session's and the CSRF token's: the loop below has something to check.
      expect(cookies.map((line) => line.split("=")[0])).toEqual(["dsb_session", "dsb_csrf"]);
      for (const line of cookies) expect(line).toMatch(/; Secure$/);
    } finally {
      delete process.env.COOKIE_SECURE;
    }
  });

  it("answers a wrong password and an unknown email alike, with 401 and no cookie", async () => {
    const wrong = await signIn("bravo@example.com", "not the password");
    const unknown = await signIn("nobody@example.com", "whatever it is");
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: "Unauthorized", detail: "Invalid email or password." });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("validates the body", async () => {
    const response = await call(signInRoute, { body: { email: "", password: 3 } });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((p: { loc: unknown }) => p.loc)).toEqual([
      ["body", "email"],
      ["body", "password"],
    ]);
  });

  it("rotates: signing in again ends the session the browser still held", async () => {
    const first = await signedIn("bravo@example.com");
    const second = await signIn("bravo@example.com", PASSWORD, {
      cookie: `dsb_session=${encodeURIComponent(first.session)}`,
    });
    expect(second.status).toBe(200);
    expect(cookiesFrom(second.headers).dsb_session).not.toBe(first.session);
    expect((await call(listOrders, withSession(first))).status).toBe(401);
  });
});

describe("sign-in throttling", () => {
  const FREE = SIGN_IN_THROTTLE.accountAndAddress.freeAttempts;
  const FIRST_DELAY_S = SIGN_IN_THROTTLE.accountAndAddress.firstDelayMs / 1000;

  async function merchant(email: string) {
    await createMerchantUser(await getDb(), { email, password: PASSWORD, organizationIds: [orgs.b.id] });
  }

  it("checks at most the free attempts of 30 parallel wrong passwords; the rest are 429", async () => {
    await merchant("parallel@example.com");
    passwordChecks.mockClear();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn("parallel@example.com", `guess ${i}`, fromPeer("198.51.100.70")),
      ),
    );
    expect(passwordChecks).toHaveBeenCalledTimes(FREE);
    expect(responses.filter((r) => r.status === 401)).toHaveLength(FREE);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30 - FREE);
    for (const response of refused) {
      expect(response.body).toEqual({
        error: "RateLimitExceeded",
        detail: expect.stringMatching(/^Too many sign-in attempts. Try again in \d+ second\(s\).$/),
      });
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      // (Parallel requests' clocks differ by milliseconds, which may round up a second.)
      expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(FIRST_DELAY_S + 1);
      expect(response.headers.getSetCookie()).toEqual([]);
    }

    // The right password from that address waits too, unchecked; from another address it works.
    passwordChecks.mockClear();
    expect((await signIn("parallel@example.com", PASSWORD, fromPeer("198.51.100.70"))).status).toBe(429);
    expect(passwordChecks).not.toHaveBeenCalled();
    expect((await signIn("parallel@example.com", PASSWORD, fromPeer("198.51.100.71"))).status).toBe(200);
  });

  it("slows guesses down with growing delays, and lets the right password in after the wait", async () => {
    await merchant("patient@example.com");
    const db = await getDb();
    const t0 = new Date(Date.now() + 60_000);
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const attempt = (password: string, seconds: number) =>
      signInService(
        db,
        { email: "patient@example.com", password, address: "198.51.100.80" },
        at(seconds),
      ).then(
        () => 200,
        (error: { status: number; headers: Record<string, string> }) =>
          error.status === 429 ? `429 after ${error.headers["Retry-After"]}` : error.status,
      );
    const outcomes = [];
    for (let i = 0; i < FREE; i++) outcomes.push(await attempt("wrong", 0));
    expect(outcomes).toEqual(Array(FREE).fill(401));
    expect(await attempt(PASSWORD, 1)).toBe(`429 after ${FIRST_DELAY_S - 1}`);
    // After the wait, one more guess; the next wait is twice as long.
    expect(await attempt("wrong", FIRST_DELAY_S)).toBe(401);
    expect(await attempt(PASSWORD, FIRST_DELAY_S + 1)).toBe(`429 after ${2 * FIRST_DELAY_S - 1}`);
    expect(await attempt(PASSWORD, 3 * FIRST_DELAY_S)).toBe(200);
    // A successful sign-in forgets the guesses: the free attempts are there again.
    const { accountAndAddress } = signInThrottleKeys("patient@example.com", "198.51.100.80");
    expect(await db.signInAttempt.findUnique({ where: { key: accountAndAddress } })).toBeNull();
    for (let i = 0; i < FREE; i++) expect(await attempt("wrong", 3 * FIRST_DELAY_S)).toBe(401);
  });

  it("throttles an unknown email exactly like a known one", async () => {
    await merchant("known@example.com");
    const db = await getDb();
    const t0 = new Date(Date.now() + 60_000);
    const sequence = async (email: string, address: string) => {
      const seen = [];
      for (let i = 0; i < FREE + 2; i++) {
        const moment = new Date(t0.getTime() + i * 1000);
        seen.push(
          await signInService(db, { email, password: "wrong password", address }, moment).then(
            () => "signed in",
            (error: ApiError) => ({ status: error.status, body: error.body(), headers: error.headers }),
          ),
        );
      }
      return seen;
    };
    const known = await sequence("known@example.com", "198.51.100.90");
    const unknown = await sequence("nobody-at-all@example.com", "198.51.100.91");
    expect(unknown).toEqual(known);
    expect(known.map((outcome) => (outcome as { status: number }).status)).toEqual([
      ...Array(FREE).fill(401),
      429,
      429,
    ]);
    expect(known.at(-1)).toEqual({
      status: 429,
      body: {
        error: "RateLimitExceeded",
        detail: `Too many sign-in attempts. Try again in ${FIRST_DELAY_S - 2} second(s).`,
      },
      headers: { "Retry-After": String(FIRST_DELAY_S - 2) },
    });
  });

  it("throttles one address trying many emails", async () => {
    const limit = SIGN_IN_THROTTLE.address.freeAttempts;
    const statuses = [];
    for (let i = 0; i < limit + 2; i++) {
      statuses.push(
        (await signIn(`sprayed-${i}@example.com`, "Password1", fromPeer("198.51.100.95"))).status,
      );
    }
    expect(statuses).toEqual([...Array(limit).fill(401), 429, 429]);
    // Other addresses are not affected.
    expect((await signIn("sprayed-0@example.com", "Password1", fromPeer("198.51.100.96"))).status).toBe(401);
  });
});

describe("the session cookie as a /v1 credential", () => {
  it("lists the data of the merchant's organizations only; the organization filter narrows", async () => {
    const cookies = await signedIn("two-orgs@example.com");
    const all = await call(listOrders, withSession(cookies));
    expect(all.status).toBe(200);
    expect(all.body.items.map((o: { id: string }) => o.id).sort()).toEqual(
      [orgs.a.orderId, orgs.c.orderId].sort(),
    );

    const narrowed = await call(listOrders, withSession(cookies, { query: { organization_id: orgs.c.id } }));
    expect(narrowed.body.items.map((o: { id: string }) => o.id)).toEqual([orgs.c.orderId]);
    const widened = await call(listOrders, withSession(cookies, { query: { organization_id: orgs.b.id } }));
    expect(widened.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
  });

  it("reads by id within the merchant's organizations; another organization's order is 404", async () => {
    const cookies = await signedIn("two-orgs@example.com");
    const own = await call(getOrder, withSession(cookies, { params: { id: orgs.a.orderId } }));
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(orgs.a.orderId);
    const other = await call(getOrder, withSession(cookies, { params: { id: orgs.b.orderId } }));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it("needs the CSRF token on writes, and nothing changes without it", async () => {
    const cookies = await signedIn("two-orgs@example.com");
    const options = { params: { id: orgs.a.licenseKeyId }, method: "PATCH", body: { limit_usage: 7 } };
    for (const csrf of [null, "", "not-the-token", tamperedLastChar(cookies.csrf)]) {
      const refused = await call(patchLicenseKey, withSession(cookies, options, csrf));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: "NotPermitted",
        detail: "Missing or invalid CSRF token (X-CSRF-Token header).",
      });
    }
    const db = await getDb();
    expect(
      (await db.licenseKey.findUniqueOrThrow({ where: { id: orgs.a.licenseKeyId } })).limit_usage,
    ).toBeNull();

    const accepted = await call(patchLicenseKey, withSession(cookies, options));
    expect(accepted.status).toBe(200);
    expect(accepted.body.limit_usage).toBe(7);
    // Reads need no CSRF token.
    expect((await call(listLicenseKeys, withSession(cookies, {}, null))).status).toBe(200);
  });

  it("a CSRF token of another session does not do", async () => {
    const mine = await signedIn("two-orgs@example.com");
    const theirs = await signedIn("bravo@example.com");
    const refused = await call(
      patchLicenseKey,
      withSession(
        mine,
        { params: { id: orgs.a.licenseKeyId }, method: "PATCH", body: { limit_usage: 8 } },
        theirs.csrf,
      ),
    );
    expect(refused.status).toBe(403);
  });

  it("an unknown, expired or signed-out session is 401", async () => {
    const cookies = await signedIn("bravo@example.com");
    const unknown = await call(listOrders, withSession({ session: "dss_unknown", csrf: "x" }));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      error: "Unauthorized",
      detail: "Your session has expired. Sign in again.",
    });

    const db = await getDb();
    await db.userSession.update({
      where: { token_hash: sha256Hex(cookies.session) },
      data: { expires_at: new Date(Date.now() - 1) },
    });
    expect((await call(listOrders, withSession(cookies))).status).toBe(401);
  });

  it("a bearer token wins over a cookie", async () => {
    const db = await getDb();
    const { token } = await createToken(db, orgs.b.id, { scopes: ["orders:read"] });
    const cookies = await signedIn("two-orgs@example.com");
    const response = await call(listOrders, withSession(cookies, { token }));
    expect(response.body.items.map((o: { id: string }) => o.id)).toEqual([orgs.b.orderId]);
  });
});

describe("session and sign-out", () => {
  it("GET /v1/auth/session answers the view for a cookie, 401 without, 403 for an access token", async () => {
    const cookies = await signedIn("two-orgs@example.com");
    const view = await call(sessionRoute, withSession(cookies, {}, null));
    expect(view.status).toBe(200);
    expect(view.body.csrf_token).toBe(cookies.csrf);
    expect(view.body.organizations).toHaveLength(2);

    expect((await call(sessionRoute)).status).toBe(401);
    const db = await getDb();
    const { token } = await createToken(db, orgs.a.id);
    const byToken = await call(sessionRoute, { token });
    expect(byToken.status).toBe(403);
    expect(byToken.body).toEqual({
      error: "NotPermitted",
      detail: "This route needs a signed-in merchant (dashboard session).",
    });
  });

  it("sign-out ends the session and clears both cookies", async () => {
    const cookies = await signedIn("bravo@example.com");
    const out = await call(signOutRoute, withSession(cookies, { method: "POST" }));
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()).toEqual([
      "dsb_session=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly",
      "dsb_csrf=; Path=/; Max-Age=0; SameSite=Lax",
    ]);
    expect((await call(listOrders, withSession(cookies))).status).toBe(401);
    const db = await getDb();
    const row = await db.userSession.findUniqueOrThrow({ where: { token_hash: sha256Hex(cookies.session) } });
    expect(row.revoked_at).not.toBeNull();
    // Without a session it still answers 204 (nothing to end).
    expect((await call(signOutRoute, { method: "POST" })).status).toBe(204);
  });
});

/** The token with its last character changed (to one it cannot already be). */
function tamperedLastChar(token: string): string {
  return token.slice(0, -1) + (token.endsWith("x") ? "y" : "x");
}
