// Pure helpers of the order page's refunds: what remains refundable (the order's total minus what
// was refunded minus the refunds still pending, as the API counts it), the reasons' labels, and the
// refund form's checks before it is sent.
import { parseMoney } from "@/lib/money";
import type { REFUND_REASONS } from "@/lib/refunds/schemas";

export type RefundReason = (typeof REFUND_REASONS)[number];

export const REASON_LABELS: Record<RefundReason, string> = {
  customer_request: "Customer request",
  duplicate: "Duplicate",
  fraudulent: "Fraudulent",
  service_disruption: "Service disruption",
  satisfaction_guarantee: "Satisfaction guarantee",
  other: "Other",
};

export const REASONS = Object.keys(REASON_LABELS) as RefundReason[];

type OrderAmounts = {
  amount: number;
  tax_amount: number;
  refunded_amount: number;
  refunded_tax_amount: number;
};

/** Minor units still refundable, tax included. */
export function remainingRefundable(
  order: OrderAmounts,
  refunds: readonly { status: string; amount: number }[],
): number {
  const pending = refunds.filter((r) => r.status === "pending").reduce((sum, r) => sum + r.amount, 0);
  const total = order.amount + order.tax_amount;
  return Math.max(0, total - order.refunded_amount - order.refunded_tax_amount - pending);
}

export type RefundForm = {
  amount: string;
  reason: RefundReason;
  comment: string;
  revokeBenefits: boolean;
};

/** The request body, or the amount's problem (typed amount, at least one cent, at most what remains). */
export function refundBodyFrom(
  form: RefundForm,
  orderId: string,
  currency: string,
  remaining: number,
):
  | {
      body: {
        order_id: string;
        amount: number;
        reason: RefundReason;
        comment: string | null;
        revoke_benefits: boolean;
      };
    }
  | { error: string } {
  const amount = parseMoney(form.amount, currency);
  if (amount === null || amount < 1) return { error: "Enter an amount, for example 12.50." };
  if (amount > remaining) return { error: "That is more than remains refundable on this order." };
  return {
    body: {
      order_id: orderId,
      amount,
      reason: form.reason,
      comment: form.comment.trim() || null,
      revoke_benefits: form.revokeBenefits,
    },
  };
}
