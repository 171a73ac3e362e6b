// Cards as buyers recognize them (brand, last four digits, expiry), by the ref renewals charge
// (`payment_method_ref`): written with the outcome that reported the card (a payment that saved it,
// a card setup, each renewal's charge), kept current by the processor's notices (Stripe's
// `payment_method.automatically_updated` when the bank issues a new number or expiry). The
// portal's "Paying with Visa ending in 4242" and the order page read them.
import type { DbOrTx, Tx } from "../db/client";
import type { PaymentAttempt } from "../generated/prisma/client";
import { describePaymentMethodRef, type CardDescription } from "./card-description";
import type { PaymentDetails } from "./processor";

export type SavedCard = NonNullable<PaymentDetails["card"]>;

/** Keeps the card the processor reported with an attempt's outcome, under the attempt's ref. */
export async function rememberSavedCard(
  tx: Tx,
  attempt: Pick<PaymentAttempt, "organization_id" | "processor" | "payment_method_ref">,
  card: PaymentDetails["card"],
  now: Date,
): Promise<void> {
  if (!attempt.payment_method_ref || !card || (!card.brand && !card.last4)) return;
  const values = { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
  await tx.savedPaymentMethod.upsert({
    where: {
      organization_id_ref: { organization_id: attempt.organization_id, ref: attempt.payment_method_ref },
    },
    create: {
      organization_id: attempt.organization_id,
      ref: attempt.payment_method_ref,
      processor: attempt.processor,
      created_at: now,
      ...values,
    },
    update: { ...values, modified_at: now },
  });
}

/**
 * The processor changed a saved card (a new expiry or number from the bank): every ref of the
 * organization that names it (`refEndsWith`: Stripe's refs end with the PaymentMethod's id) shows
 * the new one. Returns how many refs changed.
 */
export async function updateSavedCards(
  db: DbOrTx,
  where: { organizationId: string; processor: string; refEndsWith: string },
  card: SavedCard,
  now: Date,
): Promise<number> {
  const { count } = await db.savedPaymentMethod.updateMany({
    where: {
      organization_id: where.organizationId,
      processor: where.processor,
      ref: { endsWith: where.refEndsWith },
    },
    data: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      modified_at: now,
    },
  });
  return count;
}

/** How each ref's card reads (one query for a page of subscriptions); a ref never reported: as its ref says. */
export async function describeSavedCards(
  db: DbOrTx,
  organizationId: string,
  refs: readonly (string | null)[],
): Promise<(ref: string | null) => CardDescription | null> {
  const wanted = [...new Set(refs.filter((ref): ref is string => Boolean(ref)))];
  const rows = wanted.length
    ? await db.savedPaymentMethod.findMany({
        where: { organization_id: organizationId, ref: { in: wanted } },
        select: { ref: true, brand: true, last4: true },
      })
    : [];
  // A row that names a card's customer without describing it (a test processor's card added in
  // the portal) reads as its ref says.
  const byRef = new Map(
    rows
      .filter((row) => row.brand || row.last4)
      .map((row) => [row.ref, { brand: row.brand, last4: row.last4 }]),
  );
  return (ref) => (ref ? (byRef.get(ref) ?? describePaymentMethodRef(ref)) : null);
}
