// Rate limits through real route handlers: per token, per IP on public routes, per license key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrganization,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as listOrders } from "@/app/v1/orders/route";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";

let db: Db;
let organizationId: string;
const saved = { ...process.env };

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  process.env.RATE_LIMIT_TOKEN_PER_MINUTE = "3";
  process.env.RATE_LIMIT_IP_PER_MINUTE = "4";
  process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = "2";
});

afterAll(() => {
  for (const name of [
    "RATE_LIMIT_TOKEN_PER_MINUTE",
    "RATE_LIMIT_IP_PER_MINUTE",
    "RATE_LIMIT_LICENSE_KEY_PER_MINUTE",
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

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
      detail: expect.stringMatching(/^Rate limit exceeded/),
    });
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(last!.headers.get("ratelimit-limit")).toBe("3");
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    // Another token of the same organization has its own budget.
    const other = await createToken(db, organizationId);
    const fresh = await call(listOrders, { token: other.token });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ratelimit-remaining")).toBe("2");
  });

  it("limits public routes per IP and per license key", async () => {
    const benefit = await createBenefit(db, organizationId, { type: "license_keys" });
    const customer = await createCustomer(db, organizationId);
    const keys = [
      await createLicenseKey(db, organizationId, { benefitId: benefit.id, customerId: customer.id }),
      await createLicenseKey(db, organizationId, { benefitId: benefit.id, customerId: customer.id }),
    ];
    const check = (key: string, ip: string) =>
      call(validate, {
        body: { key, organization_id: organizationId },
        headers: { "x-forwarded-for": ip },
      });
    // Per key: the third validation of one key in a minute is refused, from any address.
    expect((await check(keys[0]!.key, "198.51.100.1")).status).toBe(200);
    expect((await check(keys[0]!.key, "198.51.100.2")).status).toBe(200);
    expect((await check(keys[0]!.key, "198.51.100.3")).status).toBe(429);
    // Per IP: the fifth request from one address is refused, whatever the key.
    const ip = "203.0.113.9";
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await check(keys[1]!.key + (i < 2 ? "" : "-unknown"), ip)).status);
    expect(statuses).toEqual([200, 200, 404, 404, 429]);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: keys[0]!.id } })).toMatchObject({
      validations: 2,
    });
  });
});
