// Signed offline licenses end to end: the organization's public key route, the certificate route,
// and the shipped verifier (lib/licensing/verify-certificate.ts) checking what the server signed.
import { createPrivateKey, createPublicKey, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrganization,
  createToken,
} from "@/lib/factories";
import { decryptBytes, DecryptionError } from "@/lib/secrets";
import { issueLicenseCertificate } from "@/lib/licensing/certificates";
import { findOrCreateSigningKey, privateKeyContext } from "@/lib/licensing/signing-keys";
import { verifyLicenseCertificate } from "@/lib/licensing/verify-certificate";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { POST as certificateRoute, GET as getCertificate } from "./certificate/route";
import {
  GET as publicKeyRoute,
  POST as postPublicKey,
} from "@/app/v1/organizations/[id]/license-public-key/route";

const DAY_MS = 86_400_000;
const PAYLOAD_FIELDS = [
  "license_key_id",
  "display_key",
  "organization_id",
  "customer_id",
  "benefit_id",
  "status",
  "expires_at",
  "activation_id",
  "conditions",
  "issued_at",
  "valid_until",
];

let db: Db;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "APP" } });
  const customer = await createCustomer(db, org.id);
  const foreignBenefit = await createBenefit(db, other.id, { type: "license_keys" });
  const foreignCustomer = await createCustomer(db, other.id);
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    benefit: benefit.id,
    customer: customer.id,
    foreignBenefit: foreignBenefit.id,
    foreignCustomer: foreignCustomer.id,
  });
});

async function newKey(key: Partial<Prisma.LicenseKeyUncheckedCreateInput> = {}) {
  return createLicenseKey(db, ids.org!, { benefitId: ids.benefit!, customerId: ids.customer!, key });
}

const requestCertificate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(certificateRoute, { path: "/v1/customer-portal/license-keys/certificate", body, headers });

const getPublicKey = (id: string, token?: string) =>
  call(publicKeyRoute, { path: `/v1/organizations/${id}/license-public-key`, params: { id }, token });

const decodePayload = (payload: string) => JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));

const notFound = (detail: string) => ({ status: 404, body: { error: "ResourceNotFound", detail } });

describe("GET /v1/organizations/{id}/license-public-key", () => {
  it("publishes the raw key and its PEM, the same on every call, with no token needed", async () => {
    const org = await createOrganization(db);
    const first = await getPublicKey(org.id);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["algorithm", "public_key", "public_key_pem"]);
    expect(first.body.algorithm).toBe("Ed25519");
    expect(first.body.public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.body.public_key, "base64url")).toHaveLength(32);
    expect(first.body.public_key_pem).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/,
    );
    const fromPem = createPublicKey(first.body.public_key_pem);
    expect(fromPem.asymmetricKeyType).toBe("ed25519");
    expect(fromPem.export({ format: "jwk" }).x).toBe(first.body.public_key);
    // Limited per client address, as the other public routes.
    expect(first.headers.get("RateLimit-Limit")).toBe(process.env.RATE_LIMIT_IP_PER_MINUTE ?? "300");

    const row = await db.organizationSigningKey.findUniqueOrThrow({ where: { organization_id: org.id } });
    expect(row).toMatchObject({ algorithm: "Ed25519", public_key: first.body.public_key });
    // A token is accepted too (any organization's: the key is public), and changes nothing.
    const { token } = await createToken(db, ids.other!);
    expect(await getPublicKey(org.id, token)).toMatchObject({ status: 200, body: first.body });
    expect(await getPublicKey(org.id)).toMatchObject({ status: 200, body: first.body });
    expect(await db.organizationSigningKey.count({ where: { organization_id: org.id } })).toBe(1);
  });

  it("is 404 for an unknown organization (creating nothing) and 422 for a malformed id", async () => {
    const unknown = randomUUID();
    expect(await getPublicKey(unknown)).toMatchObject(notFound("Organization not found."));
    expect(await db.organizationSigningKey.count({ where: { organization_id: unknown } })).toBe(0);
    const malformed = await getPublicKey("not-a-uuid");
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"] });
    expect(await call(postPublicKey, { params: { id: ids.org! }, body: {} })).toMatchObject({ status: 405 });
  });

  it("keeps the private key sealed for its organization, never in clear", async () => {
    const org = await createOrganization(db);
    const { body } = await getPublicKey(org.id);
    const row = await db.organizationSigningKey.findUniqueOrThrow({ where: { organization_id: org.id } });
    expect(Object.keys(body)).not.toContain("private_key_sealed");
    expect(JSON.stringify(body)).not.toContain(row.private_key_sealed);
    expect(row.private_key_sealed).toMatch(/^v1\.[^.]+\.[^.]+\.[^.]+\.[^.]+$/);

    const pkcs8 = decryptBytes(row.private_key_sealed, privateKeyContext(org.id));
    const privateKey = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" });
    expect(createPublicKey(privateKey).export({ format: "jwk" }).x).toBe(row.public_key);
    const seed = privateKey.export({ format: "jwk" }).d!;
    for (const clear of [seed, Buffer.from(seed, "base64url").toString("hex"), pkcs8.toString("base64")]) {
      expect(row.private_key_sealed).not.toContain(clear);
    }
    // Bound to its row: another organization's context does not open it.
    expect(() => decryptBytes(row.private_key_sealed, privateKeyContext(ids.org!))).toThrow(DecryptionError);
  });

  it("gives concurrent first uses one key", async () => {
    const org = await createOrganization(db);
    const key = await createLicenseKey(db, org.id, {
      benefitId: (await createBenefit(db, org.id, { type: "license_keys" })).id,
      customerId: (await createCustomer(db, org.id)).id,
    });
    const [direct, routes, certificates] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => findOrCreateSigningKey(db, org.id))),
      Promise.all(Array.from({ length: 6 }, () => getPublicKey(org.id))),
      Promise.all(
        Array.from({ length: 6 }, () => requestCertificate({ key: key.key, organization_id: org.id })),
      ),
    ]);
    expect(await db.organizationSigningKey.count({ where: { organization_id: org.id } })).toBe(1);
    const row = await db.organizationSigningKey.findUniqueOrThrow({ where: { organization_id: org.id } });
    expect(new Set(direct.map((k) => k.public_key))).toEqual(new Set([row.public_key]));
    expect(new Set(routes.map((r) => r.body.public_key))).toEqual(new Set([row.public_key]));
    for (const { status, body } of certificates) {
      expect(status).toBe(200);
      expect(await verifyLicenseCertificate(body.certificate, row.public_key)).toMatchObject({ valid: true });
    }
  });
});

