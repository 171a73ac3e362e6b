// CSV writing for the exports (orders, customers, subscriptions), RFC 4180: fields quoted when they
// hold a comma, a quote, CR or LF, quotes doubled, records ended by CRLF. Text that a spreadsheet
// would run as a formula (a leading = + - @, tab or CR) gets a leading single quote, so an export
// opened in Excel or Sheets never executes what a buyer typed into their name. Below: the streamed
// body every export answers with, and the newest-first keyset batches two of them read.

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

/** Where an export's records come from: the next batch of CSV text, or null after the last. */
export type CsvBatches = { next: () => Promise<string | null>; close: () => Promise<void> };

/**
 * An export's body: the header, then one batch per pull. The header and the first batch are read
 * before this returns, so a failure there still becomes an error response; a failure after that
 * can only cut the stream short (it is logged, and the client sees a truncated download rather
 * than a silently incomplete file). `what` names the export in that log line.
 */
export async function csvStream(
  header: readonly string[],
  source: CsvBatches,
  what: string,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let ready: string | null;
  try {
    ready = csvRow(header) + (await source.next());
  } catch (error) {
    await source.close().catch(() => {});
    throw error;
  }
  return new ReadableStream<Uint8Array>({
    // Called when the consumer wants more: one batch per pull, so a slow client slows the reads.
    async pull(controller) {
      try {
        for (;;) {
          const text = ready ?? (await source.next());
          ready = null;
          if (text === null) return controller.close();
          // An empty batch (the previous one ended exactly on a multiple of the batch size) enqueues
          // nothing, and a pull that enqueues nothing might not be called again: go on to the end.
          if (text) return controller.enqueue(encoder.encode(text));
        }
      } catch (error) {
        console.error(`${what} CSV export failed after the response started:`, error);
        await source.close().catch(() => {});
        controller.error(error);
      }
    },
    // The client went away: whatever the source holds is given back now.
    async cancel() {
      await source.close();
    },
  });
}

/** A row's keyset position: newest first, ties by id (descending too). */
type CreatedKey = { created_at: Date; id: string };

/** The rows after `last` in newest-first order (a Prisma condition on created_at and id). */
export function createdBefore(last: CreatedKey) {
  return {
    OR: [{ created_at: { lt: last.created_at } }, { created_at: last.created_at, id: { lt: last.id } }],
  };
}

/** ORDER BY created_at DESC, id DESC: the order createdBefore continues. */
export const NEWEST_FIRST = [{ created_at: "desc" }, { id: "desc" }] as const satisfies readonly Record<
  string,
  "desc"
>[];

/**
 * Batches of rows in newest-first keyset order: `read(after, take)` reads up to `take` rows after
 * the row `after` (null: from the start), so only one batch is held at a time.
 */
export function newestFirstBatches<R extends CreatedKey>(
  read: (after: R | null, take: number) => Promise<R[]>,
  toValues: (row: R) => readonly CsvValue[],
  batchSize: number,
): CsvBatches {
  let last: R | null = null;
  let finished = false;
  return {
    next: async () => {
      if (finished) return null;
      const rows = await read(last, batchSize);
      if (rows.length < batchSize) finished = true;
      else last = rows.at(-1)!;
      return rows.map((row) => csvRow(toValues(row))).join("");
    },
    close: async () => {
      finished = true;
    },
  };
}
