-- Cards as buyers recognize them (issue 30): the brand and last four digits of the card that paid
-- each payment attempt, and the saved cards renewals charge, by their ref, with their expiry, kept
-- current by the processor's notices (Stripe's payment_method.automatically_updated).
ALTER TABLE "payment_attempts" ADD COLUMN "card_brand" TEXT,
ADD COLUMN "card_last4" TEXT;

CREATE TABLE "saved_payment_methods" (
    "organization_id" UUID NOT NULL,
    "ref" TEXT NOT NULL,
    "processor" TEXT NOT NULL,
    "brand" TEXT,
    "last4" TEXT,
    "exp_month" INTEGER,
    "exp_year" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    CONSTRAINT "saved_payment_methods_pkey" PRIMARY KEY ("organization_id", "ref")
);

ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
