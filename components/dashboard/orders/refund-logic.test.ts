// The order page's refund helpers: what remains (pending refunds hold their share) and the form's
// checks before anything is sent.
import { describe, expect, it } from "vitest";
import { REFUND_REASONS } from "@/lib/refunds/schemas";
import { REASONS, refundBodyFrom, remainingRefundable } from "./refund-logic";

const order = { amount: 10_000, tax_amount: 1_900, refunded_amount: 4_202, refunded_tax_amount: 798 };

describe("refund logic", () => {
  it("counts what was refunded and what pending refunds hold, not failed ones", () => {
    expect(remainingRefundable(order, [])).toBe(6_900);
    expect(
      remainingRefundable(order, [
        { status: "pending", amount: 1_000 },
        { status: "failed", amount: 500 },
        { status: "succeeded", amount: 5_000 },
      ]),
    ).toBe(5_900);
  });

  it("offers every reason the API accepts", () => {
    expect([...REASONS].sort()).toEqual([...REFUND_REASONS].sort());
  });

  it("turns the form into the body, or says what is wrong with the amount", () => {
    const form = { amount: "12.50", reason: "duplicate" as const, comment: "  ", revokeBenefits: true };
    expect(refundBodyFrom(form, "o1", "usd", 6_900)).toEqual({
      body: { order_id: "o1", amount: 1_250, reason: "duplicate", comment: null, revoke_benefits: true },
    });
    expect(refundBodyFrom({ ...form, amount: "0" }, "o1", "usd", 6_900)).toEqual({
      error: "Enter an amount, for example 12.50.",
    });
    expect(refundBodyFrom({ ...form, amount: "69.01" }, "o1", "usd", 6_900)).toEqual({
      error: "That is more than remains refundable on this order.",
    });
  });
});
