-- Disputes (issue 30): a buyer's bank contesting a payment, one row per processor dispute; the
-- organization's choice to take benefits back as soon as a payment is disputed; and the index that
-- finds a payment attempt by the processor's payment id (how a dispute notice names the payment).
ALTER TABLE "organizations" ADD COLUMN "revoke_benefits_on_dispute" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "disputes" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "processor" TEXT NOT NULL,
    "processor_dispute_id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "evidence_due_by" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "payment_attempts_processor_processor_payment_id_idx" ON "payment_attempts"("processor", "processor_payment_id");

CREATE INDEX "disputes_organization_id_created_at_idx" ON "disputes"("organization_id", "created_at");

CREATE INDEX "disputes_order_id_idx" ON "disputes"("order_id");

CREATE UNIQUE INDEX "disputes_processor_processor_dispute_id_key" ON "disputes"("processor", "processor_dispute_id");

ALTER TABLE "disputes" ADD CONSTRAINT "disputes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
