// Payment attempts: every call to the processor is recorded before it is made. The caller creates
// the attempt in its transaction (with whatever it reserves, e.g. a discount redemption) and
// commits; then calls the processor with `callProcessor`, outside any transaction or row lock,
// with the idempotency key derived from the attempt; then records the answer with
// `recordPaymentOutcome` (./outcomes.ts). A crash in between leaves the attempt `pending`, and the
// reconciliation job (./reconcile.ts) asks the processor what became of it.
import { randomUUID } from "node:crypto";
import type { DbOrTx, Tx } from "../db/client";
import { ApiError } from "../core/errors";
import { insertRow } from "../db/row-writes";
import { Prisma, type PaymentAttempt, type PaymentAttemptKind } from "../generated/prisma/client";
import { directSql } from "../db/direct";
import { processorFor } from "./index";
import type { PaymentCustomer, PaymentResult } from "./processor";

/** Statuses of an attempt whose outcome is still to come. */
export const UNRESOLVED_STATUSES = ["pending", "requires_action"] as const;

export type NewPaymentAttempt = {
  organizationId: string;
  kind: PaymentAttemptKind;
  amount: number;
  currency: string;
  processor: string;
  checkoutId?: string | null;
  subscriptionId?: string | null;
  /** A card setup of the customer portal: the customer whose card it saves. */
  customerId?: string | null;
  orderId?: string | null;
  /** One attempt per business event that must never be paid twice (unique). */
  reference?: string | null;
  refundedPaymentId?: string | null;
  paymentMethodRef?: string | null;
  pendingChanges?: Prisma.InputJsonValue;
  /** Checkout attempts: which confirm request made it (lib/checkout/resume.ts). */
  requestKeyHash?: string | null;
};

export async function createPaymentAttempt(
  tx: Tx,
  input: NewPaymentAttempt,
  now: Date,
): Promise<PaymentAttempt> {
  const id = randomUUID();
  // Written out (lib/db/row-writes.ts): every purchase makes one.
  return insertRow<PaymentAttempt>(tx, "payment_attempts", {
    id,
    created_at: now,
    modified_at: now,
    organization_id: input.organizationId,
    kind: input.kind,
    status: "pending",
    reference: input.reference ?? null,
    checkout_id: input.checkoutId ?? null,
    subscription_id: input.subscriptionId ?? null,
    customer_id: input.customerId ?? null,
    order_id: input.orderId ?? null,
    amount: input.amount,
    currency: input.currency,
    processor: input.processor,
    // Derived from the attempt: a retried call is the same payment, a new attempt a new one.
    idempotency_key: `pa_${id}`,
    refunded_payment_id: input.refundedPaymentId ?? null,
    payment_method_ref: input.paymentMethodRef ?? null,
    pending_changes: input.pendingChanges,
    request_key_hash: input.requestKeyHash ?? null,
  } satisfies Prisma.PaymentAttemptUncheckedCreateInput);
}

