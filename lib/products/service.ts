// Reading products: the list (the dashboard's product filter, API clients' catalogs).
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage } from "../core/list";
import { containsText } from "../core/search";
import { checkoutProductInclude, toCheckoutProduct, type ListProductsQuery } from "./schemas";

export async function listProducts(db: DbOrTx, principal: Principal, query: ListProductsQuery) {
  const page = await listPage(db.product, principal, query, {
    where: {
      is_archived: query.is_archived,
      is_recurring: query.is_recurring,
      name: query.query ? containsText(query.query) : undefined,
    },
    include: checkoutProductInclude,
  });
  return mapPage(page, toCheckoutProduct);
}
