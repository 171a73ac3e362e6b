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
import { csvRow, csvStream, type CsvBatches } from "../core/csv";
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
): Promise<CsvBatches> {
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
): CsvBatches {
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

/** The export's body (lib/core/csv.ts): the header and the first batch are read before it returns. */
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
  return csvStream(ORDER_CSV_COLUMNS, source, "Order");
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
