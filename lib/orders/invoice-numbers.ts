// Per-organization sequential order numbers (issue 13): `ACME-0042`. The organization row holds the
// prefix and the next number; the transaction that creates an order takes the number with one
// UPDATE ... RETURNING, which row-locks the organization until that transaction ends. So parallel
// orders of one organization get consecutive numbers in commit order, a rolled-back order gives its
// number back (no gap), and the unique index (organization_id, invoice_number) is the last guard.
// The lock is FOR NO KEY UPDATE: inserts referencing the organization (KEY SHARE) are not blocked.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { formatInvoiceNumber } from "./invoice-number-format";

export {
  INVOICE_NUMBER_DIGITS,
  INVOICE_PREFIX_MAX_LENGTH,
  INVOICE_PREFIX_PATTERN,
  defaultInvoicePrefix,
  formatInvoiceNumber,
} from "./invoice-number-format";

/** Takes the organization's next order number in the caller's transaction (see the header). */
export async function takeInvoiceNumber(tx: DbOrTx, organizationId: string): Promise<string> {
  const rows = await directSql<{ prefix: string; number: number }>(
    tx,
    Prisma.sql`
    UPDATE organizations
       SET customer_invoice_next_number = customer_invoice_next_number + 1
     WHERE id = ${organizationId}::uuid
    RETURNING customer_invoice_prefix AS prefix, customer_invoice_next_number - 1 AS number`,
  );
  const row = rows[0];
  if (!row) throw new Error(`Organization ${organizationId} not found while numbering an order.`);
  return formatInvoiceNumber(row.prefix, Number(row.number));
}
