// The merchant-side verifier on its own: certificates made here with node:crypto, checked against
// raw and PEM public keys, the injected clock, and every way a certificate can be wrong.
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyLicenseCertificate, type LicensePayload } from "./verify-certificate";

const ORG = "6f1c1c2e-8a53-4c7a-9d1e-2b4f5a6c7d8e";
const ACTIVATION = "0b7e1c55-7f0f-4b8e-8d43-5d6a2f1e9c10";

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    privateKey,
    raw: publicKey.export({ format: "jwk" }).x!,
    pem: String(publicKey.export({ type: "spki", format: "pem" })),
  };
}

const signer = keyPair();

function payload(overrides: Partial<LicensePayload> = {}): LicensePayload {
  return {
    license_key_id: "3c9d2b1a-1111-4222-8333-444455556666",
    display_key: "****-ABCDEF",
    organization_id: ORG,
    customer_id: "5e6f7a8b-1111-4222-8333-444455556666",
    benefit_id: "7a8b9c0d-1111-4222-8333-444455556666",
    status: "granted",
    expires_at: null,
    activation_id: ACTIVATION,
    conditions: { machine: "abc" },
    issued_at: "2026-11-01T00:00:00.000Z",
    valid_until: "2026-12-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A certificate over these exact bytes, signed as the server signs. */
function certificateOf(bytes: Buffer, privateKey: KeyObject = signer.privateKey) {
  return `${bytes.toString("base64url")}.${sign(null, bytes, privateKey).toString("base64url")}`;
}

const certify = (p: unknown = payload(), privateKey?: KeyObject) =>
  certificateOf(Buffer.from(JSON.stringify(p), "utf8"), privateKey);

const during = new Date("2026-11-15T12:00:00.000Z");
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("verifyLicenseCertificate", () => {
  it("accepts a certificate with the raw or the PEM public key and returns its payload", async () => {
    const certificate = certify();
    for (const key of [signer.raw, signer.pem, `\n${signer.pem}\n`]) {
      expect(await verifyLicenseCertificate(certificate, key, { now: during })).toEqual({
        valid: true,
        license: payload(),
      });
    }
    // A trailing newline, as when the certificate was saved to a file.
    expect(await verifyLicenseCertificate(`${certificate}\n`, signer.raw, { now: during })).toMatchObject({
      valid: true,
    });
  });

  it("rejects a tampered payload or signature, and another key", async () => {
    const certificate = certify();
    const [, signature] = certificate.split(".");
    // The same JSON with one field changed, under the original signature.
    const forged = `${Buffer.from(JSON.stringify(payload({ expires_at: null, valid_until: "2099-01-01T00:00:00.000Z" }))).toString("base64url")}.${signature}`;
    expect(await verifyLicenseCertificate(forged, signer.raw, { now: during })).toEqual({
      valid: false,
      reason: "bad_signature",
    });
    // Equivalent JSON, other bytes (a space): not what was signed.
    const respaced = `${Buffer.from(JSON.stringify(payload(), null, 1)).toString("base64url")}.${signature}`;
    expect(await verifyLicenseCertificate(respaced, signer.raw, { now: during })).toMatchObject({
      reason: "bad_signature",
    });
    const flipped = Buffer.from(signature!, "base64url");
    flipped[10]! ^= 1;
    const badSignature = `${certificate.split(".")[0]}.${flipped.toString("base64url")}`;
    expect(await verifyLicenseCertificate(badSignature, signer.raw, { now: during })).toMatchObject({
      reason: "bad_signature",
    });
    const other = keyPair();
    for (const key of [other.raw, other.pem]) {
      expect(await verifyLicenseCertificate(certificate, key, { now: during })).toEqual({
        valid: false,
        reason: "bad_signature",
      });
    }
  });

  it("is valid until valid_until by the injected clock, and never past the key's expiry", async () => {
    const certificate = certify();
    const at = (iso: string) => verifyLicenseCertificate(certificate, signer.raw, { now: new Date(iso) });
    expect(await at("2026-11-30T23:59:59.999Z")).toMatchObject({ valid: true });
    expect(await at("2026-12-01T00:00:00.000Z")).toEqual({ valid: false, reason: "expired" });
    expect(await at("2027-06-01T00:00:00.000Z")).toEqual({ valid: false, reason: "expired" });

    const keyExpired = certify(payload({ expires_at: "2026-11-10T00:00:00.000Z" }));
    expect(await verifyLicenseCertificate(keyExpired, signer.raw, { now: during })).toEqual({
      valid: false,
      reason: "expired",
    });
  });

  it("refuses a certificate issued after now, beyond the clock tolerance", async () => {
    const certificate = certify();
    const check = (iso: string, clockToleranceSeconds?: number) =>
      verifyLicenseCertificate(certificate, signer.raw, { now: new Date(iso), clockToleranceSeconds });
    expect(await check("2026-10-31T23:55:00.000Z")).toMatchObject({ valid: true });
    expect(await check("2026-10-31T23:54:59.999Z")).toEqual({ valid: false, reason: "not_yet_valid" });
    expect(await check("2026-10-31T23:59:59.000Z", 0)).toEqual({ valid: false, reason: "not_yet_valid" });
  });

  it("checks the organization and the activation when asked", async () => {
    const certificate = certify();
    const check = (options: { organizationId?: string; activationId?: string | null }) =>
      verifyLicenseCertificate(certificate, signer.raw, { now: during, ...options });
    expect(await check({ organizationId: ORG, activationId: ACTIVATION })).toMatchObject({ valid: true });
    expect(await check({ organizationId: ORG.toUpperCase() })).toMatchObject({ valid: true });
    expect(await check({ organizationId: "00000000-0000-4000-8000-000000000000" })).toEqual({
      valid: false,
      reason: "wrong_organization",
    });
    expect(await check({ activationId: "00000000-0000-4000-8000-000000000000" })).toEqual({
      valid: false,
      reason: "wrong_activation",
    });
    expect(await check({ activationId: null })).toEqual({ valid: false, reason: "wrong_activation" });
    const unactivated = certify(payload({ activation_id: null, conditions: {} }));
    expect(
      await verifyLicenseCertificate(unactivated, signer.raw, { now: during, activationId: null }),
    ).toMatchObject({ valid: true });
  });

  it("calls malformed strings malformed", async () => {
    const [encoded, signature] = certify().split(".") as [string, string];
    const malformed = [
      "",
      "nothing",
      ".",
      `${encoded}.`,
      `.${signature}`,
      `${encoded}.${signature}.${signature}`,
      `${encoded}=.${signature}`,
      `${encoded}.${signature}==`,
      `${encoded.replace(/^./, "+")}.${signature}`,
      `${encoded}.${signature.slice(0, -4)}`,
      `${encoded}.${"A".repeat(200_000)}`,
      // Another spelling of the same bytes: the last character's unused low bit set.
      `${encoded}.${signature.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(signature.at(-1)!) | 1]}`,
    ];
    for (const certificate of malformed) {
      expect(await verifyLicenseCertificate(certificate, signer.raw, { now: during }), certificate).toEqual({
        valid: false,
        reason: "malformed",
      });
    }
    expect(await verifyLicenseCertificate(42 as unknown as string, signer.raw)).toEqual({
      valid: false,
      reason: "malformed",
    });
  });

  it("calls a correctly signed payload that is not a license malformed", async () => {
    const signed = [
      Buffer.from("not json"),
      Buffer.from([0x7b, 0xff, 0x7d]), // invalid UTF-8
      Buffer.from("[]"),
      Buffer.from("null"),
      Buffer.from(JSON.stringify({ ...payload(), valid_until: "someday" })),
      Buffer.from(JSON.stringify({ ...payload(), conditions: null })),
      Buffer.from(JSON.stringify({ ...payload(), license_key_id: 7 })),
      Buffer.from(JSON.stringify((({ issued_at: _, ...rest }) => rest)(payload()))),
    ];
    for (const bytes of signed) {
      expect(await verifyLicenseCertificate(certificateOf(bytes), signer.raw, { now: during })).toEqual({
        valid: false,
        reason: "malformed",
      });
    }
  });

  it("refuses a public key that is not an Ed25519 key", async () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    const keys = [
      "",
      "not a key",
      signer.raw.slice(0, -2),
      `${signer.raw}AA`,
      `${signer.raw}=`,
      "-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----",
      "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----",
      String(rsa),
    ];
    for (const key of keys) {
      expect(await verifyLicenseCertificate(certify(), key, { now: during }), key).toEqual({
        valid: false,
        reason: "invalid_public_key",
      });
    }
  });

  it("imports nothing, so a merchant can copy the one file", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "verify-certificate.ts"), "utf8");
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\brequire\(/);
  });
});
