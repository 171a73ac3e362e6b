// GET /v1/subscriptions/export: the organization's subscriptions, filtered like the list (and by
// when they started and whether they cancel at the period's end), newest first, as CSV with the
// columns asked for and every date in the time zone asked for. The body is streamed a batch at a
// time (keyset pagination on created_at and id), so a large export holds one batch in memory.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { csvStream, createdBefore, NEWEST_FIRST, newestFirstBatches, type CsvValue } from "../core/csv";
import { oneOf } from "../core/pagination";
import { toAddress } from "../core/schemas";
import { tenantWhere } from "../core/tenancy";
import { instantFormatter, timeZoneQuery } from "../core/time-zone";
import { dateTime, queryBoolean, queryList } from "../core/validation";
import { discountAmount } from "../checkout/amounts";
import { discountAppliesTo } from "./price-schedule";
import { activeWhere, listSubscriptionsQuery } from "./read";
import { billingAnchor } from "./trial-terms";

export const SUBSCRIPTION_EXPORT_BATCH_SIZE = 1000;

/**
 * Every column, in the default order: the reference API's export columns (the SDK's
 * `SubscriptionExportColumn`) with the subscription's and the customer's ids and the creation time.
 */
export const SUBSCRIPTION_CSV_COLUMNS = [
  "id",
  "created_at",
  "started_at",
  "status",
  "customer_id",
  "email",
  "customer_name",
  "billing_name",
  "billing_country",
  "product",
  "amount",
  "net_amount",
  "currency",
  "recurring_interval",
  "discount",
  "seats",
  "current_period_start",
  "current_period_end",
  "cancel_at_period_end",
  "canceled_at",
  "ends_at",
  "ended_at",
  "cancellation_reason",
  "trial_start",
  "trial_end",
] as const;
export type SubscriptionCsvColumn = (typeof SUBSCRIPTION_CSV_COLUMNS)[number];

const list = listSubscriptionsQuery.shape;

export const exportSubscriptionsQuery = z.object({
  organization_id: list.organization_id,
  product_id: list.product_id,
  status: list.status,
  active: list.active,
  cancel_at_period_end: queryBoolean().optional(),
  /** Started at or after this instant. */
  started_after: dateTime.optional(),
  /** Started before this instant (a half-open range: consecutive months never overlap). */
  started_before: dateTime.optional(),
  /** The zone every date column is written in (an IANA name). */
  timezone: timeZoneQuery(),
  /** Some columns only, in this order; every column when absent. */
  columns: queryList(z.enum(SUBSCRIPTION_CSV_COLUMNS)),
});
export type ExportSubscriptionsQuery = z.output<typeof exportSubscriptionsQuery>;

const exportSelect = {
  id: true,
  created_at: true,
  started_at: true,
  status: true,
  amount: true,
  currency: true,
  recurring_interval: true,
  current_period_start: true,
  current_period_end: true,
  cancel_at_period_end: true,
  canceled_at: true,
  ends_at: true,
  ended_at: true,
  customer_cancellation_reason: true,
  trial_start: true,
  trial_end: true,
  customer: { select: { id: true, email: true, name: true, billing_address: true } },
  product: { select: { name: true } },
  discount: {
    select: {
      name: true,
      code: true,
      type: true,
      amount: true,
      basis_points: true,
      duration: true,
      duration_in_months: true,
    },
  },
} as const satisfies Prisma.SubscriptionSelect;

type ExportRow = Prisma.SubscriptionGetPayload<{ select: typeof exportSelect }>;

/** The current period's price after the discount, if the discount covers that period; before tax. */
function netAmount(row: ExportRow): number {
  const { discount } = row;
  if (!discount || !discountAppliesTo(discount, billingAnchor(row), row.current_period_start)) {
    return row.amount;
  }
  const off = discountAmount(
    row.amount,
    discount.type === "fixed"
      ? { type: "fixed", amount: discount.amount ?? 0 }
      : { type: "percentage", basis_points: discount.basis_points ?? 0 },
  );
  return row.amount - off;
}

type Cell = (row: ExportRow, date: (value: Date | null) => string | null) => CsvValue;

const CELLS: Record<SubscriptionCsvColumn, Cell> = {
  id: (row) => row.id,
  created_at: (row, date) => date(row.created_at),
  started_at: (row, date) => date(row.started_at),
  status: (row) => row.status,
  customer_id: (row) => row.customer.id,
  email: (row) => row.customer.email,
  customer_name: (row) => row.customer.name,
  // The checkout asks one name, the billing name, and keeps it as the customer's.
  billing_name: (row) => row.customer.name,
  billing_country: (row) => toAddress(row.customer.billing_address)?.country || null,
  product: (row) => row.product.name,
  amount: (row) => row.amount,
  net_amount: netAmount,
  currency: (row) => row.currency,
  recurring_interval: (row) => row.recurring_interval,
  discount: (row) => row.discount?.code ?? row.discount?.name ?? null,
  // Seat-based pricing is not offered: always empty.
  seats: () => null,
  current_period_start: (row, date) => date(row.current_period_start),
  current_period_end: (row, date) => date(row.current_period_end),
  cancel_at_period_end: (row) => String(row.cancel_at_period_end),
  canceled_at: (row, date) => date(row.canceled_at),
  ends_at: (row, date) => date(row.ends_at),
  ended_at: (row, date) => date(row.ended_at),
  cancellation_reason: (row) => row.customer_cancellation_reason,
  trial_start: (row, date) => date(row.trial_start),
  trial_end: (row, date) => date(row.trial_end),
};

/** The rows the query asks for, within the principal's organizations. */
function exportWhere(principal: Principal, query: ExportSubscriptionsQuery): Prisma.SubscriptionWhereInput {
  const started =
    query.started_after || query.started_before
      ? { started_at: { gte: query.started_after, lt: query.started_before } }
      : {};
  // AND-ed, so that no filter can widen the tenant scope (as lib/core/list.ts does).
  return {
    AND: [
      tenantWhere(principal, query.organization_id),
      {
        product_id: oneOf(query.product_id),
        status: oneOf(query.status),
        cancel_at_period_end: query.cancel_at_period_end,
      },
      activeWhere(query.active),
      started,
    ],
  };
}

export function subscriptionExportFilename(now = new Date()): string {
  return `subscriptions-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export as a file: its name and its streamed CSV body (the route turns it into a download). */
export async function exportSubscriptions(
  db: DbOrTx,
  principal: Principal,
  query: ExportSubscriptionsQuery,
  { batchSize = SUBSCRIPTION_EXPORT_BATCH_SIZE, now }: { batchSize?: number; now?: Date } = {},
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const columns = query.columns?.length ? [...new Set(query.columns)] : SUBSCRIPTION_CSV_COLUMNS;
  const format = instantFormatter(query.timezone);
  const date = (value: Date | null) => (value ? format(value) : null);
  const where = exportWhere(principal, query);
  const batches = newestFirstBatches(
    (after: ExportRow | null, take) =>
      db.subscription.findMany({
        where: after ? { AND: [where, createdBefore(after)] } : where,
        orderBy: [...NEWEST_FIRST],
        select: exportSelect,
        take,
      }),
    (row) => columns.map((column) => CELLS[column](row, date)),
    batchSize,
  );
  return {
    filename: subscriptionExportFilename(now),
    body: await csvStream(columns, batches, "Subscription"),
  };
}
