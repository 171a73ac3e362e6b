-- The order an event is about (issue 29, docs/dashboard.md "The order page"): order.* events carry
-- the order, refund.*, benefit_grant.* and license_key.* events the order of their resource. The
-- payload is sealed, so the order page could not find the deliveries of its order without it.
-- A plain id, not a foreign key: an event is a record of what was sent.
ALTER TABLE "webhook_events" ADD COLUMN "order_id" UUID;

CREATE INDEX "webhook_events_order_id_idx" ON "webhook_events"("order_id");
