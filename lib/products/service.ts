// Reading products: the list (the dashboard's product filter, API clients' catalogs).
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { checkoutProductInclude, toCheckoutProduct, type ListProductsQuery } from "./schemas";
import { containsText } from "../core/search";

export async function listProducts(db: DbOrTx, principal: Principal, query: ListProductsQuery) {
  const where: Prisma.ProductWhereInput = {
    organization_id: { in: visibleOrganizations(principal, query.organization_id) },
    is_archived: query.is_archived,
    is_recurring: query.is_recurring,
    name: query.query ? containsText(query.query) : undefined,
  };
  const [rows, total] = await Promise.all([
    db.product.findMany({
      where,
      include: checkoutProductInclude,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      ...skipTake(query),
    }),
    db.product.count({ where }),
  ]);
  return pageOf(rows.map(toCheckoutProduct), total, query);
}
