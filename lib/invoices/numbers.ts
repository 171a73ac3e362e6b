// Credit-note numbers (docs/invoices.md): `ACME-CN-0001`, per organization and gapless, taken like
// the order numbers (lib/orders/invoice-numbers.ts): the counter is a narrow row of its own, moved
// on by one upsert in the transaction that inserts the credit note, which row-locks it until that
// transaction ends. Parallel credit notes of one organization get consecutive numbers in commit
// order; a rolled-back one gives its number back; the unique (organization_id, number) is the last
// guard. The prefix is the organization's current order prefix: letters and digits only, so a
// credit note's number (two dashes) never reads as an order's (one).
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { formattedInvoiceNumberSql } from "../orders/invoice-numbers";

/** Takes the organization's next credit-note number in the caller's transaction. */
export async function takeCreditNoteNumber(tx: DbOrTx, organizationId: string): Promise<string> {
  const rows = await directSql<{ number: string }>(
    tx,
    Prisma.sql`
    WITH organization AS (SELECT id, customer_invoice_prefix FROM organizations WHERE id = ${organizationId}::uuid),
    counter AS (
      INSERT INTO credit_note_counters AS c (organization_id, next_number)
      SELECT id, 2 FROM organization
      ON CONFLICT (organization_id) DO UPDATE SET next_number = c.next_number + 1
      RETURNING c.next_number - 1 AS number
    )
    SELECT ${formattedInvoiceNumberSql(Prisma.raw("organization.customer_invoice_prefix || '-CN'"), Prisma.raw("counter.number"))} AS number
      FROM organization, counter`,
  );
  const row = rows[0];
  if (!row) throw new Error(`Organization ${organizationId} not found while numbering a credit note.`);
  return row.number;
}
