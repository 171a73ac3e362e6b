// Offline check of a license certificate from POST /v1/customer-portal/license-keys/certificate,
// for the merchant's own software. Copy this single file into your application: it imports nothing
// and needs only Web Crypto with Ed25519 (Node 20+, Deno, Bun, current browsers) and a clock.
//
// A certificate is `<payload>.<signature>`, both base64url (no padding): the payload is UTF-8 JSON,
// the signature is Ed25519 over exactly those JSON bytes, made with the organization's private key.
// The public key comes from GET /v1/organizations/{id}/license-public-key (`public_key`, raw 32
// bytes base64url, or `public_key_pem`); embed it in the application.

/** What the server signed about the license key (datetimes ISO 8601 UTC). */
export type LicensePayload = {
  license_key_id: string;
  /** `****-` and the key's last 6 characters. */
  display_key: string;
  organization_id: string;
  customer_id: string;
  benefit_id: string;
  status: string;
  /** The key's own expiry, or null. */
  expires_at: string | null;
  /** The activation the certificate was issued for, or null. */
  activation_id: string | null;
  /** That activation's conditions ({} without one). */
  conditions: Record<string, unknown>;
  issued_at: string;
  /** After this instant the certificate no longer counts: fetch a new one while online. */
  valid_until: string;
};

export type CertificateRejection =
  /** Not a certificate: wrong shape, encoding or payload. */
  | "malformed"
  /** The public key given is neither 32 bytes base64url nor an Ed25519 public key PEM. */
  | "invalid_public_key"
  /** Not signed by this key, or changed since (a tampered payload, another organization's key). */
  | "bad_signature"
  /** Issued later than `now` (beyond the tolerance): this machine's clock is behind. */
  | "not_yet_valid"
  /** `now` is at or past `valid_until` (or the key's `expires_at`). */
  | "expired"
  /** Signed for another organization than `organizationId`. */
  | "wrong_organization"
  /** Issued for another activation (or none) than `activationId`. */
  | "wrong_activation";

export type VerifyOptions = {
  /** The instant to check against; the system clock by default. */
  now?: Date;
  /** When given, the certificate must be for this organization. */
  organizationId?: string;
  /** When given, the certificate must be for this activation (null: for none). */
  activationId?: string | null;
  /** How far in the future `issued_at` may lie (clock skew); 300 seconds by default. */
  clockToleranceSeconds?: number;
};

export type VerifyResult =
  { valid: true; license: LicensePayload } | { valid: false; reason: CertificateRejection };

// Far more than any certificate (the payload's conditions are bounded at 16 KiB of JSON).
const MAX_CERTIFICATE_LENGTH = 100_000;
const SIGNATURE_BYTES = 64;
const RAW_KEY_BYTES = 32;
const PEM = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/;

function bytesFromBinary(binary: string) {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64urlOf(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Strict base64url without padding: any other spelling of the bytes is refused (null). */
function fromBase64url(text: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  let bytes;
  try {
    bytes = bytesFromBinary(atob(padded));
  } catch {
    return null;
  }
  return base64urlOf(bytes) === text ? bytes : null;
}

async function importPublicKey(publicKey: string): Promise<CryptoKey | null> {
  const text = typeof publicKey === "string" ? publicKey.trim() : "";
  const pem = PEM.exec(text);
  let format: "raw" | "spki";
  let bytes;
  if (pem) {
    format = "spki";
    try {
      bytes = bytesFromBinary(atob(pem[1]!.replace(/\s+/g, "")));
    } catch {
      return null;
    }
  } else {
    format = "raw";
    bytes = fromBase64url(text);
    if (!bytes || bytes.length !== RAW_KEY_BYTES) return null;
  }
  try {
    return await crypto.subtle.importKey(format, bytes, { name: "Ed25519" }, false, ["verify"]);
  } catch (error) {
    // A runtime without Ed25519 in Web Crypto cannot check anything: say so, do not blame the key.
    if ((error as { name?: unknown })?.name === "NotSupportedError") {
      throw new Error(
        "This runtime's Web Crypto has no Ed25519 (Node 20+, Deno, Bun or a current browser needed).",
      );
    }
    return null;
  }
}

const isString = (value: unknown): value is string => typeof value === "string";
const isInstant = (value: unknown): value is string => isString(value) && Number.isFinite(Date.parse(value));

function asPayload(value: unknown): LicensePayload | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const p = value as Record<string, unknown>;
  const conditions = p.conditions;
  const ok =
    ["license_key_id", "display_key", "organization_id", "customer_id", "benefit_id", "status"].every(
      (field) => isString(p[field]),
    ) &&
    (p.expires_at === null || isInstant(p.expires_at)) &&
    (p.activation_id === null || isString(p.activation_id)) &&
    !!conditions &&
    typeof conditions === "object" &&
    !Array.isArray(conditions) &&
    isInstant(p.issued_at) &&
    isInstant(p.valid_until);
  return ok ? (p as LicensePayload) : null;
}

/**
 * Checks a certificate against the organization's public key and the current time, offline.
 * Resolves `{ valid: true, license }` only when the signature holds, the certificate is within its
 * validity at `now`, and it matches the organization and activation asked for; otherwise
 * `{ valid: false, reason }`. Throws only when the runtime lacks Ed25519.
 */
export async function verifyLicenseCertificate(
  certificate: string,
  publicKey: string,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const reject = (reason: CertificateRejection): VerifyResult => ({ valid: false, reason });

  const key = await importPublicKey(publicKey);
  if (!key) return reject("invalid_public_key");

  if (typeof certificate !== "string" || certificate.length > MAX_CERTIFICATE_LENGTH)
    return reject("malformed");
  const parts = certificate.trim().split(".");
  if (parts.length !== 2) return reject("malformed");
  const payloadBytes = fromBase64url(parts[0]!);
  const signature = fromBase64url(parts[1]!);
  if (!payloadBytes || !signature || signature.length !== SIGNATURE_BYTES) return reject("malformed");

  if (!(await crypto.subtle.verify({ name: "Ed25519" }, key, signature, payloadBytes))) {
    return reject("bad_signature");
  }

  let license: LicensePayload | null;
  try {
    license = asPayload(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payloadBytes)));
  } catch {
    license = null;
  }
  if (!license) return reject("malformed");

  // Ids are UUIDs, which the server writes in lower case.
  const sameId = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();
  if (options.organizationId !== undefined && !sameId(license.organization_id, options.organizationId)) {
    return reject("wrong_organization");
  }
  if (options.activationId !== undefined && !sameId(license.activation_id, options.activationId)) {
    return reject("wrong_activation");
  }

  const now = (options.now ?? new Date()).getTime();
  const toleranceMs = (options.clockToleranceSeconds ?? 300) * 1000;
  if (Date.parse(license.issued_at) > now + toleranceMs) return reject("not_yet_valid");
  if (now >= Date.parse(license.valid_until)) return reject("expired");
  if (license.expires_at !== null && now >= Date.parse(license.expires_at)) return reject("expired");
  return { valid: true, license };
}
