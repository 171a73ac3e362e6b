// Reading discounts: the list (also the dashboard's discount filter) and one discount. A deleted
// discount (deleted_at set, see ./manage.ts) is not found, like one of another organization.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { anyContains } from "../core/search";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { toDiscountWithProducts, type ListDiscountsQuery } from "./schemas";

/** The products a discount is restricted to, in a stable order, loaded with the discount. */
export const discountInclude = {
  discount_products: {
    include: { product: true },
    orderBy: [{ product: { name: "asc" } }, { product_id: "asc" }],
  },
} satisfies Prisma.DiscountInclude;

export async function listDiscounts(db: DbOrTx, principal: Principal, query: ListDiscountsQuery) {
  const search = anyContains(["name", "code"], query.query);
  const page = await listPage(db.discount, principal, query, {
    where: search ? { AND: [{ deleted_at: null }, search] } : { deleted_at: null },
    include: discountInclude,
    // Discounts without a code sort last both ways.
    columns: { code: nullsLast("code") },
  });
  return mapPage(page, toDiscountWithProducts);
}

/** The discount `id` as the API shows it, or 404 (missing, deleted, or another tenant's). */
export async function getDiscount(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.discount.findFirst({
    where: { id, deleted_at: null, ...tenantWhere(principal) },
    include: discountInclude,
  });
  return toDiscountWithProducts(foundOrThrow(row));
}
