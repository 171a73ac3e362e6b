// Each organization's Ed25519 signing key for offline license certificates. Created on first use
// (the public key route or the first certificate); the private key is stored only sealed with the
// server secret (lib/secrets), bound to its organization, and never leaves this module: callers get
// signatures, not the key.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from "node:crypto";
import type { DbOrTx } from "../db/client";
import type { OrganizationSigningKey } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import { decryptBytes, encryptBytes } from "../secrets";

export const SIGNING_ALGORITHM = "Ed25519" as const;

/** The sealed private key opens only in its own row (lib/secrets/encryption.ts contexts). */
export function privateKeyContext(organizationId: string): string {
  return `organization_signing_keys.private_key:${organizationId}`;
}

function newKeyPair(organizationId: string) {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const pkcs8 = privateKey.export({ format: "der", type: "pkcs8" });
  try {
    return {
      // JWK's `x` is the raw 32-byte public key, base64url.
      publicKey: publicKey.export({ format: "jwk" }).x!,
      sealedPrivateKey: encryptBytes(pkcs8, privateKeyContext(organizationId)),
    };
  } finally {
    pkcs8.fill(0);
  }
}

/**
 * The organization's key, created if it has none. Two first uses at once each generate a pair, but
 * only the first insert lands (ON CONFLICT DO NOTHING) and both read that one back, so every
 * certificate of an organization is signed by the key its public key route publishes. An unknown
 * organization gets no key (the INSERT selects from organizations) and is a 404.
 */
export async function findOrCreateSigningKey(
  db: DbOrTx,
  organizationId: string,
  now = new Date(),
): Promise<OrganizationSigningKey> {
  const existing = await db.organizationSigningKey.findUnique({ where: { organization_id: organizationId } });
  if (existing) return existing;
  const pair = newKeyPair(organizationId);
  await db.$executeRaw`
    INSERT INTO organization_signing_keys (organization_id, created_at, algorithm, public_key, private_key_sealed)
    SELECT id, ${now.toISOString()}::timestamp, ${SIGNING_ALGORITHM}, ${pair.publicKey}, ${pair.sealedPrivateKey}
    FROM organizations WHERE id = ${organizationId}::uuid
    ON CONFLICT (organization_id) DO NOTHING`;
  const created = await db.organizationSigningKey.findUnique({ where: { organization_id: organizationId } });
  if (!created) throw ApiError.notFound("Organization not found.");
  return created;
}

/** What a merchant embeds in their software: the raw key and the same key as SPKI PEM. */
export async function getLicensePublicKey(db: DbOrTx, organizationId: string, now = new Date()) {
  const key = await findOrCreateSigningKey(db, organizationId, now);
  const pem = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: key.public_key },
    format: "jwk",
  }).export({ type: "spki", format: "pem" });
  return { algorithm: SIGNING_ALGORITHM, public_key: key.public_key, public_key_pem: String(pem) };
}

/** The Ed25519 signature of `bytes` under the organization's private key. */
export function signWith(key: OrganizationSigningKey, bytes: Uint8Array): Buffer {
  const pkcs8 = decryptBytes(key.private_key_sealed, privateKeyContext(key.organization_id));
  try {
    return sign(null, bytes, createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }));
  } finally {
    pkcs8.fill(0);
  }
}
