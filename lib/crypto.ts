import { createHash, randomBytes } from "node:crypto";

/** A random secret with a readable prefix (`oat_`, `cs_`, `cst_`): 256 bits, URL-safe. */
export function randomSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/** Secrets are stored only as this hash: a leaked database does not leak credentials. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
