// Secrets at rest outside the idempotency store (issue 9, item 8): checkout client secrets are
// found by their hash and kept only encrypted (sessions from before are sealed at boot), the hosted
// page's frame-ancestors lookup uses the hash, and CSRF tokens are derived, never stored.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { createMerchantUser, createOrganization, createProduct, createToken } from "@/lib/factories";
import { createCheckout } from "@/lib/factories";
import { clientSecretHash, sealLegacyClientSecrets } from "@/lib/checkout/client-secret";
import { csrfTokenFor } from "@/lib/auth/sessions";
import { call } from "@/test/http";
import { proxy } from "@/proxy";
import { GET as getClient } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { GET as getMerchant } from "@/app/v1/checkouts/custom/[id]/route";
import { POST as signInRoute } from "@/app/v1/auth/sign-in/route";
import { GET as sessionRoute } from "@/app/v1/auth/session/route";

let db: Db;
let orgId: string;
let token: string;
let priceId: string;

beforeAll(async () => {
  db = await getDb();
  orgId = (await createOrganization(db)).id;
  token = (await createToken(db, orgId)).token;
  priceId = (await createProduct(db, orgId)).price.id;
});

const readAsBuyer = (secret: string) =>
  call(getClient, { path: `/v1/checkouts/custom/client/${secret}`, params: { client_secret: secret } });
const readAsMerchant = (id: string) =>
  call(getMerchant, { token, path: `/v1/checkouts/custom/${id}`, params: { id } });

describe("checkout client secrets", () => {
  it("sessions from before encryption keep working, and boot seals and clears their plaintext", async () => {
    const secret = `cs_legacy_${Math.random().toString(36).slice(2)}_${"x".repeat(20)}`;
    const session = await createCheckout(db, orgId, priceId, { client_secret: secret });
    // As the migration leaves a session created before it: the plaintext moved to
    // legacy_client_secret, the hash computed by PostgreSQL's sha256() (the migration's expression).
    await db.$executeRaw`
      UPDATE checkout_sessions
      SET legacy_client_secret = ${secret}, client_secret_ciphertext = NULL,
          client_secret_hash = encode(sha256(convert_to(${secret}, 'UTF8')), 'hex')
      WHERE id = ${session.id}::uuid`;
    expect(
      (await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).client_secret_hash,
    ).toBe(clientSecretHash(secret));
    expect(await readAsBuyer(secret)).toMatchObject({ status: 200, body: { id: session.id } });
    expect(await readAsMerchant(session.id)).toMatchObject({ status: 200, body: { client_secret: secret } });

    expect(await sealLegacyClientSecrets(db)).toBeGreaterThanOrEqual(1);
    const sealed = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(sealed.legacy_client_secret).toBeNull();
    expect(sealed.client_secret_ciphertext).toMatch(/^v1\./);
    expect(JSON.stringify(sealed)).not.toContain(secret);
    expect(await db.checkoutSession.count({ where: { legacy_client_secret: { not: null } } })).toBe(0);
    expect(await sealLegacyClientSecrets(db)).toBe(0);

    const merchant = await readAsMerchant(session.id);
    expect(merchant.body).toMatchObject({
      client_secret: secret,
      url: expect.stringContaining(`/checkout/${secret}`),
    });
    expect((await readAsBuyer(secret)).status).toBe(200);
  });

  it("an encrypted copy does not open for another session (copied ciphertext)", async () => {
    const a = await createCheckout(db, orgId, priceId);
    const b = await createCheckout(db, orgId, priceId);
    const stored = await db.checkoutSession.findUniqueOrThrow({ where: { id: a.id } });
    await db.checkoutSession.update({
      where: { id: b.id },
      data: { client_secret_ciphertext: stored.client_secret_ciphertext },
    });
    const log = console.error;
    console.error = () => {};
    try {
      expect((await readAsMerchant(b.id)).status).toBe(500);
    } finally {
      console.error = log;
    }
  });

  it("the hosted page's frame-ancestors come from the session found by the secret's hash", async () => {
    const session = await createCheckout(db, orgId, priceId, { embed_origin: "https://shop.example.com" });
    const csp = async (secret: string) =>
      (await proxy(new NextRequest(`http://localhost/checkout/${secret}`))).headers.get(
        "content-security-policy",
      );
    expect(await csp(session.client_secret)).toContain("frame-ancestors https://shop.example.com");
    expect(await csp("cs_unknown")).toContain("frame-ancestors 'none'");
    // The hash itself is no credential.
    expect(await csp(sha256Hex(session.client_secret))).toContain("frame-ancestors 'none'");
  });
});

describe("CSRF tokens", () => {
  it("are derived from the session under the server secret and stored nowhere", async () => {
    const email = `csrf-${Math.random().toString(36).slice(2)}@example.com`;
    await createMerchantUser(db, { email, password: "pw-csrf", organizationIds: [orgId] });
    const signedIn = await call(signInRoute, { body: { email, password: "pw-csrf" } });
    expect(signedIn.status).toBe(200);
    const csrf: string = signedIn.body.csrf_token;
    expect(csrf).toMatch(/^[\w-]{32}$/);
    const [session] = await db.userSession.findMany({ where: { user: { email } } });
    expect(csrf).toBe(csrfTokenFor(session!.id));
    expect(JSON.stringify(session)).not.toContain(csrf);

    // The session view answers it and re-sends the cookie, so a browser's copy follows the server.
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const view = await call(sessionRoute, { headers: { cookie } });
    expect(view).toMatchObject({ status: 200, body: { csrf_token: csrf } });
    expect(view.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^dsb_csrf=${csrf}; Path=/; Max-Age=\\d+; SameSite=Lax$`)),
    ]);
  });
});
