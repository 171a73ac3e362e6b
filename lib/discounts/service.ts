// Reading discounts: the list (the dashboard's discount filter).
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { toDiscount, type ListDiscountsQuery } from "./schemas";
import { containsText } from "../core/search";

export async function listDiscounts(db: DbOrTx, principal: Principal, query: ListDiscountsQuery) {
  const where: Prisma.DiscountWhereInput = {
    organization_id: { in: visibleOrganizations(principal, query.organization_id) },
    ...(query.query && {
      OR: [{ name: containsText(query.query) }, { code: containsText(query.query) }],
    }),
  };
  const [rows, total] = await Promise.all([
    db.discount.findMany({ where, orderBy: [{ name: "asc" }, { id: "asc" }], ...skipTake(query) }),
    db.discount.count({ where }),
  ]);
  return pageOf(rows.map(toDiscount), total, query);
}
