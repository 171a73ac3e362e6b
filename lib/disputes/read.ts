// Reading disputes as the API answers them: one, or a page of the organization's.
import type { DbOrTx } from "../db/client";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { disputeInclude, toDispute, type ListDisputesQuery } from "./schemas";

export async function listDisputes(db: DbOrTx, principal: Principal, query: ListDisputesQuery) {
  const page = await listPage(db.dispute, principal, query, {
    where: { order_id: oneOf(query.order_id), status: oneOf(query.status) },
    include: disputeInclude,
  });
  return mapPage(page, (row) => toDispute(row));
}

export async function getDispute(db: DbOrTx, principal: Principal, disputeId: string) {
  const row = await db.dispute.findFirst({
    where: { id: disputeId, ...tenantWhere(principal) },
    include: disputeInclude,
  });
  return toDispute(foundOrThrow(row));
}
