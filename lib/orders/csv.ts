// CSV writing (RFC 4180): fields quoted when they hold a comma, a quote, CR or LF, quotes doubled,
// records ended by CRLF. Text that a spreadsheet would run as a formula (a leading = + - @, tab or
// CR) gets a leading single quote, so an export opened in Excel or Sheets never executes what a
// buyer typed into their name.

export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: numbers as written, null/undefined empty, text guarded and quoted when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  // Numbers come from the database, never from a user: a negative number stays a number.
  if (typeof value === "number") return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
