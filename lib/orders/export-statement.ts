// The CSV export's columns, and the export as one SQL statement, read through a cursor (lib/db/cursor.ts): every order the
// list's filters match, in the list's order, sorted once. Its conditions are the count's
// (./count.ts, which mirror orderWhere) and its ORDER BY mirrors orderBy (./service.ts), NULLs
// included; export.test.ts checks its rows and their order against the list for every sorting.
import type { Principal } from "../core/principal";
import type { SortCriterion } from "../core/pagination";
import type { CsvValue } from "../core/csv";
import { orderConditions } from "./count";
import type { OrderFiltersQuery, ORDER_SORT_FIELDS } from "./schemas";

type SortField = (typeof ORDER_SORT_FIELDS)[number];

/** What each sort field orders by; PostgreSQL's NULL placement (last ascending) unless stated. */
const SORT_EXPRESSIONS: Record<SortField, string> = {
  created_at: "o.created_at",
  amount: "o.amount",
  customer: "c.email",
  product: "p.name",
  discount: "d.name",
  subscription: "o.subscription_id",
};

/** orderBy's NULLS LAST in both directions (lib/core/list.ts nullsLast). */
const NULLS_LAST: ReadonlySet<SortField> = new Set(["subscription"]);

export function exportOrderBy(criteria: readonly SortCriterion<SortField>[]): string {
  const keys = criteria.map(({ field, direction }) => {
    const nulls = NULLS_LAST.has(field) ? " NULLS LAST" : "";
    return `${SORT_EXPRESSIONS[field]} ${direction === "desc" ? "DESC" : "ASC"}${nulls}`;
  });
  // Ends with the unique id, in the last criterion's direction, as orderBy does.
  keys.push(`o.id ${criteria.at(-1)?.direction === "desc" ? "DESC" : "ASC"}`);
  return keys.join(", ");
}

/** The export's columns, in order: the CSV's header, and the statement's column names. */
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

/** One exported order, a value per column: times as ISO text, amounts as numbers. */
export type ExportRecord = {
  [C in (typeof ORDER_CSV_COLUMNS)[number]]: C extends "amount" | "tax_amount" | "refunded_amount"
    ? number
    : C extends "customer_name" | "discount_code" | "subscription_id"
      ? string | null
      : string;
};

/** The record's values in the order of ORDER_CSV_COLUMNS. */
export function exportRecordValues(record: ExportRecord): CsvValue[] {
  return ORDER_CSV_COLUMNS.map((column) => record[column]);
}

export function orderExportStatement(
  principal: Principal,
  query: OrderFiltersQuery,
): { text: string; values: unknown[] } {
  const { conditions, values } = orderConditions(principal, query);
  // created_at is timestamp(3) holding UTC: the same text as Date#toISOString.
  const text = `SELECT o.id::text AS id, o.invoice_number,
      to_char(o.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
      o.status::text AS status, o.billing_reason::text AS billing_reason,
      c.email AS customer_email, c.name AS customer_name, p.name AS product,
      o.product_price_type::text AS price_type, d.code AS discount_code,
      o.subscription_id::text AS subscription_id, o.currency, o.amount, o.tax_amount, o.refunded_amount
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    JOIN products p ON p.id = o.product_id
    LEFT JOIN discounts d ON d.id = o.discount_id
    WHERE ${conditions.join(" AND ")}
    ORDER BY ${exportOrderBy(query.sorting)}`;
  return { text, values };
}
