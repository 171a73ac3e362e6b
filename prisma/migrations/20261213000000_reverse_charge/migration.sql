-- The EU reverse charge (docs/tax.md "Reverse charge"): recorded on the checkout session with its
-- amounts and copied to the order, so receipts and invoices can say it.
ALTER TABLE "checkout_sessions" ADD COLUMN "reverse_charge" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "orders" ADD COLUMN "reverse_charge" BOOLEAN NOT NULL DEFAULT false;
