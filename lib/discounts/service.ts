// Reading discounts: the list (the dashboard's discount filter).
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { containsText } from "../core/search";
import { toDiscount, type ListDiscountsQuery } from "./schemas";

export async function listDiscounts(db: DbOrTx, principal: Principal, query: ListDiscountsQuery) {
  const page = await listPage(db.discount, principal, query, {
    where: query.query
      ? { OR: [{ name: containsText(query.query) }, { code: containsText(query.query) }] }
      : undefined,
    // Discounts without a code sort last both ways.
    columns: { code: nullsLast("code") },
  });
  return mapPage(page, toDiscount);
}
