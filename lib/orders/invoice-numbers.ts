// Per-organization sequential order numbers (issue 13): `ACME-0042`. The organization row holds the
// prefix; its counter (`invoice_counters`, a narrow row of its own) holds the next number. The
// transaction that creates an order takes the number with one upsert of the counter, which
// row-locks it until that transaction ends. So parallel orders of one organization get consecutive
// numbers in commit order, a rolled-back order gives its number back (no gap; a counter row first
// inserted by it goes too), and the unique index (organization_id, invoice_number) is the last guard.
// The organization's own row is only read: nothing that reads or references it waits.
//
// That lock serializes an organization's purchases for as long as it is held, so a purchase takes
// its number as late as it can: the order is inserted unnumbered (its grants, keys and receipt
// refer to it) and numbered just before the writes that show the number (the receipt, the events),
// a few statements before COMMIT. Taken first, the number held the lock across the whole
// transaction: under a burst of purchases the UPDATE waited 21 ms on average (bench:confirm).
// The counter has a row of its own (issue 10): on the organization row, its lock also held up a
// merchant saving the organization's settings, and a settings save held up the purchases.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { INVOICE_NUMBER_DIGITS } from "../core/invoice-number-format";

export {
  INVOICE_NUMBER_DIGITS,
  INVOICE_PREFIX_MAX_LENGTH,
  INVOICE_PREFIX_PATTERN,
  defaultInvoicePrefix,
  formatInvoiceNumber,
} from "../core/invoice-number-format";

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

/**
 * Common table expressions that move the organization's counter on (inserted at 2 when it has
 * none: the number taken is 1) and define `taken(invoice_number)`: the number taken, formatted with
 * the organization's prefix; no row when there is no such organization. The counter's upsert must
 * be at the statement's top level (PostgreSQL), hence expressions rather than a subquery.
 */
function takeNumberCtes(organizationId: string): Prisma.Sql {
  return Prisma.sql`
    organization AS (SELECT id, customer_invoice_prefix FROM organizations WHERE id = ${organizationId}::uuid),
    counter AS (
      INSERT INTO invoice_counters AS c (organization_id, next_number)
      SELECT id, 2 FROM organization
      ON CONFLICT (organization_id) DO UPDATE SET next_number = c.next_number + 1
      RETURNING c.next_number - 1 AS number
    ),
    taken AS (
      SELECT ${formattedInvoiceNumberSql(Prisma.raw("organization.customer_invoice_prefix"), Prisma.raw("counter.number"))} AS invoice_number
        FROM organization, counter
    )`;
}

/** Takes the organization's next order number in the caller's transaction (see the header). */
export async function takeInvoiceNumber(tx: DbOrTx, organizationId: string): Promise<string> {
  const rows = await directSql<{ invoice_number: string }>(
    tx,
    Prisma.sql`WITH ${takeNumberCtes(organizationId)} SELECT invoice_number FROM taken`,
  );
  const row = rows[0];
  if (!row) throw new Error(`Organization ${organizationId} not found while numbering an order.`);
  return row.invoice_number;
}

/**
 * Numbers an order inserted with `unnumberedInvoice` earlier in the caller's transaction: takes the
 * organization's next number and sets it, in one statement. Returns the number.
 *
 * The order is found by its primary key alone. `IS NOT DISTINCT FROM` (the same test for a column
 * that is never null) keeps the organization out of the index conditions: written `=`, PostgreSQL
 * could take an index that leads with `organization_id` (it did while the table's statistics still
 * said empty, during bench:confirm's burst on a fresh database) and read every order of the
 * organization to find this one: 462–474 pages per numbering after 1,000 purchases, under the
 * counter's lock.
 */
export async function numberOrder(
  tx: DbOrTx,
  organizationId: string,
  orderId: string,
  /** More common table expressions run in the same statement (a job queued with the number). */
  alongside?: Prisma.Sql | null,
): Promise<string> {
  const rows = await directSql<{ invoice_number: string }>(
    tx,
    numberOrderSql(organizationId, orderId, alongside),
  );
  const row = rows[0];
  if (!row)
    throw new Error(`Order ${orderId} of organization ${organizationId} not found while numbering it.`);
  return row.invoice_number;
}

/** `numberOrder`'s statement (exported for the test of its plan). */
export function numberOrderSql(
  organizationId: string,
  orderId: string,
  alongside?: Prisma.Sql | null,
): Prisma.Sql {
  return Prisma.sql`
    WITH ${takeNumberCtes(organizationId)}${alongside ? Prisma.sql`, ${alongside}` : Prisma.empty}
    UPDATE orders SET invoice_number = taken.invoice_number
      FROM taken
     WHERE orders.id = ${orderId}::uuid AND orders.organization_id IS NOT DISTINCT FROM ${organizationId}::uuid
    RETURNING orders.invoice_number`;
}
