-- Several currencies (docs/currencies.md). An organization sells in its default presentment
-- currency unless a buyer's country maps to another one the product is priced in: the built-in map
-- (data/currency/country-currencies.json) with the organization's own overrides on top. A fixed
-- discount has an amount per currency (`amounts`, the primary amount/currency pair included). A
-- session remembers whether its currency was picked (by the merchant, the buyer or a price named at
-- creation): a picked currency no longer follows the billing country.
ALTER TABLE "organizations" ADD COLUMN "default_presentment_currency" TEXT NOT NULL DEFAULT 'usd';
ALTER TABLE "organizations" ADD COLUMN "currency_by_country" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "discounts" ADD COLUMN "amounts" JSONB NOT NULL DEFAULT '{}';
UPDATE "discounts" SET "amounts" = jsonb_build_object("currency", "amount")
 WHERE "type" = 'fixed' AND "currency" IS NOT NULL AND "amount" IS NOT NULL;
ALTER TABLE "checkout_sessions" ADD COLUMN "currency_picked" BOOLEAN NOT NULL DEFAULT false;
