-- Refunds (issue 13): money given back on an order. `amount` is what the buyer gets back, tax
-- included, `tax_amount` its tax part. A pending refund counts against what remains refundable
-- (the order row lock serializes the check); the order's refunded amounts move when the
-- processor's refund, the payment attempt `payment_attempt_id`, succeeds.
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'succeeded', 'failed', 'canceled');

CREATE TYPE "RefundReason" AS ENUM ('duplicate', 'fraudulent', 'customer_request', 'service_disruption', 'satisfaction_guarantee', 'other');

CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "organization_id" UUID NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "reason" "RefundReason" NOT NULL,
    "amount" INTEGER NOT NULL,
    "tax_amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "order_id" UUID NOT NULL,
    "subscription_id" UUID,
    "customer_id" UUID NOT NULL,
    "comment" TEXT,
    "revoke_benefits" BOOLEAN NOT NULL DEFAULT false,
    "payment_attempt_id" UUID,
    "failure_reason" TEXT,
    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "refunds_payment_attempt_id_key" ON "refunds"("payment_attempt_id");

CREATE INDEX "refunds_organization_id_created_at_idx" ON "refunds"("organization_id", "created_at");

CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

CREATE INDEX "refunds_customer_id_idx" ON "refunds"("customer_id");

ALTER TABLE "refunds" ADD CONSTRAINT "refunds_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
