// GET /v1/orders/export: every order the list would show (same filters, same order), as CSV. The
// body is streamed: rows are read in batches, each batch starting after the previous one's last
// row (keyset pagination on the list's sort keys, which always end with the unique id), so an
// export of 100,000 orders holds one batch in memory at a time and never pays for an OFFSET.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { csvRow, type CsvValue } from "./csv";
import type { OrderFiltersQuery } from "./schemas";
import { orderAfter, orderBy, orderSortSelect, orderWhere, type OrderSortValues } from "./service";

export const EXPORT_BATCH_SIZE = 1000;

export const ORDER_CSV_COLUMNS = [
  "id",
  "invoice_number",
  "created_at",
  "status",
  "billing_reason",
  "customer_email",
  "customer_name",
  "product",
  "price_type",
  "discount_code",
  "subscription_id",
  "currency",
  "amount",
  "tax_amount",
  "refunded_amount",
] as const;

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

/** One order as a CSV record, in the order of ORDER_CSV_COLUMNS. */
export function orderCsvRecord(row: ExportRow): CsvValue[] {
  return [
    row.id,
    row.invoice_number,
    row.created_at.toISOString(),
    row.status,
    row.billing_reason,
    row.customer.email,
    row.customer.name,
    row.product.name,
    row.product_price_type,
    row.discount?.code ?? null,
    row.subscription_id,
    row.currency,
    row.amount,
    row.tax_amount,
    row.refunded_amount,
  ];
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
  const where = orderWhere(principal, query);
  const order = orderBy(query.sorting);
  let last: OrderSortValues | null = null;
  let finished = false;

  /** The next batch as CSV text ("" when it is empty), or null once every order was read. */
  const nextBatch = async (): Promise<string | null> => {
    if (finished) return null;
    const rows = await db.order.findMany({
      where: last ? { AND: [where, orderAfter(query.sorting, last)] } : where,
      orderBy: order,
      select: exportSelect,
      take: batchSize,
    });
    if (rows.length < batchSize) finished = true;
    else last = rows.at(-1)!;
    return rows.map((row) => csvRow(orderCsvRecord(row))).join("");
  };

  const encoder = new TextEncoder();
  let ready: string | null = csvRow(ORDER_CSV_COLUMNS) + (await nextBatch());
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
        controller.error(error);
      }
    },
    cancel() {
      finished = true;
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
