// The orders list's exact total_count as one direct statement, allowed PostgreSQL's parallel
// workers (lib/db/direct.ts `directParallelQuery`). The app's sessions plan none (lib/db/client.ts:
// short statements, many at once), but counting most of a large organization's orders is long
// enough for their start to pay: at 1,000,000 orders (705,883 matching) the count took 48 ms serial
// and 32 ms with one worker on two cores (issue 10). It is written here rather than left
// to Prisma because Prisma's count wraps its query in `SELECT count(*) FROM (... OFFSET 0)`, whose
// rows must all pass through the parallel plan's gather: no faster than the serial count, measured.
//
// The conditions mirror orderWhere (./service.ts) exactly; count.test.ts checks the two agree for
// every filter, and the export's tests that its rows are the list's.
import type { DbOrTx } from "../db/client";
import { directParallelQuery } from "../db/direct";
import { visibleOrganizations, type Principal } from "../core/principal";
import { likeLiteral } from "../core/search";
import { billingTypesOf, type OrderFiltersQuery } from "./schemas";

/**
 * The conditions on `orders o` of orderWhere and their values ($1 the organizations): only the
 * filters the query has, so each variant of a statement built on them is prepared once. The
 * export's statement (./export-statement.ts) uses them too.
 */
export function orderConditions(
  principal: Principal,
  query: OrderFiltersQuery,
): { conditions: string[]; values: unknown[] } {
  const values: unknown[] = [visibleOrganizations(principal, query.organization_id)];
  const conditions = ["o.organization_id = ANY($1::uuid[])"];
  const anyOf = (column: string, type: string, list: readonly string[] | undefined) => {
    if (!list?.length) return;
    values.push(list);
    conditions.push(`o.${column} = ANY($${values.length}::${type}[])`);
  };
  anyOf("product_id", "uuid", query.product_id);
  anyOf("product_price_type", '"PriceType"', billingTypesOf(query));
  anyOf("discount_id", "uuid", query.discount_id);
  anyOf("customer_id", "uuid", query.customer_id);
  anyOf("checkout_id", "uuid", query.checkout_id);
  if (query.query) {
    values.push(`%${likeLiteral(query.query)}%`);
    conditions.push(
      `EXISTS (SELECT FROM customers c WHERE c.id = o.customer_id AND c.email ILIKE $${values.length})`,
    );
  }
  return { conditions, values };
}

/** The count's statement and its values. */
export function orderCountStatement(
  principal: Principal,
  query: OrderFiltersQuery,
): { text: string; values: unknown[] } {
  const { conditions, values } = orderConditions(principal, query);
  return {
    text: `SELECT count(*)::int AS total FROM orders o WHERE ${conditions.join(" AND ")}`,
    values,
  };
}

/** The number of orders the list's filters match among the principal's organizations. */
export async function countOrders(
  db: DbOrTx,
  principal: Principal,
  query: OrderFiltersQuery,
): Promise<number> {
  const { text, values } = orderCountStatement(principal, query);
  const [row] = await directParallelQuery(db)<{ total: number }>(text, values);
  return row!.total;
}
