// Issue 28 item 17: the portal's session in a cookie. Signing in with a code sets an HttpOnly,
// SameSite=Strict session cookie sent only to the portal's API, and a readable CSRF cookie for the
// portal's pages (Secure per COOKIE_SECURE); the portal's routes accept the cookie as they accept
// the Bearer token, but a write by cookie needs the session's CSRF token; signing out clears both.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization } from "@/lib/factories";
import { storeSignInCode } from "@/lib/customer-portal/sign-in";
import { customerSessionCsrfToken } from "@/lib/customer-portal/sessions";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as authenticate } from "./authenticate/route";
import { DELETE as signOut } from "./route";
import { GET as me } from "../customers/me/route";

let db: Db;
let organizationId: string;
let peer = 0;
const saved = { ...process.env };
const newPeer = (headers: Record<string, string> = {}) => fromPeer(`203.0.113.${++peer}`, headers);

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
});

beforeEach(() => {
  process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "1000";
});

afterEach(() => {
  vi.useRealTimers();
  process.env = { ...saved };
});

/** A new customer signed in with a known code: the answer's body and its Set-Cookie lines. */
async function signIn() {
  const email = `cookie-${++peer}@example.com`;
  const customer = await createCustomer(db, organizationId, { email });
  await storeSignInCode(db, customer.id, "123456", new Date());
  const res = await call(authenticate, {
    body: { organization_id: organizationId, email, code: "123456" },
    headers: newPeer(),
  });
  expect(res.status).toBe(200);
  return { customer, token: res.body.token as string, setCookies: res.headers.getSetCookie() };
}

const cookieHeader = (token: string) => ({ cookie: `cps_session=${encodeURIComponent(token)}` });

describe("the portal's session cookie", () => {
  it("is HttpOnly, SameSite=Strict, for the portal's API only, and lives as long as the session", async () => {
    process.env.COOKIE_SECURE = "true";
    const { token, setCookies } = await signIn();
    expect(setCookies).toEqual([
      `cps_session=${token}; Path=/v1/customer-portal; Max-Age=86400; SameSite=Strict; HttpOnly; Secure`,
      `cps_csrf=${customerSessionCsrfToken(token)}; Path=/portal; Max-Age=86400; SameSite=Strict; Secure`,
    ]);
    expect(customerSessionCsrfToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is not Secure when COOKIE_SECURE=false (plain http)", async () => {
    process.env.COOKIE_SECURE = "false";
    const { setCookies } = await signIn();
    expect(setCookies).toHaveLength(2);
    for (const line of setCookies) expect(line).not.toContain("Secure");
    expect(setCookies[0]).toContain("; HttpOnly");
  });

  it("signs the portal's reads in without a CSRF token", async () => {
    const { customer, token } = await signIn();
    const res = await call(me, { headers: newPeer(cookieHeader(token)) });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(customer.id);
    // An unknown cookie is no session.
    const unknown = await call(me, { headers: newPeer(cookieHeader("cst_unknown")) });
    expect(unknown).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
  });

  it("needs the session's CSRF token on writes: sign-out by cookie without it is 403 and changes nothing", async () => {
    const { token } = await signIn();
    for (const csrf of [null, "0".repeat(64), customerSessionCsrfToken("cst_other")]) {
      const headers = newPeer({ ...cookieHeader(token), ...(csrf ? { "x-csrf-token": csrf } : {}) });
      const refused = await call(signOut, { method: "DELETE", headers });
      expect(refused).toMatchObject({ status: 403, body: { error: "NotPermitted" } });
      expect(refused.body.detail).toBe("Missing or invalid CSRF token (X-CSRF-Token header).");
    }
    expect((await call(me, { headers: newPeer(cookieHeader(token)) })).status).toBe(200);

    const res = await call(signOut, {
      method: "DELETE",
      headers: newPeer({ ...cookieHeader(token), "x-csrf-token": customerSessionCsrfToken(token) }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([
      "cps_session=; Path=/v1/customer-portal; Max-Age=0; SameSite=Strict; HttpOnly",
      "cps_csrf=; Path=/portal; Max-Age=0; SameSite=Strict",
    ]);
    expect((await call(me, { headers: newPeer(cookieHeader(token)) })).status).toBe(401);
  });

  it("keeps the Bearer token working for API clients, with no CSRF token", async () => {
    const { customer, token } = await signIn();
    expect((await call(me, { token, headers: newPeer() })).body.id).toBe(customer.id);
    expect((await call(signOut, { method: "DELETE", token, headers: newPeer() })).status).toBe(204);
    expect((await call(me, { token, headers: newPeer() })).status).toBe(401);
  });

  it("a merchant's dashboard cookie is no portal session", async () => {
    const res = await call(me, { headers: newPeer({ cookie: "dsb_session=whatever" }) });
    expect(res.status).toBe(401);
  });
});
