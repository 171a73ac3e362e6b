// Reading discounts: the list (the dashboard's discount filter).
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { anyContains } from "../core/search";
import { toDiscount, type ListDiscountsQuery } from "./schemas";

export async function listDiscounts(db: DbOrTx, principal: Principal, query: ListDiscountsQuery) {
  const page = await listPage(db.discount, principal, query, {
    where: anyContains(["name", "code"], query.query),
    // Discounts without a code sort last both ways.
    columns: { code: nullsLast("code") },
  });
  return mapPage(page, toDiscount);
}
