// Rate limits through real route handlers: per token, per client address on public routes and for
// failed credentials, per license key; the address is the socket's unless proxies are trusted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrganization,
  createToken,
} from "@/lib/factories";
import { PEER_HEADER } from "@/lib/http/peer";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { GET as listOrders } from "@/app/v1/orders/route";
import { GET as sessionRoute } from "@/app/v1/auth/session/route";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";

let db: Db;
let organizationId: string;
const saved = { ...process.env };
const SETTINGS = [
  "RATE_LIMIT_TOKEN_PER_MINUTE",
  "RATE_LIMIT_IP_PER_MINUTE",
  "RATE_LIMIT_LICENSE_KEY_PER_MINUTE",
  "TRUSTED_PROXIES",
];

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  process.env.RATE_LIMIT_TOKEN_PER_MINUTE = "3";
  process.env.RATE_LIMIT_IP_PER_MINUTE = "4";
  process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = "2";
});

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
});

afterAll(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** A public request (an unknown license key) with these headers; its status. */
async function anonymous(headers: Record<string, string>, key = `unknown-${Math.random()}`) {
  return (await call(validate, { body: { key, organization_id: organizationId }, headers })).status;
}

async function statusesOf(count: number, headers: (i: number) => Record<string, string>) {
  const statuses = [];
  for (let i = 0; i < count; i++) statuses.push(await anonymous(headers(i)));
  return statuses;
}

describe("rate limits", () => {
  it("limits each token, with RateLimit headers and a 429 with Retry-After", async () => {
    const { token } = await createToken(db, organizationId);
    const statuses = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(listOrders, { token });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.body).toEqual({
      error: "RateLimitExceeded",
      detail: `Rate limit exceeded. Retry in ${last!.headers.get("retry-after")} seconds.`,
    });
    // A token refills one request every 20 s (3 a minute), less the time these requests took.
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(10);
    expect(Number(last!.headers.get("retry-after"))).toBeLessThanOrEqual(20);
    expect(last!.headers.get("ratelimit-limit")).toBe("3");
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    // Another token of the same organization has its own budget.
    const other = await createToken(db, organizationId);
    const fresh = await call(listOrders, { token: other.token });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ratelimit-remaining")).toBe("2");
  });

  it("counts a token's requests refused for their scope too", async () => {
    const { token } = await createToken(db, organizationId, { scopes: ["products:read"] });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(listOrders, { token })).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it("limits public routes per client address and per license key", async () => {
    const benefit = await createBenefit(db, organizationId, { type: "license_keys" });
    const customer = await createCustomer(db, organizationId);
    const keys = [
      await createLicenseKey(db, organizationId, { benefitId: benefit.id, customerId: customer.id }),
      await createLicenseKey(db, organizationId, { benefitId: benefit.id, customerId: customer.id }),
    ];
    const check = (key: string, address: string) => anonymous(fromPeer(address), key);
    // Per key: the third validation of one key in a minute is refused, from any address.
    expect(await check(keys[0]!.key, "198.51.100.1")).toBe(200);
    expect(await check(keys[0]!.key, "198.51.100.2")).toBe(200);
    expect(await check(keys[0]!.key, "198.51.100.3")).toBe(429);
    // Per address: the fifth request from one address is refused, whatever the key.
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(await check(keys[1]!.key + (i < 2 ? "" : "-unknown"), "203.0.113.9"));
    expect(statuses).toEqual([200, 200, 404, 404, 429]);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: keys[0]!.id } })).toMatchObject({
      validations: 2,
    });
  });

  it("charges the address's budget for a request refused as invalid, and a spent one answers 429 first", async () => {
    const invalid = (address: string) =>
      call(validate, { body: { key: "" }, headers: fromPeer(address) }).then((res) => res.status);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await invalid("198.51.100.77"));
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    // The budget is the same one a valid request pays from.
    expect(await anonymous(fromPeer("198.51.100.77"))).toBe(429);
  });

  it("gives clients with different socket addresses separate budgets", async () => {
    expect(await statusesOf(5, () => fromPeer("192.0.2.10"))).toEqual([404, 404, 404, 404, 429]);
    expect(await statusesOf(5, () => fromPeer("192.0.2.11"))).toEqual([404, 404, 404, 404, 429]);
  });

  it("ignores X-Forwarded-For without TRUSTED_PROXIES: a rotating header stays one client", async () => {
    const rotating = (i: number) =>
      fromPeer("192.0.2.20", { "x-forwarded-for": `198.51.100.${i}, 10.0.0.${i}` });
    expect(await statusesOf(6, rotating)).toEqual([404, 404, 404, 404, 429, 429]);
  });

  it("with TRUSTED_PROXIES=1, counts the right-most forwarded hop, not what the client wrote", async () => {
    process.env.TRUSTED_PROXIES = "1";
    // Two clients behind one proxy; each writes a different fake address on every request.
    const viaProxy = (client: string) => (i: number) =>
      fromPeer("10.0.0.1", { "x-forwarded-for": `203.0.113.${100 + i}, ${client}` });
    expect(await statusesOf(5, viaProxy("198.51.100.50"))).toEqual([404, 404, 404, 404, 429]);
    expect(await statusesOf(5, viaProxy("198.51.100.51"))).toEqual([404, 404, 404, 404, 429]);
    // 8 kB of forwarded hops is neither a 5xx nor an oversized key.
    const long = `${Array.from({ length: 700 }, (_, i) => `203.0.${i >> 8}.${i & 255}`).join(",")}, 198.51.100.52`;
    expect(long.length).toBeGreaterThan(8000);
    expect(await anonymous(fromPeer("10.0.0.1", { "x-forwarded-for": long }))).toBe(404);
    const keys = await db.$queryRaw<
      { key: string }[]
    >`SELECT key FROM rate_limit_buckets WHERE key LIKE 'ip:%'`;
    expect(keys.map((k) => k.key)).toContain("ip:198.51.100.52");
    expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThan(64);
  });

  it("ignores a peer header the client forged", async () => {
    // Through the app's server, the client's copy is replaced by the real peer.
    const forged = { [PEER_HEADER]: "guessed 192.0.2.99" };
    expect(
      await statusesOf(5, (i) => fromPeer("192.0.2.30", { ...forged, "x-forwarded-for": `1.1.1.${i}` })),
    ).toEqual([404, 404, 404, 404, 429]);
    // Without it (no stamp), a forged header counts as the one shared unknown address.
    const rotatingForgeries = (i: number) => ({ [PEER_HEADER]: `guessed 192.0.2.${i}` });
    expect(await statusesOf(5, rotatingForgeries)).toEqual([404, 404, 404, 404, 429]);
  });

  it("charges failed credentials to the client's address: guessing tokens ends in 429", async () => {
    const guesses = (address: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const response = await call(listOrders, {
            token: `polar_oat_guess${i}`,
            headers: fromPeer(address),
          });
          return response.status;
        }),
      );
    const statuses = await guesses("192.0.2.40", 8);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    // A missing credential counts against the same budget.
    expect((await call(listOrders, { headers: fromPeer("192.0.2.40") })).status).toBe(429);
    // So do bad session cookies.
    const cookieStatuses = [];
    for (let i = 0; i < 5; i++) {
      const headers = { ...fromPeer("192.0.2.42"), cookie: `dsb_session=dss_forged${i}` };
      cookieStatuses.push((await call(sessionRoute, { headers })).status);
    }
    expect(cookieStatuses).toEqual([401, 401, 401, 401, 429]);
    // The 429 of a guesser is the contract's, with Retry-After.
    const refused = await call(listOrders, { token: "polar_oat_more", headers: fromPeer("192.0.2.40") });
    expect(refused.body).toEqual({
      error: "RateLimitExceeded",
      detail: `Rate limit exceeded. Retry in ${refused.headers.get("retry-after")} seconds.`,
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(5);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15);
    // Another address still gets its honest 401.
    expect(
      (await call(listOrders, { token: "polar_oat_other", headers: fromPeer("192.0.2.41") })).status,
    ).toBe(401);
    // A valid token from the guessing address is not refused: it has its own budget.
    const { token } = await createToken(db, organizationId);
    expect((await call(listOrders, { token, headers: fromPeer("192.0.2.40") })).status).toBe(200);
  });
});
