// Reading customers: the list with a search on email and name (the dashboard's customer filter).
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { anyContains } from "../core/search";
import { toCustomer, type ListCustomersQuery } from "./schemas";

export async function listCustomers(db: DbOrTx, principal: Principal, query: ListCustomersQuery) {
  const page = await listPage(db.customer, principal, query, {
    where: anyContains(["email", "name"], query.query),
    // Customers without a name sort last both ways.
    columns: { name: nullsLast("name") },
  });
  return mapPage(page, toCustomer);
}
