-- Payment attempts: every processor call recorded before it is made, resolved after (issue 9, item 3).
CREATE TYPE "PaymentAttemptKind" AS ENUM ('charge', 'setup', 'renewal', 'refund');

CREATE TYPE "PaymentAttemptStatus" AS ENUM ('pending', 'requires_action', 'succeeded', 'failed');

CREATE TABLE "payment_attempts" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "organization_id" UUID NOT NULL,
    "kind" "PaymentAttemptKind" NOT NULL,
    "status" "PaymentAttemptStatus" NOT NULL DEFAULT 'pending',
    "reference" TEXT,
    "checkout_id" UUID,
    "subscription_id" UUID,
    "order_id" UUID,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "processor" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "processor_payment_id" TEXT,
    "refunded_payment_id" TEXT,
    "payment_method_ref" TEXT,
    "pending_changes" JSONB,
    "client_action" JSONB,
    "failure_code" TEXT,
    "failure_reason" TEXT,
    "resolved_at" TIMESTAMP(3),
    CONSTRAINT "payment_attempts_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "payment_attempts_reference_key" ON "payment_attempts"("reference");

CREATE UNIQUE INDEX "payment_attempts_idempotency_key_key" ON "payment_attempts"("idempotency_key");

CREATE INDEX "payment_attempts_checkout_id_idx" ON "payment_attempts"("checkout_id");

CREATE INDEX "payment_attempts_subscription_id_idx" ON "payment_attempts"("subscription_id");

CREATE INDEX "payment_attempts_order_id_idx" ON "payment_attempts"("order_id");

CREATE INDEX "payment_attempts_status_modified_at_idx" ON "payment_attempts"("status", "modified_at");

