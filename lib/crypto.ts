import { hash, randomBytes } from "node:crypto";

/** A random secret with a readable prefix (`oat_`, `cs_`, `cst_`): 256 bits, URL-safe. */
export function randomSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/**
 * Secrets are stored only as this hash: a leaked database does not leak credentials. Every
 * authenticated request hashes its token: the one-shot `hash` costs a third of a Hash object's.
 */
export function sha256Hex(value: string): string {
  return hash("sha256", value, "hex");
}
