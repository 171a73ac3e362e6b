// Keyed hashes under the server secret: values derived from a secret (CSRF tokens) and hashes of
// data that may hold secrets (idempotency request hashes, scopes) that a database dump must not
// let anyone confirm by guessing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { keyring, type Keyring } from "./keys";

/** HMAC-SHA256 of `value` for one purpose (distinct purposes never yield the same digest), hex. */
export function hmacHex(purpose: string, value: string, keys: Keyring = keyring()): string {
  return createHmac("sha256", keys.current.hmac).update(`${purpose}\n${value}`).digest("hex");
}

/** The same, base64url: for values sent to clients (shorter). */
export function hmacBase64url(purpose: string, value: string, keys: Keyring = keyring()): string {
  return createHmac("sha256", keys.current.hmac).update(`${purpose}\n${value}`).digest("base64url");
}

/** Constant-time string comparison (lengths may leak, contents do not). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
