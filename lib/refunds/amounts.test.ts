// The refund amount rules without a database: what remains, the tax part in proportion, and sums
// that always match the order's total and tax, whatever the rounding.
import { describe, expect, it } from "vitest";
import { afterRefund, refundTax, remainingRefundable, type OrderAmounts } from "./amounts";

const order: OrderAmounts = { amount: 10_000, tax_amount: 1_900, refunded_amount: 0, refunded_tax_amount: 0 };
const none = { amount: 0, tax_amount: 0 };

describe("refund amounts", () => {
  it("remains the total minus what was refunded and what pending refunds hold", () => {
    expect(remainingRefundable(order, none)).toEqual({ total: 11_900, tax: 1_900 });
    const partly = { ...order, refunded_amount: 4_202, refunded_tax_amount: 798 };
    expect(remainingRefundable(partly, { amount: 1_000, tax_amount: 160 })).toEqual({
      total: 11_900 - 5_000 - 1_000,
      tax: 1_900 - 798 - 160,
    });
  });

  it("takes tax in proportion, rounded half up, and the rest exactly on the last refund", () => {
    const remaining = remainingRefundable(order, none);
    expect(refundTax(order, remaining, 5_000)).toBe(798); // 798.32
    expect(refundTax(order, remaining, 119)).toBe(19); // 19.00
    expect(refundTax(order, remaining, 5)).toBe(1); // 0.798
    expect(refundTax(order, remaining, 11_900)).toBe(1_900);
    expect(refundTax({ ...order, tax_amount: 0 }, { total: 10_000, tax: 0 }, 500)).toBe(0);
  });

  it("sums to the order's total and tax for any split of one-cent refunds", () => {
    let state = { ...order };
    let taxSum = 0;
    for (let i = 0; i < 11_900; i += 1) {
      const remaining = remainingRefundable(state, none);
      const tax = refundTax(state, remaining, 1);
      expect(tax).toBeGreaterThanOrEqual(0);
      taxSum += tax;
      state = { ...state, ...afterRefund(state, { amount: 1, tax_amount: tax }) };
    }
    expect(taxSum).toBe(1_900);
    expect(state).toMatchObject({ refunded_amount: 10_000, refunded_tax_amount: 1_900 });
    expect(afterRefund(order, { amount: 100, tax_amount: 16 }).status).toBe("partially_refunded");
  });
});
