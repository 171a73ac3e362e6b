// Reading benefits: the list (the dashboard's license key filter by benefit).
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { oneOf, paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { listPage } from "../core/list";

export const listBenefitsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  type: queryList(z.enum(["custom", "license_keys"])),
  sorting: sortingQuery(["created_at", "description"], ["description"]),
});
export type ListBenefitsQuery = z.output<typeof listBenefitsQuery>;

export async function listBenefits(db: DbOrTx, principal: Principal, query: ListBenefitsQuery) {
  return listPage(db.benefit, principal, query, { where: { type: oneOf(query.type) } });
}
