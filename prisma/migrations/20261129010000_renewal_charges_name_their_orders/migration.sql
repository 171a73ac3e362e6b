-- A renewal's charge names the order it paid for (payment_attempts.order_id), so that a refund of
-- the order finds the payment to give back. Charges made before they did were found at refund time
-- by their subscription and the instant the order was made (the order is created at the attempt's
-- resolution, in the same transaction): they are named here once, by that same rule, and refunds
-- now find every payment by its order.
UPDATE "payment_attempts" pa
   SET "order_id" = o."id"
  FROM "orders" o
 WHERE pa."order_id" IS NULL
   AND pa."kind" = 'renewal'
   AND pa."status" = 'succeeded'
   AND o."subscription_id" = pa."subscription_id"
   AND o."billing_reason" = 'subscription_cycle'
   AND o."created_at" = pa."resolved_at";
