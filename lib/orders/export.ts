// GET /v1/orders/export: every order the list would show (same filters, same order), as CSV. The
// body is streamed a batch at a time, so an export of 1,000,000 orders holds one batch in memory.
// On PostgreSQL the batches are parts of one statement read through a cursor: one sort, one
// snapshot. Elsewhere (PGlite) each batch starts after the previous one's last row (keyset
// pagination on the list's sort keys, which always end with the unique id).
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directCursorOpener } from "../db/direct";
import { CursorsBusyError } from "../db/cursor";
import { ApiError } from "../core/errors";
import {
  exportRecordValues,
  ORDER_CSV_COLUMNS,
  orderExportStatement,
  type ExportRecord,
} from "./export-statement";
import type { Principal } from "../core/principal";
import { csvRow } from "./csv";
import type { OrderFiltersQuery } from "./schemas";
import { orderAfter, orderBy, orderSortSelect, orderWhere, type OrderSortValues } from "./service";

export const EXPORT_BATCH_SIZE = 1000;

const exportSelect = {
  ...orderSortSelect,
  invoice_number: true,
  status: true,
  billing_reason: true,
  product_price_type: true,
  currency: true,
  tax_amount: true,
  refunded_amount: true,
  customer: { select: { email: true, name: true } },
  discount: { select: { name: true, code: true } },
} as const satisfies Prisma.OrderSelect;

type ExportRow = Prisma.OrderGetPayload<{ select: typeof exportSelect }>;

/** The record of an order read through Prisma (the keyset batches), as the statement gives it. */
function exportRecord(row: ExportRow): ExportRecord {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    created_at: row.created_at.toISOString(),
    status: row.status,
    billing_reason: row.billing_reason,
    customer_email: row.customer.email,
    customer_name: row.customer.name,
    product: row.product.name,
    price_type: row.product_price_type,
    discount_code: row.discount?.code ?? null,
    subscription_id: row.subscription_id,
    currency: row.currency,
    amount: row.amount,
    tax_amount: row.tax_amount,
    refunded_amount: row.refunded_amount,
  };
}

/** Where the export's records come from: the next batch of CSV text, or null after the last. */
type BatchSource = { next: () => Promise<string | null>; close: () => Promise<void> };

/** All cursor connections busy (lib/db/cursor.ts): the contract's 429, with when to come back. */
export function asRateLimited(error: unknown): never {
  if (!(error instanceof CursorsBusyError)) throw error;
  throw new ApiError("RateLimitExceeded", error.message, {
    headers: { "Retry-After": String(error.retryAfterSeconds) },
  });
}

/**
 * Every matching order from one execution of ./export-statement.ts through a cursor (PostgreSQL):
 * sorted once, and all of it from one snapshot.
 */
async function cursorBatches(
  open: NonNullable<ReturnType<typeof directCursorOpener>>,
  principal: Principal,
  query: OrderFiltersQuery,
  batchSize: number,
): Promise<BatchSource> {
  const { text, values } = orderExportStatement(principal, query);
  const cursor = await open<ExportRecord>(text, values).catch(asRateLimited);
  let finished = false;
  return {
    next: async () => {
      if (finished) return null;
      const rows = await cursor.read(batchSize);
      if (rows.length < batchSize) {
        finished = true;
        await cursor.close();
      }
      return rows.map((row) => csvRow(exportRecordValues(row))).join("");
    },
    close: async () => {
      finished = true;
      await cursor.close();
    },
  };
}

/**
 * Every matching order in keyset batches (PGlite, or a client without a cursor): each batch starts
 * after the previous one's last row, so only a batch is held, but each runs the sort again.
 */
function keysetBatches(
  db: DbOrTx,
  principal: Principal,
  query: OrderFiltersQuery,
  batchSize: number,
): BatchSource {
  const where = orderWhere(principal, query);
  const order = orderBy(query.sorting);
  let last: OrderSortValues | null = null;
  let finished = false;
  return {
    next: async () => {
      if (finished) return null;
      const rows = await db.order.findMany({
        where: last ? { AND: [where, orderAfter(query.sorting, last)] } : where,
        orderBy: order,
        select: exportSelect,
        take: batchSize,
      });
      if (rows.length < batchSize) finished = true;
      else last = rows.at(-1)!;
      return rows.map((row) => csvRow(exportRecordValues(exportRecord(row)))).join("");
    },
    close: async () => {
      finished = true;
    },
  };
}

/**
 * The export's body. The header and the first batch are read before this returns, so a failure
 * there still becomes an error response; a failure after that can only cut the stream short (it is
 * logged, and the client sees a truncated download rather than a silently incomplete file).
 */
export async function orderCsvStream(
  db: DbOrTx,
  principal: Principal,
  query: OrderFiltersQuery,
  { batchSize = EXPORT_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const openCursor = directCursorOpener(db);
  const source = openCursor
    ? await cursorBatches(openCursor, principal, query, batchSize)
    : keysetBatches(db, principal, query, batchSize);
  const nextBatch = source.next;

  const encoder = new TextEncoder();
  let ready: string | null;
  try {
    ready = csvRow(ORDER_CSV_COLUMNS) + (await nextBatch());
  } catch (error) {
    await source.close().catch(() => {});
    throw error;
  }
  return new ReadableStream<Uint8Array>({
    // Called when the consumer wants more: one batch per pull, so a slow client slows the reads.
    async pull(controller) {
      try {
        for (;;) {
          const text = ready ?? (await nextBatch());
          ready = null;
          if (text === null) return controller.close();
          // An empty batch (the previous one ended exactly on a multiple of the batch size) enqueues
          // nothing, and a pull that enqueues nothing might not be called again: go on to the end.
          if (text) return controller.enqueue(encoder.encode(text));
        }
      } catch (error) {
        console.error("Order CSV export failed after the response started:", error);
        await source.close().catch(() => {});
        controller.error(error);
      }
    },
    // The client went away: the cursor's connection goes back to its pool now.
    async cancel() {
      await source.close();
    },
  });
}

export function exportFilename(now = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export as a file: its name and its streamed CSV body (the route turns it into a download). */
export async function exportOrders(
  db: DbOrTx,
  principal: Principal,
  query: OrderFiltersQuery,
  options: { batchSize?: number; now?: Date } = {},
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  return { filename: exportFilename(options.now), body: await orderCsvStream(db, principal, query, options) };
}
