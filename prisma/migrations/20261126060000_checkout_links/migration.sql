-- Checkout links: a lasting URL (/buy/<id or slug>) that opens a fresh checkout session for its
-- products on every visit. Deleting one marks it deleted (its URL then answers 410) and frees its
-- slug. Slugs are unique across the instance, not per organization, because the public URL names
-- no organization.
CREATE TABLE "checkout_links" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "organization_id" UUID NOT NULL,
    "label" TEXT,
    "slug" TEXT,
    "discount_id" UUID,
    "allow_discount_codes" BOOLEAN NOT NULL DEFAULT true,
    "success_url" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "deleted_at" TIMESTAMP(3),
    CONSTRAINT "checkout_links_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "checkout_link_products" (
    "checkout_link_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "order" INTEGER NOT NULL,
    CONSTRAINT "checkout_link_products_pkey" PRIMARY KEY ("checkout_link_id", "product_id")
);

CREATE UNIQUE INDEX "checkout_links_slug_key" ON "checkout_links"("slug");

CREATE INDEX "checkout_links_organization_id_created_at_idx" ON "checkout_links"("organization_id", "created_at");

CREATE INDEX "checkout_link_products_product_id_idx" ON "checkout_link_products"("product_id");

ALTER TABLE "checkout_links" ADD CONSTRAINT "checkout_links_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "checkout_links" ADD CONSTRAINT "checkout_links_discount_id_fkey" FOREIGN KEY ("discount_id") REFERENCES "discounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "checkout_link_products" ADD CONSTRAINT "checkout_link_products_checkout_link_id_fkey" FOREIGN KEY ("checkout_link_id") REFERENCES "checkout_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "checkout_link_products" ADD CONSTRAINT "checkout_link_products_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
