-- Issue 30, card-testing protection: an organization may require 3-D Secure on every card payment
-- (Stripe's payment_method_options[card][request_three_d_secure]=any; docs/payments.md).
ALTER TABLE "payment_processor_settings" ADD COLUMN "require_three_d_secure" BOOLEAN NOT NULL DEFAULT false;
