// The CSV export as one SQL statement, read through a cursor (lib/db/cursor.ts): every order the
// list's filters match, in the list's order, sorted once. Its conditions are the count's
// (./count.ts, which mirror orderWhere) and its ORDER BY mirrors orderBy (./service.ts), NULLs
// included; export.test.ts checks its rows and their order against the list for every sorting.
import type { Principal } from "../core/principal";
import type { SortCriterion } from "../core/pagination";
import type { CsvValue } from "./csv";
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

/** One exported order as the statement returns it: the CSV's columns, times already as ISO text. */
export type ExportRecordRow = {
  id: string;
  invoice_number: string;
  created_at: string;
  status: string;
  billing_reason: string;
  customer_email: string;
  customer_name: string | null;
  product: string;
  price_type: string;
  discount_code: string | null;
  subscription_id: string | null;
  currency: string;
  amount: number;
  tax_amount: number;
  refunded_amount: number;
};

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

/** The row's fields in the order of ORDER_CSV_COLUMNS (./export.ts). */
export function exportRecordValues(row: ExportRecordRow): CsvValue[] {
  return [
    row.id,
    row.invoice_number,
    row.created_at,
    row.status,
    row.billing_reason,
    row.customer_email,
    row.customer_name,
    row.product,
    row.price_type,
    row.discount_code,
    row.subscription_id,
    row.currency,
    row.amount,
    row.tax_amount,
    row.refunded_amount,
  ];
}
