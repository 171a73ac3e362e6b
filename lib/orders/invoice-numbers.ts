// Per-organization sequential order numbers (issue 13): `ACME-0042`. The organization row holds the
// prefix and the next number; the transaction that creates an order takes the number with one
// UPDATE ... RETURNING, which row-locks the organization until that transaction ends. So parallel
// orders of one organization get consecutive numbers in commit order, a rolled-back order gives its
// number back (no gap), and the unique index (organization_id, invoice_number) is the last guard.
// The lock is FOR NO KEY UPDATE: inserts referencing the organization (KEY SHARE) are not blocked.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";

/** At least this many digits, zero padded: `ACME-0042`, then `ACME-12345` past 9999. */
export const INVOICE_NUMBER_DIGITS = 4;
export const INVOICE_PREFIX_MAX_LENGTH = 12;
/** Letters and digits only, so that the number after the dash always reads unambiguously. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]+$/;
const FALLBACK_PREFIX = "ORDER";

export function formatInvoiceNumber(prefix: string, number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`Invalid order number ${number}.`);
  return `${prefix}-${String(number).padStart(INVOICE_NUMBER_DIGITS, "0")}`;
}

/** The prefix a new organization starts with: its slug's (or name's) letters and digits, uppercased. */
export function defaultInvoicePrefix(slugOrName: string): string {
  const letters = slugOrName
    .normalize("NFKD")
    .replace(/[^a-zA-Z0-9]/g, "")
    .toUpperCase()
    .slice(0, INVOICE_PREFIX_MAX_LENGTH);
  return letters || FALLBACK_PREFIX;
}

/** Takes the organization's next order number in the caller's transaction (see the header). */
export async function takeInvoiceNumber(tx: DbOrTx, organizationId: string): Promise<string> {
  const rows = await tx.$queryRaw<{ prefix: string; number: number }[]>(Prisma.sql`
    UPDATE organizations
       SET customer_invoice_next_number = customer_invoice_next_number + 1
     WHERE id = ${organizationId}::uuid
    RETURNING customer_invoice_prefix AS prefix, customer_invoice_next_number - 1 AS number`);
  const row = rows[0];
  if (!row) throw new Error(`Organization ${organizationId} not found while numbering an order.`);
  return formatInvoiceNumber(row.prefix, Number(row.number));
}
