-- The buyer's language (docs/i18n.md): a BCP 47 tag as the merchant or the buyer gave it, on the
-- checkout session (its texts, and the order's receipt) and on the customer (the portal, emails).
-- Null: the browser's Accept-Language, else English.
ALTER TABLE "checkout_sessions" ADD COLUMN "locale" TEXT;
ALTER TABLE "customers" ADD COLUMN "locale" TEXT;
