// Checkout sessions as the merchant sees them: list, read, and update (docs/api.md §6).
// Create is in create.ts, the buyer's routes in client.ts and confirm.ts.
import { assertNoPaymentInProgress } from "../payments/attempts";
import type { Db, DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { oneOf } from "../core/pagination";
import { listPage, mapPage } from "../core/list";
import { lockRowForEvents } from "../webhooks/listeners";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { checkoutInclude, toCheckout, type ListCheckoutsQuery, type UpdateCheckoutBody } from "./schemas";
import { resolveChanges } from "./changes";
import { withClientSecret } from "./client-secret";
import { emitCheckoutEvent } from "./events";
import { checkTaxIdInput } from "./tax-id";

export async function listCheckouts(db: DbOrTx, principal: Principal, query: ListCheckoutsQuery) {
  const page = await listPage(db.checkoutSession, principal, query, {
    where: { product_id: oneOf(query.product_id), status: oneOf(query.status) },
    include: checkoutInclude,
  });
  return mapPage(page, (row) => toCheckout(withClientSecret(row)));
}

async function findCheckoutOrThrow(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.checkoutSession.findFirst({
    where: { id, ...tenantWhere(principal) },
    include: checkoutInclude,
    relationLoadStrategy: "query", // see findClientCheckout
  });
  return withClientSecret(foundOrThrow(row));
}

export async function getCheckout(db: DbOrTx, principal: Principal, id: string) {
  return toCheckout(await findCheckoutOrThrow(db, principal, id));
}

/** Open means open and not past its expiry (the sweeper may not have marked it yet). */
export function assertOpen(session: { id: string; status: string; expires_at: Date }, now = new Date()) {
  const status = session.status === "open" && session.expires_at <= now ? "expired" : session.status;
  if (status !== "open")
    throw new ApiError("NotOpenCheckout", `Checkout ${session.id} is not open: ${status}`);
}

export async function updateCheckout(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateCheckoutBody,
  now = new Date(),
) {
  // Before the transaction: an EU VAT number is asked of VIES (a network call).
  const taxId = await checkTaxIdInput(db, body.customer_tax_id, now);
  return db.$transaction(async (tx) => {
    // Also reads who listens to its events (no statement of its own).
    await lockRowForEvents(tx, "checkout_sessions", id);
    const session = await findCheckoutOrThrow(tx, principal, id);
    assertOpen(session, now);
    await assertNoPaymentInProgress(tx, session.id);
    const changes = await resolveChanges(tx, session, body, "merchant", now, taxId);
    if (changes.problems.length) throw ApiError.validation(changes.problems);
    await tx.checkoutSession.update({ where: { id }, data: changes.data });
    const view = await getCheckout(tx, principal, id);
    await emitCheckoutEvent(tx, "checkout.updated", session, now, view);
    return view;
  });
}
