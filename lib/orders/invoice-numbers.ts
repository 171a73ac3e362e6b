// Per-organization sequential order numbers (issue 13): `ACME-0042`. The organization row holds the
// prefix and the next number; the transaction that creates an order takes the number with one
// UPDATE, which row-locks the organization until that transaction ends. So parallel orders of one
// organization get consecutive numbers in commit order, a rolled-back order gives its number back
// (no gap), and the unique index (organization_id, invoice_number) is the last guard.
// The lock is FOR NO KEY UPDATE: inserts referencing the organization (KEY SHARE) are not blocked.
//
// That lock serializes an organization's purchases for as long as it is held, so a purchase takes
// its number as late as it can: the order is inserted unnumbered (its grants, keys and receipt
// refer to it) and numbered just before the writes that show the number (the receipt, the events),
// a few statements before COMMIT. Taken first, the number held the lock across the whole
// transaction: under a burst of purchases the UPDATE waited 21 ms on average (bench:confirm).
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { INVOICE_NUMBER_DIGITS } from "./invoice-number-format";

export {
  INVOICE_NUMBER_DIGITS,
  INVOICE_PREFIX_MAX_LENGTH,
  INVOICE_PREFIX_PATTERN,
  defaultInvoicePrefix,
  formatInvoiceNumber,
} from "./invoice-number-format";

/**
 * What an order holds until it is numbered in the same transaction (never seen outside it): unique,
 * and never a number, since a prefix is uppercase letters and digits.
 */
export function unnumberedInvoice(orderId: string): string {
  return `unnumbered-${orderId}`;
}

/**
 * `formatInvoiceNumber` in SQL, of an expression for the prefix and one for the number (the unit
 * test holds the two spellings to the same output).
 */
export function formattedInvoiceNumberSql(prefix: Prisma.Sql, number: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${prefix} || '-' || lpad((${number})::text, greatest(${INVOICE_NUMBER_DIGITS}::int, length((${number})::text)), '0')`;
}

/** The organization's counter moved on; its RETURNING gives the number taken, formatted. */
function takeNumberSql(organizationId: string): Prisma.Sql {
  return Prisma.sql`
    UPDATE organizations
       SET customer_invoice_next_number = customer_invoice_next_number + 1
     WHERE id = ${organizationId}::uuid
    RETURNING ${formattedInvoiceNumberSql(Prisma.raw("customer_invoice_prefix"), Prisma.raw("customer_invoice_next_number - 1"))} AS invoice_number`;
}

/** Takes the organization's next order number in the caller's transaction (see the header). */
export async function takeInvoiceNumber(tx: DbOrTx, organizationId: string): Promise<string> {
  const rows = await directSql<{ invoice_number: string }>(tx, takeNumberSql(organizationId));
  const row = rows[0];
  if (!row) throw new Error(`Organization ${organizationId} not found while numbering an order.`);
  return row.invoice_number;
}

/**
 * Numbers an order inserted with `unnumberedInvoice` earlier in the caller's transaction: takes the
 * organization's next number and sets it, in one statement. Returns the number.
 */
export async function numberOrder(tx: DbOrTx, organizationId: string, orderId: string): Promise<string> {
  const rows = await directSql<{ invoice_number: string }>(
    tx,
    Prisma.sql`
    WITH taken AS (${takeNumberSql(organizationId)})
    UPDATE orders SET invoice_number = taken.invoice_number
      FROM taken
     WHERE orders.id = ${orderId}::uuid AND orders.organization_id = ${organizationId}::uuid
    RETURNING orders.invoice_number`,
  );
  const row = rows[0];
  if (!row)
    throw new Error(`Order ${orderId} of organization ${organizationId} not found while numbering it.`);
  return row.invoice_number;
}
