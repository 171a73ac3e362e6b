-- Customer portal sign-in by email (issue 13): one-time 6-digit codes, stored only as an HMAC
-- under the server secret, valid 10 minutes, single use, dead after 5 tries.
CREATE TABLE "customer_session_codes" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "customer_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "used_at" TIMESTAMP(3),
    CONSTRAINT "customer_session_codes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "customer_session_codes_customer_id_created_at_idx" ON "customer_session_codes"("customer_id", "created_at");

ALTER TABLE "customer_session_codes" ADD CONSTRAINT "customer_session_codes_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The hourly prune (lib/jobs/prune.ts) deletes expired customer sessions and codes.
CREATE INDEX "customer_sessions_expires_at_idx" ON "customer_sessions"("expires_at");
