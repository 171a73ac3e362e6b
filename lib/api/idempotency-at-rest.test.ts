// Idempotency and secrets at rest (issue 9, item 8): stored answers are encrypted and replayed with
// their headers, no scope, path or hash holds a secret, public keys are scoped to their caller, and
// an answer is committed with its effect, so a crash between the two cannot make a retry run twice.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import {
  createBenefit,
  createCustomer,
  createLicenseKey,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call, type CallOptions, type CallResult } from "@/test/http";
import { POST as createCheckoutRoute } from "@/app/v1/checkouts/custom/route";
import { PATCH as clientUpdate } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { POST as activate } from "@/app/v1/customer-portal/license-keys/activate/route";
import { POST as validate } from "@/app/v1/customer-portal/license-keys/validate/route";
import { POST as deactivate } from "@/app/v1/customer-portal/license-keys/deactivate/route";
import { POST as signInRoute } from "@/app/v1/auth/sign-in/route";
import { POST as createAccessToken } from "@/app/v1/organization-access-tokens/route";
import { PATCH as patchLicenseKey } from "@/app/v1/license-keys/[id]/route";
import { clientSecretScope } from "./idempotency";
import { route } from "./handler";

const HEADER = "Idempotency-Key";
let db: Db;
let orgA: string;
let orgB: string;
let tokenA: string;
let priceA: string;
const keyOf: Record<string, { benefitId: string; customerId: string }> = {};
let sequence = 0;
const newKey = () => `at-rest-${++sequence}-${Math.random().toString(36).slice(2)}`;

/** Every column of the key's row, as a dump would show it. */
async function storedRow(key: string) {
  const rows = await db.idempotencyKey.findMany({ where: { key } });
  expect(rows).toHaveLength(1);
  return { row: rows[0]!, dump: JSON.stringify(rows[0]) };
}

async function newLicenseKey(org: string) {
  return createLicenseKey(db, org, { ...keyOf[org]!, key: { limit_activations: 5 } });
}

function activateCall(key: string, licenseKey: string, organizationId: string) {
  return call(activate, {
    path: "/v1/customer-portal/license-keys/activate",
    body: { key: licenseKey, organization_id: organizationId, label: "Laptop" },
    headers: { [HEADER]: key },
  });
}

function createCheckoutCall(key: string) {
  return call(createCheckoutRoute, {
    token: tokenA,
    path: "/v1/checkouts/custom/",
    body: { product_price_id: priceA },
    headers: { [HEADER]: key },
  });
}

async function signedInSession(): Promise<(options: CallOptions) => CallOptions> {
  const email = `at-rest-${++sequence}@example.com`;
  await createMerchantUser(db, { email, password: "pw-at-rest", organizationIds: [orgA] });
  const signedIn = await call(signInRoute, { body: { email, password: "pw-at-rest" } });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return (options) => ({
    ...options,
    headers: { cookie, "x-csrf-token": signedIn.body.csrf_token, ...options.headers },
  });
}

/**
 * The next transaction commits, then the request "crashes" before its answer is written after the
 * handler (the handler fails with a 500, as if the process had died there).
 */
function crashAfterNextCommit() {
  const original = db.$transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  return vi.spyOn(db, "$transaction").mockImplementationOnce((async (...args: unknown[]) => {
    await original(...args);
    throw new Error("simulated crash after commit");
  }) as never);
}

/**
 * Sends a request whose commit is followed by a "crash" (a 500), then sends it again: the retry's
 * answer, which must be the first one replayed, not a second run.
 */
async function crashThenRetry(send: () => Promise<CallResult>): Promise<CallResult> {
  vi.spyOn(console, "error").mockImplementation(() => {});
  crashAfterNextCommit();
  expect((await send()).status).toBe(500);
  const retry = await send();
  expect(retry.headers.get("idempotent-replayed")).toBe("true");
  return retry;
}

beforeAll(async () => {
  db = await getDb();
  orgA = (await createOrganization(db)).id;
  orgB = (await createOrganization(db)).id;
  tokenA = (await createToken(db, orgA)).token;
  priceA = (await createProduct(db, orgA, { price: { price_amount: 1500 } })).price.id;
  for (const org of [orgA, orgB]) {
    const benefit = await createBenefit(db, org, { type: "license_keys", properties: {} });
    const customer = await createCustomer(db, org);
    keyOf[org] = { benefitId: benefit.id, customerId: customer.id };
  }
});

afterEach(() => vi.restoreAllMocks());

