-- Tax-inclusive prices (docs/tax.md "Tax-inclusive prices"). A price's tax_behavior is
-- `inclusive`, `exclusive` or `location` (inclusive where consumer prices customarily include tax,
-- exclusive elsewhere); null takes the organization's default. The session and the order record
-- the behaviour resolved for the buyer and the rate applied, so receipts and invoices state them.
ALTER TABLE "organizations" ADD COLUMN "default_tax_behavior" TEXT NOT NULL DEFAULT 'exclusive';
ALTER TABLE "product_prices" ADD COLUMN "tax_behavior" TEXT;
ALTER TABLE "checkout_sessions" ADD COLUMN "tax_behavior" TEXT NOT NULL DEFAULT 'exclusive';
ALTER TABLE "checkout_sessions" ADD COLUMN "tax_basis_points" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "orders" ADD COLUMN "tax_behavior" TEXT NOT NULL DEFAULT 'exclusive';
ALTER TABLE "orders" ADD COLUMN "tax_basis_points" INTEGER NOT NULL DEFAULT 0;
-- Orders before this kept no rate: the one their amounts imply (tax over the taxed amount).
UPDATE "orders" SET "tax_basis_points" = round("tax_amount" * 10000.0 / "amount")::int
 WHERE "tax_amount" > 0 AND "amount" > 0;
-- A subscription renews with the behaviour it was sold with (resolved for its buyer).
ALTER TABLE "subscriptions" ADD COLUMN "tax_behavior" TEXT NOT NULL DEFAULT 'exclusive';
