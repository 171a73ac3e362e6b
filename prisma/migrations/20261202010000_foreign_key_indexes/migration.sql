-- Reads by a foreign key that no index led with (issue 10, found by bench:confirm on an
-- organization with 200,000 past purchases):
-- - an order's benefit grants: every purchase's receipt reads them (lib/email/receipts.ts), as do
--   refunds and the order's events. The unique (benefit_id, order_id) cannot find them by order:
--   the receipt's read went through 3,886 pages per purchase (15 ms) instead of a few.
-- - a customer's checkout sessions: deleting a customer locks, counts and (ON DELETE SET NULL)
--   updates them, which read the whole table.
CREATE INDEX "benefit_grants_order_id_idx" ON "benefit_grants"("order_id");
CREATE INDEX "checkout_sessions_customer_id_idx" ON "checkout_sessions"("customer_id");
