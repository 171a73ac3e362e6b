// The payment resource (`/v1/payments`, the reference API's Payment; docs/payments.md): each call
// to take money from a buyer, as recorded before it was made (./attempts.ts). A checkout's charge
// and a renewal's charge (its retries included) are payments; saving a card (a setup) and giving
// money back (a refund, its own resource) are not.
import { z } from "zod";
import type { PaymentAttempt } from "../generated/prisma/client";
import { timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";

/** The attempt kinds that are payments. */
export const PAYMENT_KINDS = ["charge", "renewal"] as const;

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TRIGGERS = [
  "purchase",
  "subscription_cycle",
  "retry_dunning",
  "retry_customer",
  "retry_payment_method_update",
  "retry_admin",
] as const;

/** Cards are the only way to pay here (the test processor's cards and Stripe's). */
export const PAYMENT_METHODS = ["card"] as const;

export const paymentSchema = z.object({
  id: z.string(),
  ...timestamps,
  /** `stripe`, or `test` for an organization on the built-in test processor. */
  processor: z.string(),
  /** `pending` until the processor's answer (a bank's step included), then `succeeded` or `failed`. */
  status: z.enum(PAYMENT_STATUSES),
  /** Minor units asked of the buyer, tax included. */
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** What asked for it: a purchase, a renewal, or a retry of a failed renewal. */
  trigger: z.enum(PAYMENT_TRIGGERS).nullable(),
  /** The processor's code for a refusal (e.g. `card_declined`), and its message for the buyer. */
  decline_reason: z.string().nullable(),
  decline_message: z.string().nullable(),
  organization_id: z.string(),
  checkout_id: z.string().nullable(),
  /** The order it paid for: set once it succeeded and the order exists. */
  order_id: z.string().nullable(),
  /** The processor's own reference (Stripe: the PaymentIntent's id). */
  processor_metadata: z.record(z.string(), z.string()),
  /** The card as the buyer recognizes it, when the processor told it. */
  method_metadata: z.object({ brand: z.string(), last4: z.string() }).optional(),
});
export type PaymentResource = z.output<typeof paymentSchema>;

export const listPaymentsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  checkout_id: queryList(id()),
  order_id: queryList(id()),
  customer_id: queryList(id()),
  status: queryList(z.enum(PAYMENT_STATUSES)),
  method: queryList(z.string().trim().max(64)),
  customer_email: queryList(z.string().trim().max(320)),
  sorting: sortingQuery(["created_at", "status", "amount", "method"], ["-created_at"]),
});
export type ListPaymentsQuery = z.output<typeof listPaymentsQuery>;

export const paymentParams = z.object({ id: id() });

/** The attempt statuses each payment status stands for (a bank's step is still pending). */
export const ATTEMPT_STATUSES_OF: Record<PaymentStatus, PaymentAttempt["status"][]> = {
  pending: ["pending", "requires_action"],
  succeeded: ["succeeded"],
  failed: ["failed"],
};

function paymentStatus(status: PaymentAttempt["status"]): PaymentStatus {
  return status === "requires_action" ? "pending" : status;
}

/**
 * Why the attempt was made. A renewal's retries carry what asked for them in their terms
 * (lib/subscriptions/dunning.ts): the dunning schedule, or a card the buyer saved meanwhile.
 */
function paymentTrigger(attempt: PaymentAttempt): PaymentResource["trigger"] {
  if (attempt.kind === "charge") return "purchase";
  const terms = (attempt.pending_changes ?? {}) as { trigger?: string };
  if (terms.trigger === "schedule") return "retry_dunning";
  if (terms.trigger === "payment_method") return "retry_payment_method_update";
  return "subscription_cycle";
}

/** `orderId`: the order the attempt paid for when the attempt itself does not say (a checkout's). */
export function toPayment(attempt: PaymentAttempt, orderId: string | null): PaymentResource {
  const card =
    attempt.card_brand && attempt.card_last4
      ? { method_metadata: { brand: attempt.card_brand, last4: attempt.card_last4 } }
      : {};
  return {
    id: attempt.id,
    created_at: attempt.created_at,
    modified_at: attempt.modified_at,
    processor: attempt.processor,
    status: paymentStatus(attempt.status),
    amount: attempt.amount,
    currency: attempt.currency,
    method: "card",
    trigger: paymentTrigger(attempt),
    decline_reason: attempt.status === "failed" ? attempt.failure_code : null,
    decline_message: attempt.status === "failed" ? attempt.failure_reason : null,
    organization_id: attempt.organization_id,
    checkout_id: attempt.checkout_id,
    order_id: attempt.order_id ?? orderId,
    processor_metadata:
      attempt.processor === "stripe" && attempt.processor_payment_id
        ? { intent_id: attempt.processor_payment_id }
        : {},
    ...card,
  };
}
