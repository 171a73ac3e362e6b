-- Payments reliability (issue 28, items 7 and 8; docs/payments-reliability.md).
--
-- The built-in test processor's ledger, which it kept in module state: every bundle of the app (the
-- route handlers', the job worker's) and every instance had its own copy, so reconciliation asked a
-- ledger that had never seen the charge, got `not_found`, and asked the buyer to pay again. It
-- models the processor's own books: one row per operation, keyed by the idempotency key the app
-- sent (lib/payments/test-processor.ts).
CREATE TABLE "test_processor_operations" (
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "operation" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payment_id" TEXT,
    "payment_method_ref" TEXT,
    "decline_code" TEXT,
    "decline_message" TEXT,
    "refunded_amount" INTEGER NOT NULL DEFAULT 0,
    "refunded_payment_id" TEXT,

    CONSTRAINT "test_processor_operations_pkey" PRIMARY KEY ("idempotency_key")
);

CREATE UNIQUE INDEX "test_processor_operations_payment_id_key" ON "test_processor_operations"("payment_id");

-- An Idempotency-Key's claim is held by a lease its request renews while it runs (lib/api/idempotency.ts):
-- a claim left by a killed process is taken over seconds later, not after two minutes. Claims in
-- flight during the upgrade keep the two minutes they had.
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" TIMESTAMP(3);

UPDATE "idempotency_keys" SET "lease_expires_at" = "created_at" + interval '2 minutes' WHERE "status" = 'in_flight';

-- Which confirm request made a checkout's payment attempt (a keyed hash of its Idempotency-Key and
-- scope): a retry of that same request resolves the attempt at once and answers with the session.
ALTER TABLE "payment_attempts" ADD COLUMN "request_key_hash" TEXT;
