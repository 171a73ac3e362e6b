-- A checkout session may offer several products of its organization (the reference API's
-- `products`); the buyer picks one, which stays in checkout_sessions.product_id / product_price_id.
-- Sessions made before this list only their own product (lib/checkout/schemas.ts reads an empty
-- list so), so no backfill is needed.
CREATE TABLE "checkout_session_products" (
    "checkout_session_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "order" INTEGER NOT NULL,
    CONSTRAINT "checkout_session_products_pkey" PRIMARY KEY ("checkout_session_id", "product_id")
);

CREATE INDEX "checkout_session_products_product_id_idx" ON "checkout_session_products"("product_id");

ALTER TABLE "checkout_session_products" ADD CONSTRAINT "checkout_session_products_checkout_session_id_fkey" FOREIGN KEY ("checkout_session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "checkout_session_products" ADD CONSTRAINT "checkout_session_products_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The merchant's own id for the buyer, given at create and returned as it was.
ALTER TABLE "checkout_sessions" ADD COLUMN "external_customer_id" TEXT;
