// Reading customers: the list (by email, with a search on email and name) and one customer. An
// anonymized customer (deleted_at set, see ./delete.ts) is not found here, like one of another
// organization; orders and license keys still show it nested.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { oneOf } from "../core/pagination";
import { anyContains } from "../core/search";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { toCustomerResource, type ListCustomersQuery } from "./schemas";

/** The list's filters (the export's too), without the tenant scope: never an anonymized customer. */
export function customerFilters(
  query: Pick<ListCustomersQuery, "email" | "query">,
): Prisma.CustomerWhereInput {
  const filters: Prisma.CustomerWhereInput[] = [{ deleted_at: null }];
  const email = oneOf(query.email);
  if (email) filters.push({ email });
  const search = anyContains(["email", "name"], query.query);
  if (search) filters.push(search);
  return { AND: filters };
}

export async function listCustomers(db: DbOrTx, principal: Principal, query: ListCustomersQuery) {
  const page = await listPage(db.customer, principal, query, {
    where: customerFilters(query),
    // Customers without a name sort last both ways.
    columns: { name: nullsLast("name") },
  });
  return mapPage(page, toCustomerResource);
}

/** The customer row `id` if the principal may see it and it is not anonymized, or 404. */
export async function findCustomerOrThrow(db: DbOrTx, principal: Principal, id: string) {
  return foundOrThrow(
    await db.customer.findFirst({ where: { id, deleted_at: null, ...tenantWhere(principal) } }),
  );
}

export async function getCustomer(db: DbOrTx, principal: Principal, id: string) {
  return toCustomerResource(await findCustomerOrThrow(db, principal, id));
}
