-- Webhook deliveries no longer wait behind a failing one (issue 28, docs/webhook-delivery.md): each
-- delivery has its own retry schedule, and several of one endpoint's deliveries may be in flight at
-- once. `in_flight_until` is the lease of the attempt under way (null: none): the delivery is not
-- claimed again before it passes, and it tells "in flight" from "the worker stopped during the
-- call". The claim looks for an endpoint's due deliveries by `next_attempt_at`.
ALTER TABLE "webhook_deliveries" ADD COLUMN "in_flight_until" TIMESTAMP(3);

CREATE INDEX "webhook_deliveries_endpoint_id_status_next_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "status", "next_attempt_at");

-- The event's place in its organization's order of commits (taken under the organization's
-- delivery lock, lib/webhooks/emit.ts), sent in the body as `sequence`: a receiver orders the
-- events about one resource by it.
ALTER TABLE "webhook_events" ADD COLUMN "sequence" BIGSERIAL NOT NULL;

CREATE UNIQUE INDEX "webhook_events_sequence_key" ON "webhook_events"("sequence");
