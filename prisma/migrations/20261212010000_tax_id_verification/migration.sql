-- The buyer's tax ID as the pair [value, type] on a checkout session, and whether VIES confirmed it
-- (docs/tax.md "Tax IDs and VIES"): an EU VAT number is verified when VIES says it is valid;
-- null means not verified (VIES could not answer, or a type no registry is asked about).
ALTER TABLE "checkout_sessions" ADD COLUMN "customer_tax_id_type" TEXT;
ALTER TABLE "checkout_sessions" ADD COLUMN "customer_tax_id_verified_at" TIMESTAMP(3);

-- The customer's tax ID, as its purchase verified it (reset when the tax ID changes).
ALTER TABLE "customers" ADD COLUMN "tax_id_verified_at" TIMESTAMP(3);

-- VIES's valid/invalid answers, kept 24 hours by number (lib/tax/vies.ts); never its unavailability.
CREATE TABLE "vat_checks" (
    "number" TEXT NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "name" TEXT,
    "checked_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "vat_checks_pkey" PRIMARY KEY ("number")
);
