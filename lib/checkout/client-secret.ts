// Client secrets at rest: a session is found by the SHA-256 of its secret (the secret is 256
// random bits, so an unsalted hash cannot be reversed), and the secret itself is kept only
// encrypted, because the merchant's API must return it (client_secret, url) for as long as the
// session lives. An HMAC of the session id would avoid storing it at all, but would tie every
// live checkout URL to the current APP_SECRET; the encrypted copy survives a rotation.
import type { DbOrTx } from "../db/client";
import { randomSecret, sha256Hex } from "../crypto";
import { decrypt, encrypt } from "../secrets";

type StoredSecret = {
  id: string;
  client_secret_ciphertext: string | null;
  legacy_client_secret: string | null;
};

const context = (sessionId: string) => `checkout_sessions.client_secret:${sessionId}`;

export function clientSecretHash(clientSecret: string): string {
  return sha256Hex(clientSecret);
}

/** The columns that store `clientSecret` for session `sessionId`. */
export function storedClientSecret(sessionId: string, clientSecret: string) {
  return {
    client_secret_hash: clientSecretHash(clientSecret),
    client_secret_ciphertext: encrypt(clientSecret, context(sessionId)),
    legacy_client_secret: null,
  };
}

/** A fresh secret for a new session, and the columns to store. */
export function newClientSecret(sessionId: string) {
  const clientSecret = randomSecret("cs_");
  return { clientSecret, columns: storedClientSecret(sessionId, clientSecret) };
}

/** The row with its secret in clear beside it, as the views (toCheckout) need it. */
export function withClientSecret<T extends StoredSecret>(row: T): T & { client_secret: string } {
  return { ...row, client_secret: clientSecretOf(row) };
}

/** The session's secret in clear, for the merchant's view and the checkout URL. */
export function clientSecretOf(row: StoredSecret): string {
  if (row.client_secret_ciphertext) return decrypt(row.client_secret_ciphertext, context(row.id));
  if (row.legacy_client_secret) return row.legacy_client_secret;
  throw new Error(`Checkout session ${row.id} has no client secret.`);
}

/**
 * Seals the secrets of sessions created before encryption (the migration moved them to
 * legacy_client_secret) and clears the plaintext. Runs at boot; safe to run on several instances
 * at once (each row is updated only while it still holds the same plaintext).
 */
export async function sealLegacyClientSecrets(db: DbOrTx, batchSize = 500): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await db.checkoutSession.findMany({
      where: { legacy_client_secret: { not: null } },
      select: { id: true, legacy_client_secret: true },
      take: batchSize,
    });
    for (const row of rows) {
      const { count } = await db.checkoutSession.updateMany({
        where: { id: row.id, legacy_client_secret: row.legacy_client_secret },
        data: storedClientSecret(row.id, row.legacy_client_secret!),
      });
      sealed += count;
    }
    if (rows.length < batchSize) return sealed;
  }
}
