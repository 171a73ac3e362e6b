-- Customers managed through the API (POST/PATCH/DELETE /v1/customers/).
-- external_id: the merchant's own id for the customer, unique within the organization when set
-- (PostgreSQL lets any number of rows share NULL in a unique index, so customers without one never
-- collide).
-- deleted_at: a customer with purchases is anonymized rather than removed when deleted, so its
-- orders, subscriptions and license keys stay intact; its email is replaced by a unique
-- `<id>@anonymized.invalid` address, which frees the original email for a new customer.
ALTER TABLE "customers" ADD COLUMN "external_id" TEXT;
ALTER TABLE "customers" ADD COLUMN "deleted_at" TIMESTAMP(3);

CREATE UNIQUE INDEX "customers_organization_id_external_id_key" ON "customers"("organization_id", "external_id");