/** The status of the checkout's attempt still awaiting its outcome, if any (one statement sent straight). */
async function findUnresolvedCheckoutAttempt(
  db: DbOrTx,
  checkoutId: string,
): Promise<{ status: (typeof UNRESOLVED_STATUSES)[number] } | null> {
  const rows = await directSql<{ status: (typeof UNRESOLVED_STATUSES)[number] }>(
    db,
    Prisma.sql`
    SELECT status::text AS status FROM payment_attempts
     WHERE checkout_id = ${checkoutId}::uuid AND status::text IN (${Prisma.join([...UNRESOLVED_STATUSES])})
     LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** A checkout whose payment is under way cannot be confirmed again or changed: 409 at once. */
export async function assertNoPaymentInProgress(db: DbOrTx, checkoutId: string): Promise<void> {
  assertNoUnresolvedAttempt((await findUnresolvedCheckoutAttempt(db, checkoutId))?.status ?? null);
}

/** The same check on an unresolved attempt's status read with the session (null: none). */
export function assertNoUnresolvedAttempt(status: string | null): void {
  if (!status) return;
  throw new ApiError(
    "ConflictError",
    status === "requires_action"
      ? "The payment of this checkout is waiting for the buyer's confirmation."
      : "A payment for this checkout is already in progress.",
  );
}

/** What only the caller knows at call time (never stored: a token is single-use). */
export type CallInput = {
  token?: string;
  customer?: PaymentCustomer;
  saveForFutureUse?: boolean;
  /** Where a bank's page sends the buyer back (the checkout's confirmation page). */
  returnUrl?: string;
};

/**
 * Records the processor's id of the attempt's payment as soon as the processor has one, before it
 * may move money (lib/payments/processor.ts `OnPaymentCreated`): its own short statement, outside
 * any transaction.
 */
function recordProcessorPaymentId(db: DbOrTx, attemptId: string) {
  return async (processorPaymentId: string) => {
    await db.paymentAttempt.update({
      where: { id: attemptId },
      data: { processor_payment_id: processorPaymentId },
    });
  };
}

/**
 * Makes the processor call an attempt stands for. Never call it inside a transaction or under a
 * row lock: a slow processor would hold them across its network time.
 */
export async function callProcessor(
  db: DbOrTx,
  attempt: PaymentAttempt,
  input: CallInput = {},
): Promise<PaymentResult> {
  const processor = await processorFor(db, {
    processor: attempt.processor,
    organization_id: attempt.organization_id,
  });
  const idempotencyKey = attempt.idempotency_key;
  const onCreated = recordProcessorPaymentId(db, attempt.id);
  switch (attempt.kind) {
    case "charge":
      return processor.createPayment({
        amount: attempt.amount,
        currency: attempt.currency,
        token: input.token ?? "",
        customer: input.customer ?? { email: "" },
        saveForFutureUse: input.saveForFutureUse ?? false,
        idempotencyKey,
        returnUrl: input.returnUrl,
        processorPaymentId: attempt.processor_payment_id,
        onCreated,
      });
    case "setup": {
      const setup = await processor.setupPaymentMethod({
        token: input.token ?? "",
        customer: input.customer ?? { email: "" },
        idempotencyKey,
      });
      if (setup.status === "declined") return setup;
      if (setup.status === "requires_action") {
        return {
          status: "requires_action",
          payment_id: setup.setup_id,
          payment_method_ref: null,
          action: setup.action,
        };
      }
      return {
        status: "succeeded",
        payment_id: setup.setup_id ?? "",
        payment_method_ref: setup.payment_method_ref,
        details: setup.details,
      };
    }
    case "renewal":
      return processor.chargePaymentMethod({
        amount: attempt.amount,
        currency: attempt.currency,
        paymentMethodRef: attempt.payment_method_ref ?? "",
        idempotencyKey,
        processorPaymentId: attempt.processor_payment_id,
        onCreated,
      });
    case "refund": {
      const refund = await processor.refund({
        paymentId: attempt.refunded_payment_id ?? "",
        amount: attempt.amount,
        idempotencyKey,
        onCreated,
      });
      return refund.status === "failed"
        ? { status: "declined", code: refund.code, message: refund.message }
        : { status: refund.status, payment_id: refund.refund_id, payment_method_ref: null };
    }
  }
}

/** What the processor now knows of an attempt (reconciliation, a buyer's retried confirm). */
export async function lookUpAttempt(db: DbOrTx, attempt: PaymentAttempt) {
  const processor = await processorFor(db, {
    processor: attempt.processor,
    organization_id: attempt.organization_id,
  });
  return processor.findPayment({
    idempotencyKey: attempt.idempotency_key,
    processorPaymentId: attempt.processor_payment_id,
    kind: attempt.kind,
    refundedPaymentId: attempt.refunded_payment_id,
  });
}
