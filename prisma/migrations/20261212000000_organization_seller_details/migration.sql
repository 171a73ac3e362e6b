-- The seller's legal details (docs/tax.md): legal name, address (the API's Address object, with its
-- country) and tax ID with its type, stored normalised (lib/core/tax-ids.ts). All optional: an
-- organization without them sells as before.
ALTER TABLE "organizations" ADD COLUMN "legal_name" TEXT;
ALTER TABLE "organizations" ADD COLUMN "address" JSONB;
ALTER TABLE "organizations" ADD COLUMN "tax_id" TEXT;
ALTER TABLE "organizations" ADD COLUMN "tax_id_type" TEXT;
