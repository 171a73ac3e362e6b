-- Issue 30 (Stripe), the foundation: test and live organizations, each organization's card
-- processor with sealed secrets, Stripe's events as they arrived, the Stripe Customer of each buyer,
-- and what the processor said of a payment's risk and card (docs/payments.md).
-- Existing organizations sold with the built-in test processor only: they are test organizations.
ALTER TABLE "organizations" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "payment_attempts" ADD COLUMN "risk_level" TEXT,
ADD COLUMN "risk_outcome" TEXT,
ADD COLUMN "card_fingerprint" TEXT;

CREATE TABLE "payment_processor_settings" (
    "organization_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "processor" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "publishable_key" TEXT,
    "secret_key_sealed" TEXT,
    "secret_key_last4" TEXT,
    "webhook_secret_sealed" TEXT,
    "account_id" TEXT,
    CONSTRAINT "payment_processor_settings_pkey" PRIMARY KEY ("organization_id")
);

CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "organization_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "object_id" TEXT,
    "processed_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "stripe_customers" (
    "organization_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "stripe_customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stripe_customers_pkey" PRIMARY KEY ("organization_id", "email")
);

CREATE INDEX "stripe_events_organization_id_received_at_idx" ON "stripe_events"("organization_id", "received_at");
CREATE INDEX "stripe_events_processed_at_idx" ON "stripe_events"("processed_at");

ALTER TABLE "payment_processor_settings" ADD CONSTRAINT "payment_processor_settings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
