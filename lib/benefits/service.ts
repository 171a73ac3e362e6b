// Reading benefits: the list (also the dashboard's license key filter by benefit) and one benefit.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import { anyContains } from "../core/search";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { toBenefit, type ListBenefitsQuery } from "./schemas";

export async function listBenefits(db: DbOrTx, principal: Principal, query: ListBenefitsQuery) {
  const page = await listPage(db.benefit, principal, query, {
    where: { AND: [{ type: oneOf(query.type) }, anyContains(["description"], query.query) ?? {}] },
  });
  return mapPage(page, toBenefit);
}

/** The benefit `id` as the API shows it, or 404 (missing, or another tenant's). */
export async function getBenefit(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.benefit.findFirst({ where: { id, ...tenantWhere(principal) } });
  return toBenefit(foundOrThrow(row));
}