describe("POST /v1/customer-portal/license-keys/certificate", () => {
  it("signs the key and its activation; the shipped verifier accepts exactly that", async () => {
    const expiresAt = new Date(Date.now() + 365 * DAY_MS);
    const key = await newKey({ limit_activations: 3, expires_at: expiresAt });
    const activation = await createActivation(db, key.id, {
      label: "Laptop",
      conditions: { machine: "m-1", major_version: 3 },
    });
    const before = Date.now();
    const res = await requestCertificate({
      key: key.key,
      organization_id: ids.org,
      activation_id: activation.id,
    });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["payload", "signature", "certificate", "valid_until"]);
    expect(res.body.certificate).toBe(`${res.body.payload}.${res.body.signature}`);
    expect(res.body.payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(res.body.signature, "base64url")).toHaveLength(64);

    const payload = decodePayload(res.body.payload);
    expect(Object.keys(payload)).toEqual(PAYLOAD_FIELDS);
    expect(payload.issued_at).toMatch(ISO);
    expect(Date.parse(payload.issued_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(payload.issued_at)).toBeLessThanOrEqual(after);
    expect(payload).toEqual({
      license_key_id: key.id,
      display_key: `****-${key.key.slice(-6)}`,
      organization_id: ids.org,
      customer_id: ids.customer,
      benefit_id: ids.benefit,
      status: "granted",
      expires_at: expiresAt.toISOString(),
      activation_id: activation.id,
      conditions: { machine: "m-1", major_version: 3 },
      issued_at: payload.issued_at,
      valid_until: new Date(Date.parse(payload.issued_at) + 30 * DAY_MS).toISOString(),
    });
    expect(res.body.valid_until).toBe(payload.valid_until);
    // The key itself (the credential) is not in the certificate.
    expect(Buffer.from(res.body.payload, "base64url").toString("utf8")).not.toContain(key.key);

    const { body: published } = await getPublicKey(ids.org!);
    for (const publicKey of [published.public_key, published.public_key_pem]) {
      expect(
        await verifyLicenseCertificate(res.body.certificate, publicKey, {
          organizationId: ids.org,
          activationId: activation.id,
        }),
      ).toEqual({ valid: true, license: payload });
    }

    // Not a validation: the key is as it was.
    const row = await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row).toEqual(key);
  });

  it("the verifier rejects a tampered payload, a wrong key and an expired certificate", async () => {
    const key = await newKey();
    const { body } = await requestCertificate({ key: key.key, organization_id: ids.org });
    const { body: published } = await getPublicKey(ids.org!);
    const { body: foreign } = await getPublicKey(ids.other!);

    const payload = decodePayload(body.payload);
    const extended = Buffer.from(JSON.stringify({ ...payload, valid_until: "2999-01-01T00:00:00.000Z" }));
    const tampered = `${extended.toString("base64url")}.${body.signature}`;
    expect(await verifyLicenseCertificate(tampered, published.public_key)).toEqual({
      valid: false,
      reason: "bad_signature",
    });
    expect(await verifyLicenseCertificate(body.certificate, foreign.public_key)).toEqual({
      valid: false,
      reason: "bad_signature",
    });
    expect(
      await verifyLicenseCertificate(body.certificate, published.public_key, {
        now: new Date(payload.valid_until),
      }),
    ).toEqual({ valid: false, reason: "expired" });
    expect(
      await verifyLicenseCertificate(body.certificate, published.public_key, {
        now: new Date(Date.parse(payload.valid_until) - 1),
      }),
    ).toMatchObject({ valid: true });
    expect(
      await verifyLicenseCertificate(body.certificate, published.public_key, { organizationId: ids.other }),
    ).toEqual({ valid: false, reason: "wrong_organization" });
  });

  it("ends at the key's expiry when it comes before the lifetime; without an activation, none", async () => {
    const expiresAt = new Date(Date.now() + 2 * DAY_MS);
    const key = await newKey({ expires_at: expiresAt });
    const res = await requestCertificate({ key: key.key, organization_id: ids.org, activation_id: null });
    expect(res.status).toBe(200);
    expect(res.body.valid_until).toBe(expiresAt.toISOString());
    expect(decodePayload(res.body.payload)).toMatchObject({
      expires_at: expiresAt.toISOString(),
      valid_until: expiresAt.toISOString(),
      activation_id: null,
      conditions: {},
    });
  });

  it("takes its lifetime from CERTIFICATE_TTL_DAYS and its instants from the injected clock", async () => {
    const key = await newKey();
    const saved = process.env.CERTIFICATE_TTL_DAYS;
    process.env.CERTIFICATE_TTL_DAYS = "7";
    try {
      const res = await requestCertificate({ key: key.key, organization_id: ids.org });
      const payload = decodePayload(res.body.payload);
      expect(Date.parse(payload.valid_until) - Date.parse(payload.issued_at)).toBe(7 * DAY_MS);
    } finally {
      if (saved === undefined) delete process.env.CERTIFICATE_TTL_DAYS;
      else process.env.CERTIFICATE_TTL_DAYS = saved;
    }

    const now = new Date("2026-11-20T10:00:00.000Z");
    const expiring = await newKey({ expires_at: new Date("2026-12-01T00:00:00.000Z") });
    const issued = await issueLicenseCertificate(
      db,
      { key: expiring.key, organization_id: ids.org! },
      now,
      1,
    );
    expect(decodePayload(issued.payload)).toMatchObject({
      issued_at: "2026-11-20T10:00:00.000Z",
      valid_until: "2026-11-21T10:00:00.000Z",
    });
    const late = await issueLicenseCertificate(db, { key: expiring.key, organization_id: ids.org! }, now, 30);
    expect(late.valid_until.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    await expect(
      issueLicenseCertificate(
        db,
        { key: expiring.key, organization_id: ids.org! },
        new Date("2026-12-01T00:00:00.000Z"),
      ),
    ).rejects.toMatchObject({ status: 404, message: "License key has expired." });
  });

  it("is 404 for a revoked, disabled or expired key, with validate's messages, writing nothing", async () => {
    const cases = [
      [{ status: "revoked" as const }, "License key is no longer active."],
      [{ status: "disabled" as const }, "License key is no longer active."],
      [{ expires_at: new Date(Date.now() - 60_000) }, "License key has expired."],
    ] as const;
    for (const [state, detail] of cases) {
      const key = await newKey(state);
      expect(await requestCertificate({ key: key.key, organization_id: ids.org })).toMatchObject(
        notFound(detail),
      );
      expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toEqual(key);
    }
  });

  it("is 404 for an unknown key, another organization's key, and an activation not the key's", async () => {
    const key = await newKey();
    expect(await requestCertificate({ key: "APP-NOPE", organization_id: ids.org })).toMatchObject(
      notFound("License key not found."),
    );
    expect(await requestCertificate({ key: key.key, organization_id: ids.other })).toMatchObject(
      notFound("License key not found."),
    );
    const foreign = await createLicenseKey(db, ids.other!, {
      benefitId: ids.foreignBenefit!,
      customerId: ids.foreignCustomer!,
    });
    expect(await requestCertificate({ key: foreign.key, organization_id: ids.org })).toMatchObject(
      notFound("License key not found."),
    );

    const otherKey = await newKey();
    const othersActivation = await createActivation(db, otherKey.id);
    const deactivated = await createActivation(db, key.id, { deleted_at: new Date() });
    for (const activationId of [othersActivation.id, deactivated.id, randomUUID()]) {
      expect(
        await requestCertificate({ key: key.key, organization_id: ids.org, activation_id: activationId }),
      ).toMatchObject(notFound("License key activation not found."));
    }
  });

  it("rejects invalid bodies with 422 and every problem, and other methods with 405", async () => {
    const res = await requestCertificate({ key: "", organization_id: "nope", activation_id: 5 });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { loc: unknown[] }) => p.loc)).toEqual([
      ["body", "key"],
      ["body", "organization_id"],
      ["body", "activation_id"],
    ]);
    expect(
      await call(getCertificate, { path: "/v1/customer-portal/license-keys/certificate" }),
    ).toMatchObject({
      status: 405,
    });
  });

  it("is limited per key, sharing the budget of the other public license key routes", async () => {
    const key = await newKey();
    const saved = process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE;
    process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = "2";
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await requestCertificate({ key: key.key, organization_id: ids.org })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE;
      else process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = saved;
    }
  });
});
