// Whether an organization can take a payment (docs/payments.md, "Test and live organizations"). A
// test organization always can: the built-in test processor takes its payments unless it has Stripe
// test keys. A live organization can only once its card processor is set up (a `stripe` row in
// payment_processor_settings); until then it sells free products only, so that no live session is
// ever paid through the test processor. Checkout creation and confirm both ask here.
import type { DbOrTx } from "../db/client";
import { ApiError, type Problem } from "../core/errors";

export const PAYMENTS_NOT_SET_UP =
  "Payments are not set up for this organization: it can sell free products only until its card processor is connected.";

export type PaymentNeed = {
  /** What the buyer pays now, in minor units. */
  amountDue: number;
  /** A subscription's card is saved for its renewals even when nothing is due now. */
  savesCard?: boolean;
};

/** The organization's id, or its row when the caller read it already (a test one costs no statement). */
export type OrganizationRef = string | { id: string; livemode: boolean };

/** The rule above, on a row read with its processor's name. */
export function paymentsReady(row: { livemode: boolean; payment_processor: { processor: string } | null }) {
  return !row.livemode || row.payment_processor?.processor === "stripe";
}

/** True when the organization has a processor for real or test payments (see above). */
export async function canTakePayments(db: DbOrTx, organization: OrganizationRef): Promise<boolean> {
  if (typeof organization !== "string" && !organization.livemode) return true;
  const id = typeof organization === "string" ? organization : organization.id;
  const row = await db.organization.findUnique({
    where: { id },
    select: { livemode: true, payment_processor: { select: { processor: true } } },
  });
  return row ? paymentsReady(row) : false;
}

/** The 422 problem when the payment is needed and cannot be taken, else null. */
export async function paymentsNotReadyProblem(
  db: DbOrTx,
  organization: OrganizationRef,
  need: PaymentNeed,
): Promise<Problem | null> {
  if (need.amountDue <= 0 && !need.savesCard) return null;
  if (await canTakePayments(db, organization)) return null;
  return { type: "value_error", loc: ["body"], msg: PAYMENTS_NOT_SET_UP, input: null };
}

/** 422 "Payments are not set up for this organization" when a payment is needed and cannot be taken. */
export async function assertCanTakePayments(
  db: DbOrTx,
  organization: OrganizationRef,
  amountDue: number,
  options: { savesCard?: boolean } = {},
): Promise<void> {
  const problem = await paymentsNotReadyProblem(db, organization, { amountDue, ...options });
  if (problem) throw ApiError.validation([problem]);
}
