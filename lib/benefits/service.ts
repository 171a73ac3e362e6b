// Reading benefits: the list (the dashboard's license key filter by benefit).
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../core/principal";
import { oneOf, pageOf, paginationQuery, skipTake } from "../core/pagination";
import { id, queryList } from "../core/validation";

export const listBenefitsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  type: queryList(z.enum(["custom", "license_keys"])),
});
export type ListBenefitsQuery = z.output<typeof listBenefitsQuery>;

export async function listBenefits(db: DbOrTx, principal: Principal, query: ListBenefitsQuery) {
  const where: Prisma.BenefitWhereInput = {
    organization_id: { in: visibleOrganizations(principal, query.organization_id) },
    type: oneOf(query.type),
  };
  const [rows, total] = await Promise.all([
    db.benefit.findMany({ where, orderBy: [{ description: "asc" }, { id: "asc" }], ...skipTake(query) }),
    db.benefit.count({ where }),
  ]);
  return pageOf(rows, total, query);
}
