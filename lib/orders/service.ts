// Reading orders: the list with its filters and multi-criteria sorting, and one order by id.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../api/auth";
import { ApiError } from "../api/errors";
import { oneOf, pageOf, skipTake, type SortCriterion } from "../api/pagination";
import { orderInclude, toOrder, type ListOrdersQuery, ORDER_SORT_FIELDS } from "./schemas";

type SortField = (typeof ORDER_SORT_FIELDS)[number];

function orderBy(criteria: SortCriterion<SortField>[]): Prisma.OrderOrderByWithRelationInput[] {
  const clauses = criteria.map(({ field, direction }): Prisma.OrderOrderByWithRelationInput => {
    switch (field) {
      case "customer":
        return { customer: { email: direction } };
      case "product":
        return { product: { name: direction } };
      case "discount":
        return { discount: { name: direction } };
      case "subscription":
        return { subscription_id: { sort: direction, nulls: "last" } };
      default:
        return { [field]: direction };
    }
  });
  // Ties broken by id, so pages never overlap or skip.
  return [...clauses, { id: criteria.at(-1)?.direction ?? "asc" }];
}

export async function listOrders(db: DbOrTx, principal: Principal, query: ListOrdersQuery) {
  const where: Prisma.OrderWhereInput = {
    organization_id: { in: visibleOrganizations(principal, query.organization_id) },
    product_id: oneOf(query.product_id),
    product_price_type: oneOf(query.product_price_type),
    discount_id: oneOf(query.discount_id),
    customer_id: oneOf(query.customer_id),
    checkout_id: oneOf(query.checkout_id),
  };
  const [rows, total] = await Promise.all([
    db.order.findMany({ where, include: orderInclude, orderBy: orderBy(query.sorting), ...skipTake(query) }),
    db.order.count({ where }),
  ]);
  return pageOf(rows.map(toOrder), total, query);
}

export async function getOrder(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.order.findFirst({
    where: { id, organization_id: { in: principal.organizationIds } },
    include: orderInclude,
  });
  if (!row) throw ApiError.notFound();
  return toOrder(row);
}
