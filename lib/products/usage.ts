// Which products are in use, so that deleting them is refused (./delete.ts) and the resource says
// `is_deletable: false`: a product that was sold or offered (an order, a subscription or a pending
// plan change to it, a checkout session or a checkout link offering it) or that a discount names.
// Orders, subscriptions, plan changes and sessions would refuse the delete by their foreign keys;
// links and discounts would lose the product silently (theirs cascade), so they count too.
import type { DbOrTx } from "../db/client";
import { directQuery } from "../db/direct";

/** Each table that names a product, with its `product_id` column (each has an index on it). */
const USES = [
  "orders",
  "subscriptions",
  "subscription_pending_updates",
  "checkout_sessions",
  "checkout_session_products",
  "checkout_link_products",
  "discount_products",
] as const;

const IN_USE_SQL =
  `SELECT p.id::text AS id FROM unnest($1::uuid[]) AS p(id) WHERE ` +
  USES.map((table) => `EXISTS (SELECT 1 FROM ${table} u WHERE u.product_id = p.id)`).join(" OR ");

/** The ids among `ids` of products in use: one statement, an index probe per table and product. */
export async function productsInUse(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await directQuery(db)<{ id: string }>(IN_USE_SQL, [ids]);
  return new Set(rows.map((row) => row.id));
}
