// Order numbers' format (issue 13): `ACME-0042`, and the prefix an organization starts with. Pure
// and free of Node and Prisma imports: the organization schema (loaded by the hosted checkout's
// browser bundle) validates the prefix with these. Taking a number: lib/orders/invoice-numbers.ts.

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
