-- Secrets at rest (issue 9, item 8).

-- Checkout client secrets: looked up by their SHA-256, returned to the merchant from an encrypted
-- copy. SQL cannot encrypt with the server's key, so existing secrets move to legacy_client_secret
-- and the server seals and clears them at boot (lib/checkout/client-secret.ts); until then they still work.
DROP INDEX "checkout_sessions_client_secret_key";
ALTER TABLE "checkout_sessions" RENAME COLUMN "client_secret" TO "legacy_client_secret";
ALTER TABLE "checkout_sessions" ALTER COLUMN "legacy_client_secret" DROP NOT NULL;
ALTER TABLE "checkout_sessions" ADD COLUMN "client_secret_hash" TEXT;
ALTER TABLE "checkout_sessions" ADD COLUMN "client_secret_ciphertext" TEXT;
UPDATE "checkout_sessions"
SET "client_secret_hash" = encode(sha256(convert_to("legacy_client_secret", 'UTF8')), 'hex');
ALTER TABLE "checkout_sessions" ALTER COLUMN "client_secret_hash" SET NOT NULL;
CREATE UNIQUE INDEX "checkout_sessions_client_secret_hash_key" ON "checkout_sessions"("client_secret_hash");

-- CSRF tokens are derived from the session (HMAC under the server secret), no longer stored.
ALTER TABLE "user_sessions" DROP COLUMN "csrf_token";

-- Stored answers are encrypted from now on. The rows kept plaintext answers (tokens, secrets) and
-- scopes or paths holding client secrets, and would not match the new scopes and request hashes
-- anyway: they are dropped (a cache of at most 24 hours).
DELETE FROM "idempotency_keys";
ALTER TABLE "idempotency_keys" DROP COLUMN "response_body";
ALTER TABLE "idempotency_keys" ADD COLUMN "response_ciphertext" TEXT;
