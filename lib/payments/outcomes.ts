// The one path by which a processor's answer becomes state: the synchronous answer at confirm or
// renewal, an inbound notification from the processor, and reconciliation all go through
// `applyPaymentOutcome`. It locks the attempt, so the same outcome arriving twice (a notification
// racing the synchronous answer, two reconcilers) is applied once.
//
// What an outcome then does to what the attempt pays for belongs to the domain that owns it
// (checkout, subscription renewal, refund): each domain exports its handlers by attempt kind, and
// the caller passes them in. Payments imports no domain; the composition root
// (lib/composition/payment-outcomes.ts) joins every domain's handlers for the jobs that may meet any
// attempt (reconciliation, refunds). See docs/architecture.md, "Layers and registration".
import type { Db, Tx } from "../db/client";
import { lockRowById } from "../core/row-lock";
import type {
  PaymentAttempt,
  PaymentAttemptKind,
  PaymentAttemptStatus,
  Prisma,
} from "../generated/prisma/client";
import { updateRow } from "../db/row-writes";
import { kickWorker } from "../jobs/runtime";
import type { PaymentLookup } from "./processor";
import { requestRefund } from "./refunds";
import { rememberSavedCard } from "./saved-cards";
import { withDeferredWebhookEvents } from "../webhooks/emit";

/** What a recorded outcome does to what the attempt pays for, inside the outcome's transaction. */
export type PaymentOutcomeHandler = (tx: Tx, attempt: PaymentAttempt, now: Date) => Promise<void>;
/** A domain's handlers, by the kind of attempt it owns. */
export type PaymentOutcomeHandlers = Partial<Record<PaymentAttemptKind, PaymentOutcomeHandler>>;

const RESOLVED: PaymentAttemptStatus[] = ["succeeded", "failed"];
// Short, but it may queue for a pooled connection behind a burst of payments.
const OUTCOME_TRANSACTION = { maxWait: 20_000, timeout: 15_000 };

function statusOf(outcome: PaymentLookup): PaymentAttemptStatus {
  if (outcome.status === "declined" || outcome.status === "not_found") return "failed";
  return outcome.status;
}

/**
 * Records `outcome` on the attempt and applies it to what the attempt pays for (checkout,
 * subscription) through `handlers[attempt.kind]`. An attempt already resolved is left as it is and
 * returned unchanged. The webhook events of what it changed are written once all of it is written
 * (lib/webhooks/emit.ts). Throws, writing nothing, when `handlers` has none for the attempt's kind.
 */
export function applyPaymentOutcome(
  tx: Tx,
  handlers: PaymentOutcomeHandlers,
  attemptId: string,
  outcome: PaymentLookup,
  now: Date,
): Promise<PaymentAttempt> {
  return withDeferredWebhookEvents(tx, () => applyOutcome(tx, handlers, attemptId, outcome, now));
}

async function applyOutcome(
  tx: Tx,
  handlers: PaymentOutcomeHandlers,
  attemptId: string,
  outcome: PaymentLookup,
  now: Date,
): Promise<PaymentAttempt> {
  const current = await lockRowById(tx, "payment_attempts", attemptId);
  if (!current) throw new Error(`Payment attempt ${attemptId} does not exist.`);
  const settle = handlers[current.kind];
  if (!settle) {
    throw new Error(
      `No payment outcome handler for attempts of kind "${current.kind}" (attempt ${attemptId}): ` +
        "pass the owning domain's handlers (lib/composition/payment-outcomes.ts).",
    );
  }
  if (RESOLVED.includes(current.status)) {
    // The processor took money after we gave up on the attempt (a buyer finishing 3-D Secure after
    // the checkout was abandoned): nothing was delivered for it, so it goes back.
    if (current.status === "failed" && outcome.status === "succeeded" && current.kind !== "refund") {
      if (outcome.payment_id && current.amount > 0) {
        await requestRefund(tx, { ...current, processor_payment_id: outcome.payment_id }, now);
      }
    }
    return current;
  }
  const status = statusOf(outcome);
  const failed = outcome.status === "declined" || outcome.status === "not_found";
  // Written out (lib/db/row-writes.ts): every purchase records one outcome.
  const attempt = await updateRow<PaymentAttempt>(tx, "payment_attempts", attemptId, {
    status,
    modified_at: now,
    resolved_at: RESOLVED.includes(status) ? now : null,
    ...("payment_id" in outcome && outcome.payment_id ? { processor_payment_id: outcome.payment_id } : {}),
    ...("payment_method_ref" in outcome && outcome.payment_method_ref
      ? { payment_method_ref: outcome.payment_method_ref }
      : {}),
    client_action: outcome.status === "requires_action" ? (outcome.action as object) : undefined,
    ...detailsOf(outcome),
    failure_code: outcome.status === "declined" ? outcome.code : failed ? "not_found" : null,
    failure_reason:
      outcome.status === "declined"
        ? outcome.message
        : failed
          ? "The payment processor has no record of this payment."
          : null,
  } satisfies Prisma.PaymentAttemptUncheckedUpdateInput);
  if (!attempt) throw new Error(`Payment attempt ${attemptId} does not exist.`);
  if (outcome.status !== "not_found") await rememberSavedCard(tx, attempt, outcome.details?.card, now);
  if (attempt.status === current.status && attempt.processor_payment_id === current.processor_payment_id) {
    return attempt;
  }
  await settle(tx, attempt, now);
  return attempt;
}

/** The processor's risk evaluation and card fingerprint, where it gave them. */
function detailsOf(outcome: PaymentLookup): Prisma.PaymentAttemptUncheckedUpdateInput {
  const details = outcome.status === "not_found" ? undefined : outcome.details;
  if (!details) return {};
  return {
    ...(details.risk_level ? { risk_level: details.risk_level } : {}),
    ...(details.risk_outcome ? { risk_outcome: details.risk_outcome } : {}),
    ...(details.card_fingerprint ? { card_fingerprint: details.card_fingerprint } : {}),
    ...(details.card?.brand ? { card_brand: details.card.brand } : {}),
    ...(details.card?.last4 ? { card_last4: details.card.last4 } : {}),
  };
}

/** Where an outcome comes from: our attempt id, our idempotency key, or the processor's payment id. */
export type AttemptRef =
  { attemptId: string } | { idempotencyKey: string } | { processor: string; paymentId: string };

/**
 * Applies a processor's outcome in its own transaction: for inbound notifications (a payment that
 * was `pending` or `requires_action` settled) and reconciliation. Unknown references are ignored.
 */
export async function recordPaymentOutcome(
  db: Db,
  handlers: PaymentOutcomeHandlers,
  ref: AttemptRef,
  outcome: PaymentLookup,
  now = new Date(),
): Promise<PaymentAttempt | null> {
  const attempt = await db.$transaction(async (tx) => {
    const found = await tx.paymentAttempt.findFirst({
      where:
        "attemptId" in ref
          ? { id: ref.attemptId }
          : "idempotencyKey" in ref
            ? { idempotency_key: ref.idempotencyKey }
            : { processor: ref.processor, processor_payment_id: ref.paymentId },
      select: { id: true },
    });
    return found ? applyPaymentOutcome(tx, handlers, found.id, outcome, now) : null;
  }, OUTCOME_TRANSACTION);
  kickWorker();
  return attempt;
}
