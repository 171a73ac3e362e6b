// What remains refundable of an order, and the tax part of a refund. Pure, so the rules are tested
// without a database.
//
// A refund's `amount` is what the buyer gets back, tax included. Its tax part is in proportion to
// the order's: tax_amount = round(amount × order.tax_amount / (order.amount + order.tax_amount)),
// rounded half up, kept within what remains of the tax and of the subtotal. The refund that takes
// everything that remains takes exactly the tax that remains, so the refunds of an order always
// sum to its total and its tax, whatever the rounding of the earlier ones.

export type OrderAmounts = {
  /** The order's subtotal (before tax) and tax, minor units. */
  amount: number;
  tax_amount: number;
  refunded_amount: number;
  refunded_tax_amount: number;
};

/** Refunds asked for but not settled yet: they hold their share of what remains. */
export type Reserved = { amount: number; tax_amount: number };

export type Remaining = { total: number; tax: number };

/** What may still be refunded: total and tax, minus what was refunded and what is reserved. */
export function remainingRefundable(order: OrderAmounts, reserved: Reserved): Remaining {
  const tax = order.tax_amount - order.refunded_tax_amount - reserved.tax_amount;
  const subtotal = order.amount - order.refunded_amount - (reserved.amount - reserved.tax_amount);
  return { total: Math.max(0, subtotal + tax), tax: Math.max(0, tax) };
}

/** The tax part of a refund of `amount` (1 ≤ amount ≤ remaining.total). */
export function refundTax(order: OrderAmounts, remaining: Remaining, amount: number): number {
  if (amount >= remaining.total) return remaining.tax;
  const total = order.amount + order.tax_amount;
  const proportional = total > 0 ? Math.round((amount * order.tax_amount) / total) : 0;
  const remainingSubtotal = remaining.total - remaining.tax;
  // Never more tax than remains, nor so little that the subtotal part exceeds what remains of it.
  return Math.min(remaining.tax, amount, Math.max(proportional, amount - remainingSubtotal));
}

/** The order's refunded amounts and status once a refund of `refund` succeeded. */
export function afterRefund(order: OrderAmounts, refund: Reserved) {
  const refunded_amount = order.refunded_amount + (refund.amount - refund.tax_amount);
  const refunded_tax_amount = order.refunded_tax_amount + refund.tax_amount;
  const full = refunded_amount >= order.amount && refunded_tax_amount >= order.tax_amount;
  return {
    refunded_amount,
    refunded_tax_amount,
    status: full ? ("refunded" as const) : ("partially_refunded" as const),
  };
}
