-- Order processing is idempotent by constraint: one order per checkout session.
DROP INDEX "orders_checkout_id_idx";
CREATE UNIQUE INDEX "orders_checkout_id_key" ON "orders"("checkout_id");

-- What confirm took from the payment processor, kept out of the API's views.
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_id" TEXT;
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_method_ref" TEXT;
