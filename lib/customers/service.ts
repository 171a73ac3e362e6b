// Reading customers: the list with a search on email and name (the dashboard's customer filter).
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { toCustomer, type ListCustomersQuery } from "./schemas";
import { containsText } from "../core/search";

export async function listCustomers(db: DbOrTx, principal: Principal, query: ListCustomersQuery) {
  const where: Prisma.CustomerWhereInput = {
    organization_id: { in: visibleOrganizations(principal, query.organization_id) },
    ...(query.query && {
      OR: [{ email: containsText(query.query) }, { name: containsText(query.query) }],
    }),
  };
  const [rows, total] = await Promise.all([
    db.customer.findMany({ where, orderBy: [{ email: "asc" }, { id: "asc" }], ...skipTake(query) }),
    db.customer.count({ where }),
  ]);
  return pageOf(rows.map(toCustomer), total, query);
}
