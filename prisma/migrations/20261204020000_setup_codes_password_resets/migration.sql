-- Issue 28, items 4 and 5 (docs/accounts.md).
-- The one-time setup codes a server prints at start while the install has no user: only their
-- HMAC under the server secret is kept, one row per start (every instance prints its own), all
-- deleted when the first merchant is created.
CREATE TABLE "setup_codes" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "code_hash" TEXT NOT NULL,

    CONSTRAINT "setup_codes_pkey" PRIMARY KEY ("id")
);

-- Password reset links: the token is in the emailed link only; its SHA-256 is kept, with a
-- 30-minute expiry, and it works once.
CREATE TABLE "password_reset_tokens" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");

CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");

ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A password reset email is the merchant's own, not an organization's: no organization's outbox
-- (GET /v1/emails/, which access tokens with emails:read and the organization's other members
-- read) may show a link that takes over the account.
ALTER TABLE "emails" ALTER COLUMN "organization_id" DROP NOT NULL;
