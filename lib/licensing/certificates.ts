// Signed offline licenses: a certificate says "this key was usable at issued_at and may be trusted
// until valid_until", signed with the organization's Ed25519 key, so the merchant's software can
// check it with no network (lib/licensing/verify-certificate.ts). valid_until bounds how long a
// revocation can go unnoticed: at most CERTIFICATE_TTL_DAYS, and never past the key's own expiry.
import type { DbOrTx } from "../db/client";
import { certificateTtlDays } from "../config";
import { ApiError } from "../core/errors";
import { displayKey } from "../core/license-key-format";
import { assertUsable, findCurrentActivation } from "../license-keys/public";
import type { LicenseCertificateBody, LicenseCertificatePayload } from "./schemas";
import { findOrCreateSigningKey, signWith } from "./signing-keys";

const DAY_MS = 86_400_000;

function earliest(a: Date | null, b: Date): Date {
  return a && a < b ? a : b;
}

/**
 * The certificate of a usable key (and, if named, one of its current activations). A plain read:
 * it does not count as a validation and writes nothing to the key; the same rules and 404s as
 * validate decide what is usable. The only write is the organization's signing key on first use.
 */
export async function issueLicenseCertificate(
  db: DbOrTx,
  body: LicenseCertificateBody,
  now = new Date(),
  ttlDays = certificateTtlDays(),
) {
  const key = await db.licenseKey.findUnique({
    where: { organization_id_key: { organization_id: body.organization_id, key: body.key } },
  });
  if (!key) throw ApiError.notFound("License key not found.");
  assertUsable(key, now);
  const activation = body.activation_id ? await findCurrentActivation(db, key.id, body.activation_id) : null;

  const validUntil = earliest(key.expires_at, new Date(now.getTime() + ttlDays * DAY_MS));
  const payload: LicenseCertificatePayload = {
    license_key_id: key.id,
    display_key: displayKey(key.key),
    organization_id: key.organization_id,
    customer_id: key.customer_id,
    benefit_id: key.benefit_id,
    status: key.status,
    expires_at: key.expires_at?.toISOString() ?? null,
    activation_id: activation?.id ?? null,
    conditions: (activation?.conditions ?? {}) as Record<string, unknown>,
    issued_at: now.toISOString(),
    valid_until: validUntil.toISOString(),
  };
  // Signed as these exact bytes; the verifier checks the bytes it receives, never a re-serialization.
  const bytes = Buffer.from(JSON.stringify(payload), "utf8");
  const signingKey = await findOrCreateSigningKey(db, key.organization_id, now);
  const encodedPayload = bytes.toString("base64url");
  const signature = signWith(signingKey, bytes).toString("base64url");
  return {
    payload: encodedPayload,
    signature,
    certificate: `${encodedPayload}.${signature}`,
    valid_until: validUntil,
  };
}
