// Reading products: the list (the dashboard's product filter, API clients' catalogs, the checkout's
// product picker) and one product. Archived products are found and listed (filter `is_archived`):
// they cannot be bought, but orders still show them.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { oneOf } from "../core/pagination";
import { containsText } from "../core/search";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { productInclude, toProduct, type ListProductsQuery } from "./schemas";
import { productsInUse } from "./usage";

export async function listProducts(db: DbOrTx, principal: Principal, query: ListProductsQuery) {
  const benefitIds = oneOf(query.benefit_id);
  const page = await listPage(db.product, principal, query, {
    where: {
      is_archived: query.is_archived,
      is_recurring: query.is_recurring,
      name: query.query ? containsText(query.query) : undefined,
      product_benefits: benefitIds ? { some: { benefit_id: benefitIds } } : undefined,
    },
    include: productInclude,
    // Kept by a trigger on product_prices (prisma/schema.prisma); products without a price that
    // can be bought sort last both ways.
    columns: { price_amount: nullsLast("lowest_price_amount") },
  });
  // Whether each can be deleted: one statement for the page (EXISTS probes), not one per product.
  const inUse = await productsInUse(
    db,
    page.items.map((row) => row.id),
  );
  return mapPage(page, (row) => toProduct(row, !inUse.has(row.id)));
}

/** The product `id` as the API shows it, or 404 (missing, or another tenant's). */
export async function getProduct(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.product.findFirst({
    where: { id, ...tenantWhere(principal) },
    include: productInclude,
  });
  const product = foundOrThrow(row);
  const inUse = await productsInUse(db, [product.id]);
  return toProduct(product, !inUse.has(product.id));
}
