-- Emails to buyers (issue 13): each written `queued` in the transaction of the change that causes
-- it and sent after commit by a job, through SMTP (SMTP_URL) or the embedded transport, which only
-- keeps it here for the dashboard's Emails page. The bodies carry license keys and sign-in codes,
-- so they are stored only sealed with the server secret (lib/secrets). `reference` names the
-- business event an email is about: one email per event.
CREATE TYPE "EmailStatus" AS ENUM ('queued', 'sent', 'failed');

CREATE TABLE "emails" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "organization_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT,
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "text_sealed" TEXT NOT NULL,
    "html_sealed" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMP(3),
    "last_error" TEXT,
    "transport" TEXT,
    "message_id" TEXT NOT NULL,
    "customer_id" UUID,
    "order_id" UUID,
    "subscription_id" UUID,
    "sent_at" TIMESTAMP(3),
    CONSTRAINT "emails_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "emails_reference_key" ON "emails"("reference");

CREATE INDEX "emails_organization_id_created_at_idx" ON "emails"("organization_id", "created_at");

CREATE INDEX "emails_order_id_idx" ON "emails"("order_id");

CREATE INDEX "emails_customer_id_idx" ON "emails"("customer_id");

ALTER TABLE "emails" ADD CONSTRAINT "emails_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
