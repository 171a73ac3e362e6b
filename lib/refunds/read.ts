// Reading refunds as the API answers them: one, or a page of the organization's.
import type { DbOrTx } from "../db/client";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { toRefund, type ListRefundsQuery } from "./schemas";

export async function listRefunds(db: DbOrTx, principal: Principal, query: ListRefundsQuery) {
  const page = await listPage(db.refund, principal, query, {
    where: { order_id: oneOf(query.order_id), customer_id: oneOf(query.customer_id) },
  });
  return mapPage(page, toRefund);
}

export async function getRefund(db: DbOrTx, principal: Principal, refundId: string) {
  const row = await db.refund.findFirst({ where: { id: refundId, ...tenantWhere(principal) } });
  return toRefund(foundOrThrow(row));
}
