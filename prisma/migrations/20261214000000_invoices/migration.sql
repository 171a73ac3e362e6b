-- Invoices and credit notes (docs/invoices.md): documents issued once and kept as issued. An
-- invoice carries its order's number (`ACME-0042`, gapless per organization since the order's
-- transaction gave it); a credit note, issued for a succeeded refund of an invoiced order, takes
-- the next number of the organization's own credit-note counter (`ACME-CN-0001`), a narrow row
-- locked by the transaction that inserts the credit note, so numbers are consecutive in commit
-- order and a rolled-back credit note gives its number back. The snapshot is what the document
-- says (seller, buyer, lines, amounts, locale); `pdf` and `html` are rendered from it once, after
-- the row commits, and never again. (organization_id, number) is unique: one invoice per order,
-- since an order's number is unique; refund_id is unique: one credit note per refund.
CREATE TABLE "invoices" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "organization_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "invoice_id" UUID,
    "refund_id" UUID,
    "issued_at" TIMESTAMP(3) NOT NULL,
    "locale" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    "pdf" BYTEA,
    "html" TEXT,
    "rendered_at" TIMESTAMP(3),

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invoices_kind_check" CHECK ("kind" IN ('invoice', 'credit_note')),
    CONSTRAINT "invoices_credit_note_check" CHECK (
      ("kind" = 'invoice' AND "invoice_id" IS NULL AND "refund_id" IS NULL)
      OR ("kind" = 'credit_note' AND "invoice_id" IS NOT NULL AND "refund_id" IS NOT NULL)
    )
);

CREATE UNIQUE INDEX "invoices_organization_id_number_key" ON "invoices"("organization_id", "number");
CREATE UNIQUE INDEX "invoices_refund_id_key" ON "invoices"("refund_id");
CREATE INDEX "invoices_order_id_idx" ON "invoices"("order_id");
CREATE INDEX "invoices_invoice_id_idx" ON "invoices"("invoice_id");

ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "credit_note_counters" (
    "organization_id" UUID NOT NULL,
    "next_number" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "credit_note_counters_pkey" PRIMARY KEY ("organization_id")
);

ALTER TABLE "credit_note_counters" ADD CONSTRAINT "credit_note_counters_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- When the order's invoice was issued (null: not yet): `is_invoice_generated`, and the lock on
-- correcting its billing details (lib/orders/billing-details.ts).
ALTER TABLE "orders" ADD COLUMN "invoice_issued_at" TIMESTAMP(3);

-- Issue every paid order's invoice on its own (a job after the order commits), not only on request.
ALTER TABLE "organizations" ADD COLUMN "invoice_automatically" BOOLEAN NOT NULL DEFAULT false;
