// The keys derived from the server secret (HKDF-SHA256, one label per use) and the keyring that
// holds them: the current secret encrypts and signs; APP_SECRET_PREVIOUS (comma-separated) still
// decrypts what older secrets encrypted, so the secret can be rotated without losing data.
import { createHash, hkdfSync } from "node:crypto";
import { loadServerSecret } from "./server-secret";

export type SecretKey = {
  /** Names the key inside ciphertexts: a hash of the key, so it tells nothing about the secret. */
  id: string;
  encryption: Buffer;
  hmac: Buffer;
};

export type Keyring = { current: SecretKey; byId: ReadonlyMap<string, SecretKey> };

const SALT = "digital-sales-backend";

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, label, 32));
}

export function deriveKey(secret: string): SecretKey {
  const encryption = derive(secret, "aes-256-gcm v1");
  return {
    id: createHash("sha256").update(encryption).digest("base64url").slice(0, 8),
    encryption,
    hmac: derive(secret, "hmac-sha256 v1"),
  };
}

export function keyringFrom(current: string, previous: string[] = []): Keyring {
  const keys = [current, ...previous].map(deriveKey);
  return { current: keys[0]!, byId: new Map(keys.map((key) => [key.id, key])) };
}

let cached: Keyring | null = null;

/** APP_SECRET_PREVIOUS: former secrets, comma-separated. */
export function previousSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return (env.APP_SECRET_PREVIOUS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The process's keyring, loaded on first use (never at import time: `next build` imports us).
 * `createSecret: false` never generates DATA_DIR/app-secret (lib/secrets/sealed-values.ts).
 */
export function keyring({ createSecret = true }: { createSecret?: boolean } = {}): Keyring {
  if (!cached) {
    const secret = loadServerSecret(process.env, console.warn, { create: createSecret });
    cached = keyringFrom(secret, previousSecrets());
  }
  return cached;
}

/** Tests that change APP_SECRET: forget the loaded keys. */
export function forgetKeyring(): void {
  cached = null;
}
