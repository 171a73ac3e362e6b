// The buyer's side of a session, where the client secret is the credential: read it (whatever its
// status, so the hosted page can say what happened) and update it while it is open. Sessions are
// found by the hash of the secret (lib/checkout/client-secret.ts), never by the secret itself.
import type { Db, DbOrTx, Tx } from "../db/client";
import { ApiError } from "../core/errors";
import { toCheckoutClient, type CheckoutOrderView, type ClientUpdateCheckoutBody } from "./schemas";
import { receiptPdfUrl, receiptUrl } from "../receipts/links";
import {
  assertNoPaymentInProgress,
  assertNoUnresolvedAttempt,
  UNRESOLVED_STATUSES,
} from "../payments/attempts";
import { assertOpen } from "./service";
import { resolveChanges } from "./changes";
import { clientSecretHash } from "./client-secret";
import { readClientCheckout } from "./client-read";
import { emitCheckoutEvent } from "./events";
import { checkTaxIdInput, type TaxIdOutcome } from "./tax-id";
import { isPaymentInProgress, settleWaitingBankStep } from "./bank-step";
import { Prisma } from "../generated/prisma/client";
import { directSql } from "../db/direct";
import { listenedTypesSql, primeListeners } from "../webhooks/listeners";

export async function findClientCheckout(db: DbOrTx, clientSecret: string) {
  // One statement (./client-read.ts), not Prisma's include: a confirm reads this view twice.
  const row = await readClientCheckout(db, clientSecretHash(clientSecret));
  if (!row) throw ApiError.notFound();
  // The caller holds the secret: no need to decrypt the stored copy.
  return { ...row, client_secret: clientSecret };
}

async function checkoutOrder(db: DbOrTx, checkoutId: string): Promise<CheckoutOrderView> {
  const order = await db.order.findUnique({
    where: { checkout_id: checkoutId },
    select: { id: true, invoice_number: true },
  });
  if (!order) return null;
  return { ...order, receipt_url: receiptUrl(order.id), receipt_pdf_url: receiptPdfUrl(order.id) };
}

/**
 * The buyer's view. An open session past `expires_at` reads as `expired` (its real status, contract
 * section 4), as its writes are already refused, even before the sweeper stores it.
 */
export async function getClientCheckout(db: DbOrTx, clientSecret: string, now = new Date()) {
  const row = await findClientCheckout(db, clientSecret);
  // Only a succeeded session has an order: the confirmation shows its number and receipt.
  const view = toCheckoutClient(row, row.status === "succeeded" ? await checkoutOrder(db, row.id) : null);
  return view.status === "open" && view.expires_at <= now ? { ...view, status: "expired" as const } : view;
}

/**
 * Refuses a session that cannot be confirmed or changed now (404, NotOpenCheckout, 409), in one
 * statement and without a lock: most duplicate confirms stop here, before they wait for the lock.
 */
export async function assertClientCheckoutChangeable(
  db: DbOrTx,
  clientSecret: string,
  now: Date,
): Promise<{ unverifiedEuVat: string | null }> {
  const unresolved = [...UNRESOLVED_STATUSES];
  // Straight to the driver (lib/db/direct.ts): every confirm and change runs it. The time as epoch
  // milliseconds, which every driver reads alike (pg reads a `timestamp` as local time).
  const [gate] = await directSql<{
    id: string;
    status: string;
    expires_at_ms: number;
    unresolved_attempt: string | null;
    unverified_eu_vat: string | null;
  }>(
    db,
    Prisma.sql`
    SELECT s.id::text AS id, s.status::text AS status,
           (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_at_ms,
           (SELECT a.status::text FROM payment_attempts a
             WHERE a.checkout_id = s.id AND a.status::text = ANY(${unresolved}::text[])
             LIMIT 1) AS unresolved_attempt,
           -- An EU VAT number VIES could not check yet: confirm asks again (./tax-id.ts).
           CASE WHEN s.customer_tax_id_type = 'eu_vat' AND s.customer_tax_id_verified_at IS NULL
                THEN s.customer_tax_id END AS unverified_eu_vat
      FROM checkout_sessions s
     WHERE s.client_secret_hash = ${clientSecretHash(clientSecret)}`,
  );
  if (!gate) throw ApiError.notFound();
  assertOpen({ id: gate.id, status: gate.status, expires_at: new Date(gate.expires_at_ms) }, now);
  assertNoUnresolvedAttempt(gate.unresolved_attempt);
  return { unverifiedEuVat: gate.unverified_eu_vat };
}

/**
 * Locks the session row for the rest of the transaction, reads it, and refuses it unless it is
 * open with no payment under way.
 */
export async function lockChangeableClientCheckout(tx: Tx, clientSecret: string, now: Date) {
  // The lock also reads who listens to the organization's events (./events.ts), in the same statement.
  const [locked] = await directSql<{ organization_id: string; listened: string[] }>(
    tx,
    Prisma.sql`
      SELECT s.organization_id::text AS organization_id,
             ${listenedTypesSql(Prisma.sql`s.organization_id`)} AS listened
        FROM checkout_sessions s
       WHERE s.client_secret_hash = ${clientSecretHash(clientSecret)} FOR UPDATE OF s`,
  );
  if (locked) primeListeners(tx, locked.organization_id, locked.listened);
  const session = await findClientCheckout(tx, clientSecret);
  assertOpen(session, now);
  // A statement of its own, after the lock: read in the locking statement itself, an attempt
  // committed by the transaction that held the lock before would not be seen (that statement's
  // snapshot predates it), and two racing confirms would both pay.
  await assertNoPaymentInProgress(tx, session.id);
  return session;
}

export async function updateClientCheckout(
  db: Db,
  clientSecret: string,
  body: ClientUpdateCheckoutBody,
  now = new Date(),
) {
  // Before the transaction: an EU VAT number is asked of VIES (a network call), for a session
  // that exists only (an unknown secret is 404 without any call).
  if (body.customer_tax_id !== undefined) {
    const known = await db.checkoutSession.findUnique({
      where: { client_secret_hash: clientSecretHash(clientSecret) },
      select: { id: true },
    });
    if (!known) throw ApiError.notFound();
  }
  const taxId = await checkTaxIdInput(db, body.customer_tax_id, now);
  try {
    return await applyClientUpdate(db, clientSecret, body, now, taxId);
  } catch (error) {
    // A payment waiting for a bank step the buyer already failed or left (./bank-step.ts). Tried
    // again whatever the lookup found: the processor's event may have settled it meanwhile.
    if (!isPaymentInProgress(error)) throw error;
    await settleWaitingBankStep(db, clientSecret, now);
    return applyClientUpdate(db, clientSecret, body, now, taxId);
  }
}

function applyClientUpdate(
  db: Db,
  clientSecret: string,
  body: ClientUpdateCheckoutBody,
  now: Date,
  taxId: TaxIdOutcome | undefined,
) {
  return db.$transaction(async (tx) => {
    const session = await lockChangeableClientCheckout(tx, clientSecret, now);
    const changes = await resolveChanges(tx, session, body, "buyer", now, taxId);
    if (changes.problems.length) throw ApiError.validation(changes.problems);
    await tx.checkoutSession.update({ where: { id: session.id }, data: changes.data });
    const view = await getClientCheckout(tx, clientSecret, now);
    await emitCheckoutEvent(tx, "checkout.updated", session, now);
    return view;
  });
}
