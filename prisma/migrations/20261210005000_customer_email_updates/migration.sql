-- A buyer's change of email in the customer portal (docs/portal.md "Changing the email address"):
-- one pending change per customer, its link's token kept only as an HMAC.
CREATE TABLE "customer_email_updates" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "customer_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "customer_email_updates_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "customer_email_updates_customer_id_key" ON "customer_email_updates"("customer_id");
CREATE UNIQUE INDEX "customer_email_updates_token_hash_key" ON "customer_email_updates"("token_hash");

ALTER TABLE "customer_email_updates" ADD CONSTRAINT "customer_email_updates_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
