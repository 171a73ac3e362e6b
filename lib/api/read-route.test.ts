// GET one resource by id (`readRoute`): for an access token the read runs in the statement that
// admits the token (issue 10: one round trip). These are the cases where that statement must not
// give the resource away: a refused or revoked token, a token without the scope, another
// organization's token, a spent budget; and the paths that do not fold (a dashboard session, a
// malformed id), which must answer exactly as before.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { signIn } from "@/lib/auth/sessions";
import { SESSION_COOKIE } from "@/lib/api/session-cookies";
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
import { call } from "@/test/http";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { GET as getKey } from "@/app/v1/license-keys/[id]/route";

let db: Db;
const ids: Record<string, string> = {};
const savedLimit = process.env.RATE_LIMIT_TOKEN_PER_MINUTE;

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  const customer = await createCustomer(db, org.id);
  const { price } = await createProduct(db, org.id, {});
  const order = await createOrder(db, org.id, { customerId: customer.id, priceId: price.id });
  const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: {} });
  const key = await createLicenseKey(db, org.id, { benefitId: benefit.id, customerId: customer.id });
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    order: order.id,
    key: key.id,
    token: (await createToken(db, org.id)).token,
    otherToken: (await createToken(db, other.id)).token,
    keysOnlyToken: (await createToken(db, org.id, { scopes: ["license_keys:read"] })).token,
  });
});

afterEach(() => {
  if (savedLimit === undefined) delete process.env.RATE_LIMIT_TOKEN_PER_MINUTE;
  else process.env.RATE_LIMIT_TOKEN_PER_MINUTE = savedLimit;
});

describe("GET /v1/orders/{id} and /v1/license-keys/{id} with the read in the admission", () => {
  it("answer the resource to a token of its organization", async () => {
    const order = await call(getOrder, { token: ids.token, params: { id: ids.order! } });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ id: ids.order, customer: { organization_id: ids.org } });
    const key = await call(getKey, { token: ids.token, params: { id: ids.key! } });
    expect(key.status).toBe(200);
    expect(key.body).toMatchObject({ id: ids.key, activations: [], order_id: null });
  });

  it("answer 404 to another organization's token, as for an id that does not exist", async () => {
    for (const id of [ids.order!, randomUUID()]) {
      const res = await call(getOrder, { token: ids.otherToken, params: { id } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
  });

  it("answer 403 without the resource to a token without the scope", async () => {
    const res = await call(getOrder, { token: ids.keysOnlyToken, params: { id: ids.order! } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: orders:read.",
    });
  });

  it("answer 401 to an unknown or revoked token", async () => {
    const unknown = await call(getOrder, { token: "oat_unknown", params: { id: ids.order! } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      error: "invalid_token",
      error_description: "The access token is invalid.",
    });
    const { token, accessToken } = await createToken(db, ids.org!);
    await db.organizationAccessToken.update({
      where: { id: accessToken.id },
      data: { revoked_at: new Date() },
    });
    const revoked = await call(getOrder, { token, params: { id: ids.order! } });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({
      error: "invalid_token",
      error_description: "The access token has been revoked.",
    });
  });

  it("answer 429 without the resource once the token's budget is spent", async () => {
    process.env.RATE_LIMIT_TOKEN_PER_MINUTE = "2";
    const { token } = await createToken(db, ids.org!);
    for (let i = 0; i < 2; i++)
      expect((await call(getOrder, { token, params: { id: ids.order! } })).status).toBe(200);
    const spent = await call(getOrder, { token, params: { id: ids.order! } });
    expect(spent.status).toBe(429);
    expect(spent.body.error).toBe("RateLimitExceeded");
    expect(spent.body.id).toBeUndefined();
    expect(spent.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("check the credential before the path: 401 for a bad token, 422 for a good one", async () => {
    const unauthenticated = await call(getOrder, { token: "oat_unknown", params: { id: "not-a-uuid" } });
    expect(unauthenticated.status).toBe(401);
    const malformed = await call(getOrder, { token: ids.token, params: { id: "not-a-uuid" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ loc: ["path", "id"] });
  });

  it("read after the admission for a signed-in merchant (no token), with the same answer", async () => {
    await createMerchantUser(db, {
      email: "read-route@example.com",
      password: "a long enough password",
      organizationIds: [ids.org!],
    });
    const signedIn = await signIn(db, {
      email: "read-route@example.com",
      password: "a long enough password",
      address: "127.0.0.1",
    });
    const headers = { cookie: `${SESSION_COOKIE}=${signedIn.token}` };
    const bySession = await call(getOrder, { headers, params: { id: ids.order! } });
    const byToken = await call(getOrder, { token: ids.token, params: { id: ids.order! } });
    expect(bySession.status).toBe(200);
    expect(bySession.body).toEqual(byToken.body);
    const foreign = await call(getOrder, { headers, params: { id: randomUUID() } });
    expect(foreign.status).toBe(404);
  });
});
