// What one period of a subscription charges, pure: its price with the discount still applying to
// that period, plus the balance a plan change carried to it (./plan-change.ts; negative: a credit,
// never below zero), then the tax added on top or taken out (docs/tax.md). The renewal, its dunning
// retries and the portal's "next charge" all price a period here, so they agree.
import { computeAmounts, type DiscountForAmounts } from "../checkout/amounts";
import { splitTax, type TaxBehavior } from "../tax/tax-behavior";

export type PeriodCharge = {
  /** The order's amounts, tax-exclusive (lib/checkout/amounts.ts orderAmountsOf). */
  discount_amount: number;
  subtotal_amount: number;
  tax_amount: number;
  total_amount: number;
  /** How much of the carried balance this period used, in the price's terms. */
  balance_applied: number;
};

export function periodCharge(input: {
  /** The subscription's amount: the price in its own terms (with tax when inclusive). */
  amount: number;
  discount: DiscountForAmounts | null;
  /** A plan change's balance, in the price's terms (a difference of two prices). */
  balance: number;
  taxBasisPoints: number;
  taxBehavior: TaxBehavior;
}): PeriodCharge {
  const base = computeAmounts({
    price: { type: "recurring", amount_type: "fixed", price_amount: input.amount, preset_amount: null },
    discount: input.discount,
  });
  const charged = Math.max(0, base.subtotal_amount + input.balance);
  const split = splitTax(charged, input.taxBasisPoints, input.taxBehavior);
  // The discount in the order's tax-exclusive terms: for an inclusive price, the list price's net
  // minus the discounted price's net.
  const discount =
    input.taxBehavior === "inclusive" && base.discount_amount > 0
      ? splitTax(input.amount, input.taxBasisPoints, "inclusive").net -
        splitTax(base.subtotal_amount, input.taxBasisPoints, "inclusive").net
      : base.discount_amount;
  return {
    discount_amount: discount,
    subtotal_amount: split.net,
    tax_amount: split.tax,
    total_amount: split.total,
    balance_applied: charged - base.subtotal_amount,
  };
}
