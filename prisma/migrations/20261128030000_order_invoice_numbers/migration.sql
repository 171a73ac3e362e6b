-- Per-organization sequential order numbers (issue 13): `ACME-0042`. The organization row keeps the
-- prefix and the next number; the transaction creating an order increments it (UPDATE ... RETURNING),
-- so a rolled-back order gives its number back and two orders never share one.
ALTER TABLE "organizations" ADD COLUMN "customer_invoice_prefix" TEXT;
ALTER TABLE "organizations" ADD COLUMN "customer_invoice_next_number" INTEGER NOT NULL DEFAULT 1;

-- The prefix starts as the slug's letters and digits, uppercased (lib/orders/invoice-numbers.ts).
UPDATE "organizations"
   SET "customer_invoice_prefix" = coalesce(
         nullif(left(upper(regexp_replace("slug", '[^a-zA-Z0-9]', '', 'g')), 12), ''), 'ORDER');
ALTER TABLE "organizations" ALTER COLUMN "customer_invoice_prefix" SET NOT NULL;

-- Existing orders are numbered in the order they were made.
ALTER TABLE "orders" ADD COLUMN "invoice_number" TEXT;
WITH numbered AS (
  SELECT o."id", o."organization_id",
         row_number() OVER (PARTITION BY o."organization_id" ORDER BY o."created_at", o."id") AS n
    FROM "orders" o
)
UPDATE "orders" o
   SET "invoice_number" = org."customer_invoice_prefix" || '-' || lpad(numbered.n::text, greatest(4, length(numbered.n::text)), '0')
  FROM numbered JOIN "organizations" org ON org."id" = numbered."organization_id"
 WHERE o."id" = numbered."id";
UPDATE "organizations" org
   SET "customer_invoice_next_number" = counts.n + 1
  FROM (SELECT "organization_id", count(*) AS n FROM "orders" GROUP BY "organization_id") counts
 WHERE org."id" = counts."organization_id";
ALTER TABLE "orders" ALTER COLUMN "invoice_number" SET NOT NULL;

CREATE UNIQUE INDEX "orders_organization_id_invoice_number_key" ON "orders"("organization_id", "invoice_number");

-- The first-period discount disclosed (issue 13): what each period of a subscription costs, tax
-- included, once a `once` or `repeating` discount ends ("$8.57 today, then $10.71 / month").
ALTER TABLE "checkout_sessions" ADD COLUMN "total_amount_after_discount_ends" INTEGER;
