-- A card the buyer adds in the customer portal (POST /v1/customer-portal/customers/me/payment-methods,
-- docs/portal.md "Saved cards") is the customer's before any subscription uses it: its description
-- row names the customer, and the lists read the customer's rows besides the cards of their
-- subscriptions. Rows written before (a card a checkout or a renewal reported) keep no customer and
-- are listed through their subscriptions, as before.
ALTER TABLE "saved_payment_methods" ADD COLUMN "customer_id" UUID;
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "saved_payment_methods_customer_id_idx" ON "saved_payment_methods"("customer_id");

-- The customer a card setup of the portal saves the card for (no checkout, no subscription).
ALTER TABLE "payment_attempts" ADD COLUMN "customer_id" UUID;
