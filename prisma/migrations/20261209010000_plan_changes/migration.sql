-- Plan changes (issue 31, docs/subscriptions.md "Plan changes"): a subscription moves to another
-- product now (the prorated difference charged at once, or carried to the next renewal as a
-- balance) or at its next renewal (a pending update, one per subscription).
ALTER TABLE "subscriptions" ADD COLUMN "proration_balance" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "subscription_pending_updates" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified_at" TIMESTAMP(3),
    "subscription_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "applies_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subscription_pending_updates_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "subscription_pending_updates_subscription_id_key" ON "subscription_pending_updates"("subscription_id");
CREATE INDEX "subscription_pending_updates_product_id_idx" ON "subscription_pending_updates"("product_id");

ALTER TABLE "subscription_pending_updates" ADD CONSTRAINT "subscription_pending_updates_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subscription_pending_updates" ADD CONSTRAINT "subscription_pending_updates_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
