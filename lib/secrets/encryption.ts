// Authenticated encryption of secrets at rest (AES-256-GCM). A sealed value reads
// `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts): the version names the format, the key
// id the key, so values sealed before a rotation still open with APP_SECRET_PREVIOUS. The context
// (e.g. "checkout_sessions.client_secret:<id>") is authenticated too: a value copied to another
// row or column does not open there.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { keyring, type Keyring } from "./keys";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt a sealed value: ${reason}.`);
  }
}

export function encryptBytes(plaintext: Uint8Array, context: string, keys: Keyring = keyring()): string {
  const key = keys.current;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.encryption, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, key.id, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function decryptBytes(sealed: string, context: string, keys: Keyring = keyring()): Buffer {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new DecryptionError("unknown format");
  const [, keyId, iv, ciphertext, tag] = parts as [string, string, string, string, string];
  const key = keys.byId.get(keyId);
  if (!key) throw new DecryptionError("sealed with a key this server does not have");
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new DecryptionError("malformed");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.encryption, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
  } catch {
    throw new DecryptionError("tampered, or sealed for another context");
  }
}

/** The id of the key a sealed value names (`v1.<key id>.…`), or null when it is not in this format. */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split(".", 2);
  return version === VERSION && keyId ? keyId : null;
}

export function encrypt(plaintext: string, context: string, keys?: Keyring): string {
  return encryptBytes(Buffer.from(plaintext, "utf8"), context, keys);
}

export function decrypt(sealed: string, context: string, keys?: Keyring): string {
  return decryptBytes(sealed, context, keys).toString("utf8");
}
