// The buyer's side of a session, where the client secret is the credential: read it (whatever its
// status, so the hosted page can say what happened) and update it while it is open. Sessions are
// found by the hash of the secret (lib/checkout/client-secret.ts), never by the secret itself.
import type { Db, DbOrTx, Tx } from "../db/client";
import { ApiError } from "../core/errors";
import { checkoutClientInclude, toCheckoutClient, type ClientUpdateCheckoutBody } from "./schemas";
import { assertNoPaymentInProgress } from "../payments/attempts";
import { assertOpen } from "./service";
import { resolveChanges } from "./changes";
import { clientSecretHash } from "./client-secret";

export async function findClientCheckout(db: DbOrTx, clientSecret: string) {
  const row = await db.checkoutSession.findUnique({
    where: { client_secret_hash: clientSecretHash(clientSecret) },
    include: checkoutClientInclude,
  });
  if (!row) throw ApiError.notFound();
  // The caller holds the secret: no need to decrypt the stored copy.
  return { ...row, client_secret: clientSecret };
}

/**
 * The buyer's view. An open session past `expires_at` reads as `expired` (its real status, contract
 * section 4), as its writes are already refused, even before the sweeper stores it.
 */
export async function getClientCheckout(db: DbOrTx, clientSecret: string, now = new Date()) {
  const view = toCheckoutClient(await findClientCheckout(db, clientSecret));
  return view.status === "open" && view.expires_at <= now ? { ...view, status: "expired" as const } : view;
}

/** Locks the session row for the rest of the transaction, then reads it. */
export async function lockClientCheckout(tx: Tx, clientSecret: string) {
  await tx.$queryRaw`SELECT id FROM checkout_sessions
    WHERE client_secret_hash = ${clientSecretHash(clientSecret)} FOR UPDATE`;
  return findClientCheckout(tx, clientSecret);
}

export async function updateClientCheckout(
  db: Db,
  clientSecret: string,
  body: ClientUpdateCheckoutBody,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const session = await lockClientCheckout(tx, clientSecret);
    assertOpen(session, now);
    await assertNoPaymentInProgress(tx, session.id);
    const changes = await resolveChanges(tx, session, body, "buyer", now);
    if (changes.problems.length) throw ApiError.validation(changes.problems);
    await tx.checkoutSession.update({ where: { id: session.id }, data: changes.data });
    return getClientCheckout(tx, clientSecret, now);
  });
}
