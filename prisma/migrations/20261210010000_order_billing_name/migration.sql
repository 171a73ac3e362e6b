-- An order's billing name, corrected by the merchant (PATCH /v1/orders/{id}) or the buyer (PATCH
-- /v1/customer-portal/orders/{id}) for their receipt (issue 31, docs/api.md "Orders"). Null: the
-- customer's name, as before.
ALTER TABLE "orders" ADD COLUMN "billing_name" TEXT;
