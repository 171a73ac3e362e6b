-- An organization's next order number in a table of its own (issue 10): every purchase takes the
-- counter's row lock until it commits, and on the organization row that lock also held up a
-- merchant saving the organization's settings (and a settings save held up the purchases). An
-- organization without a row has 1 next (lib/orders/invoice-numbers.ts inserts it with its first
-- order).
CREATE TABLE "invoice_counters" (
    "organization_id" UUID NOT NULL,
    "next_number" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("organization_id")
);

ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "invoice_counters" ("organization_id", "next_number")
SELECT "id", "customer_invoice_next_number" FROM "organizations" WHERE "customer_invoice_next_number" > 1;

ALTER TABLE "organizations" DROP COLUMN "customer_invoice_next_number";
