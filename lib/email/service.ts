// Reading emails: the list (newest first by default) and one email with its bodies, for the
// organizations the caller may see.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { oneOf } from "../core/pagination";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { toEmail, toEmailDetail, type ListEmailsQuery } from "./schemas";

export async function listEmails(db: DbOrTx, principal: Principal, query: ListEmailsQuery) {
  const page = await listPage(db.email, principal, query, {
    where: {
      status: oneOf(query.status),
      kind: oneOf(query.kind),
      order_id: oneOf(query.order_id),
      customer_id: oneOf(query.customer_id),
    },
    // Emails not sent yet sort last both ways.
    columns: { sent_at: nullsLast("sent_at") },
  });
  return mapPage(page, toEmail);
}

export async function getEmail(db: DbOrTx, principal: Principal, id: string) {
  const email = foundOrThrow(await db.email.findFirst({ where: { id, ...tenantWhere(principal) } }));
  return toEmailDetail(email);
}
