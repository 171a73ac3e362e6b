-- What a discount took off an order (issue 31): the current reference API shows an order's
-- subtotal before the discount, the discount and the net amount after it (`amount` stays the
-- amount after the discount, before tax). Written by the purchase (the checkout's discount_amount)
-- and by each renewal (its own amounts). Orders already made: a purchase's from its checkout; a
-- renewal's from its subscription's price amount when a discount applied to it.
ALTER TABLE "orders" ADD COLUMN "discount_amount" INTEGER NOT NULL DEFAULT 0;

UPDATE "orders" AS o
   SET "discount_amount" = c."discount_amount"
  FROM "checkout_sessions" AS c
 WHERE o."checkout_id" = c."id" AND c."discount_amount" > 0;

UPDATE "orders" AS o
   SET "discount_amount" = GREATEST(s."amount" - o."amount", 0)
  FROM "subscriptions" AS s
 WHERE o."subscription_id" = s."id" AND o."checkout_id" IS NULL AND o."discount_id" IS NOT NULL
   AND o."billing_reason" = 'subscription_cycle';