describe("stored answers are encrypted and replayed whole", () => {
  it("checkout create: the client secret is nowhere in clear, and the replay is the 201 with its headers", async () => {
    const key = newKey();
    const first = await createCheckoutCall(key);
    expect(first.status).toBe(201);
    const secret: string = first.body.client_secret;
    expect(secret).toMatch(/^cs_/);
    expect(first.body.url).toContain(`/checkout/${secret}`);

    const { row, dump } = await storedRow(key);
    expect(row).toMatchObject({
      status: "completed",
      response_status: 201,
      scope: expect.stringMatching(/^access_token:/),
    });
    expect(row.response_ciphertext).toMatch(/^v1\./);
    expect(dump).not.toContain(secret);
    const session = await db.checkoutSession.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(JSON.stringify(session)).not.toContain(secret);
    expect(session).toMatchObject({ client_secret_hash: sha256Hex(secret), legacy_client_secret: null });

    const sessions = await db.checkoutSession.count();
    const replay = await createCheckoutCall(key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await db.checkoutSession.count()).toBe(sessions);
  });

  it("client-secret routes: scoped by a keyed hash of the secret, stored under the path's template", async () => {
    const created = await createCheckoutCall(newKey());
    const secret: string = created.body.client_secret;
    const client = (handler: typeof clientUpdate, key: string, body: unknown, suffix = "") =>
      call(handler, {
        method: handler === clientUpdate ? "PATCH" : "POST",
        path: `/v1/checkouts/custom/client/${secret}${suffix}`,
        params: { client_secret: secret },
        body,
        headers: { [HEADER]: key },
      });
    const patchKey = newKey();
    expect((await client(clientUpdate, patchKey, { customer_name: "Ada" })).status).toBe(200);
    const patched = await storedRow(patchKey);
    expect(patched.row).toMatchObject({
      scope: clientSecretScope(secret),
      path: "/v1/checkouts/custom/client/{client_secret}",
    });
    expect(patched.dump).not.toContain(secret);

    const confirmKey = newKey();
    const buyer = {
      customer_email: "ada@example.com",
      customer_name: "Ada",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    };
    const confirmed = await client(confirm, confirmKey, buyer, "/confirm");
    expect(confirmed.status).toBe(200);
    const sessionToken: string = confirmed.body.customer_session_token;
    expect(sessionToken).toMatch(/^cst_/);
    const stored = await storedRow(confirmKey);
    expect(stored.row.path).toBe("/v1/checkouts/custom/client/{client_secret}/confirm");
    expect(stored.dump).not.toContain(secret);
    expect(stored.dump).not.toContain(sessionToken);
    const replay = await client(confirm, confirmKey, buyer, "/confirm");
    expect(replay).toMatchObject({ status: 200, body: confirmed.body });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("access tokens: the replay gives the same token, which is stored only encrypted", async () => {
    const session = await signedInSession();
    const key = newKey();
    const body = { organization_id: orgA, comment: `at-rest ${key}`, scopes: ["orders:read"] };
    const first = await call(createAccessToken, session({ body, headers: { [HEADER]: key } }));
    expect(first.status).toBe(201);
    const token: string = first.body.token;
    expect((await storedRow(key)).dump).not.toContain(token);
    const replay = await call(createAccessToken, session({ body, headers: { [HEADER]: key } }));
    expect(replay).toMatchObject({ status: 201, body: { token } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.organizationAccessToken.count({ where: { comment: body.comment } })).toBe(1);
  });

  it("replays the original status and headers: Location, every Set-Cookie, the content type", async () => {
    let calls = 0;
    const redirecting = route({ auth: "public", body: z.object({ n: z.number() }) }, async () => {
      calls++;
      const response = new Response("made", {
        status: 201,
        headers: { "content-type": "text/plain; charset=utf-8", location: "/v1/things/1" },
      });
      response.headers.append("set-cookie", "a=1; Path=/; HttpOnly");
      response.headers.append("set-cookie", "b=2; Path=/");
      return response;
    });
    const key = newKey();
    const options = { path: "/v1/test-headers", rawBody: '{"n":1}', headers: { [HEADER]: key } };
    const raw = async () => {
      const { callRaw } = await import("@/test/http");
      return callRaw(redirecting, options);
    };
    const first = await raw();
    const second = await raw();
    expect(calls).toBe(1);
    expect(second.status).toBe(201);
    expect(await second.text()).toBe("made");
    expect(second.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(second.headers.get("location")).toBe("/v1/things/1");
    expect(second.headers.getSetCookie()).toEqual(first.headers.getSetCookie());
    expect(second.headers.getSetCookie()).toHaveLength(2);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
  });

  it("sign-in does not replay: each try checks the password and gets a session of its own", async () => {
    const email = `replay-${++sequence}@example.com`;
    await createMerchantUser(db, { email, password: "pw-replay", organizationIds: [orgA] });
    const key = newKey();
    const signIn = () =>
      call(signInRoute, { body: { email, password: "pw-replay" }, headers: { [HEADER]: key } });
    const [first, second] = [await signIn(), await signIn()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.headers.getSetCookie()[0]).not.toBe(first.headers.getSetCookie()[0]);
    expect(await db.idempotencyKey.count({ where: { key } })).toBe(0);
  });
});

describe("public routes' keys belong to their caller", () => {
  it("the same Idempotency-Key from two organizations' license keys both succeed", async () => {
    const [a, b] = [await newLicenseKey(orgA), await newLicenseKey(orgB)];
    const key = newKey();
    const fromA = await activateCall(key, a.key, orgA);
    const fromB = await activateCall(key, b.key, orgB);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get("idempotent-replayed")).toBeNull();
    expect(fromB.body.license_key_id).toBe(b.id);
    const rows = await db.idempotencyKey.findMany({ where: { key }, orderBy: { created_at: "asc" } });
    expect(rows.map((r) => r.scope.split(":").slice(0, 2))).toEqual([
      ["license_key", orgA],
      ["license_key", orgB],
    ]);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(a.key);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(b.key);
    // Two buyers of one organization do not meet either.
    const other = await newLicenseKey(orgA);
    expect((await activateCall(key, other.key, orgA)).headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("an answer is committed with its effect", () => {
  it("activate: a crash after the commit, then the retry gets the original answer; one activation", async () => {
    const licenseKey = await newLicenseKey(orgA);
    const key = newKey();
    const retry = await crashThenRetry(() => activateCall(key, licenseKey.key, orgA));
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ license_key_id: licenseKey.id, label: "Laptop" });
    expect(await db.licenseKeyActivation.count({ where: { license_key_id: licenseKey.id } })).toBe(1);
  });

  it("validate: a crash after the commit, then the retry gets the original answer; the usage counted once", async () => {
    const licenseKey = await newLicenseKey(orgA);
    const key = newKey();
    const retry = await crashThenRetry(() =>
      call(validate, {
        path: "/v1/customer-portal/license-keys/validate",
        body: { key: licenseKey.key, organization_id: orgA, increment_usage: 2 },
        headers: { [HEADER]: key },
      }),
    );
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: licenseKey.id, usage: 2, validations: 1 });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } })).toMatchObject({
      usage: 2,
      validations: 1,
    });
  });

  it("deactivate: a crash after the commit, then the retry gets the 204, not a 404 for the freed slot", async () => {
    const licenseKey = await newLicenseKey(orgA);
    const activation = await activateCall(newKey(), licenseKey.key, orgA);
    expect(activation.status).toBe(200);
    const key = newKey();
    const retry = await crashThenRetry(() =>
      call(deactivate, {
        path: "/v1/customer-portal/license-keys/deactivate",
        body: { key: licenseKey.key, organization_id: orgA, activation_id: activation.body.id },
        headers: { [HEADER]: key },
      }),
    );
    expect(retry.status).toBe(204);
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: activation.body.id } });
    expect(row.deleted_at).not.toBeNull();
  });

  it("checkout create: one session, and the retry gets its client secret", async () => {
    const before = await db.checkoutSession.count({ where: { organization_id: orgA } });
    const key = newKey();
    const retry = await crashThenRetry(() => createCheckoutCall(key));
    expect(retry.status).toBe(201);
    expect(await db.checkoutSession.count({ where: { organization_id: orgA } })).toBe(before + 1);
    const session = await db.checkoutSession.findFirstOrThrow({ where: { id: retry.body.id } });
    expect(session.client_secret_hash).toBe(sha256Hex(retry.body.client_secret));
  });

  it("access token: one token, and the retry gets it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const session = await signedInSession();
    const key = newKey();
    const body = { organization_id: orgA, comment: `crash ${key}`, scopes: ["orders:read"] };
    crashAfterNextCommit();
    expect((await call(createAccessToken, session({ body, headers: { [HEADER]: key } }))).status).toBe(500);
    const retry = await call(createAccessToken, session({ body, headers: { [HEADER]: key } }));
    expect(retry.status).toBe(201);
    expect(retry.body.token).toMatch(/^oat_/);
    expect(await db.organizationAccessToken.count({ where: { comment: body.comment } })).toBe(1);
    expect(
      await db.organizationAccessToken.count({ where: { token_hash: sha256Hex(retry.body.token) } }),
    ).toBe(1);
  });

  it("license key PATCH: the retry gets the first answer, not a second run", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const licenseKey = await newLicenseKey(orgA);
    const key = newKey();
    const patch = () =>
      call(patchLicenseKey, {
        method: "PATCH",
        token: tokenA,
        path: `/v1/license-keys/${licenseKey.id}`,
        params: { id: licenseKey.id },
        body: { usage: 2 },
        headers: { [HEADER]: key },
      });
    crashAfterNextCommit();
    expect((await patch()).status).toBe(500);
    const committed = await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } });
    const retry = await patch();
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.modified_at).toBe(committed.modified_at?.toISOString());
  });
});
