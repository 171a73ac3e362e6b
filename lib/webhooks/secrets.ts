// Endpoint signing secrets (Standard Webhooks): `whsec_` + base64 of 24 to 64 random bytes, shown to
// the merchant only in the answers of create and rotate, stored sealed (lib/secrets, bound to the
// endpoint's row and column), and used to sign `<webhook-id>.<webhook-timestamp>.<body>` with
// HMAC-SHA256. During the 24 hours after a rotation both the new and the previous secret sign, so a
// receiver can switch to the new one at any time in between.
import { createHmac, randomBytes } from "node:crypto";
import { decrypt, encrypt } from "../secrets";

export const SECRET_PREFIX = "whsec_";
export const GENERATED_SECRET_BYTES = 32;
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;
/** How long a rotated-out secret keeps signing. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(GENERATED_SECRET_BYTES).toString("base64");
}

/** The key bytes of a well-formed secret, or null (wrong prefix, not base64, wrong length). */
export function secretKey(secret: string): Buffer | null {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) return null;
  const key = Buffer.from(encoded, "base64");
  return key.length >= MIN_SECRET_BYTES && key.length <= MAX_SECRET_BYTES ? key : null;
}

const secretContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;
const previousContext = (endpointId: string) => `webhook_endpoints.previous_secret:${endpointId}`;

export const sealSecret = (endpointId: string, secret: string) => encrypt(secret, secretContext(endpointId));
export const openSecret = (endpointId: string, sealed: string) => decrypt(sealed, secretContext(endpointId));
export const sealPreviousSecret = (endpointId: string, secret: string) =>
  encrypt(secret, previousContext(endpointId));
export const openPreviousSecret = (endpointId: string, sealed: string) =>
  decrypt(sealed, previousContext(endpointId));

/** `v1,<base64>`: the Standard Webhooks signature of one message with one secret. */
export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = secretKey(secret);
  if (!key) throw new Error("Malformed webhook secret.");
  const mac = createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret in use, space separated. */
export function signatureHeader(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets.map((secret) => sign(secret, messageId, timestampSeconds, body)).join(" ");
}

type SealedSecrets = {
  id: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
};

/** The secrets an endpoint signs with at `now`: its current one, and the previous one until it expires. */
export function signingSecrets(endpoint: SealedSecrets, now: Date): string[] {
  const secrets = [openSecret(endpoint.id, endpoint.secret_sealed)];
  if (
    endpoint.previous_secret_sealed &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now
  ) {
    secrets.push(openPreviousSecret(endpoint.id, endpoint.previous_secret_sealed));
  }
  return secrets;
}
