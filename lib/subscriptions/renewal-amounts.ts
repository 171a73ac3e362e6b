// What a renewal period costs: the subscription's price with the discount still applying to that
// period, plus the balance a plan change carried to it (./plan-change.ts; negative: a credit, never
// below zero), and the tax of the customer's billing address. The renewal and its dunning retries
// both price the period here.
import type { Tx } from "../db/client";
import { saleTax } from "../checkout/amounts";
import { periodCharge } from "./period-charge";
import { discountForAmounts, taxContextOf } from "../checkout/pricing";
import type { Discount, Subscription } from "../generated/prisma/client";
import { discountAppliesTo } from "./price-schedule";
import { billingAnchor } from "./trial-terms";

// The rule of which periods a discount covers lives with the price line the buyer reads
// (./price-schedule.ts), so both say the same.
export { discountAppliesTo };

export async function renewalAmounts(
  tx: Tx,
  subscription: Subscription & { discount: Discount | null },
  periodStart: Date,
) {
  const anchor = billingAnchor(subscription);
  const discount =
    subscription.discount && discountAppliesTo(subscription.discount, anchor, periodStart)
      ? subscription.discount
      : null;
  const [customer, context] = await Promise.all([
    tx.customer.findUnique({
      where: { id: subscription.customer_id },
      select: { billing_address: true, tax_id_type: true, tax_id_verified_at: true },
    }),
    taxContextOf(tx, subscription.organization_id),
  ]);
  const address = customer?.billing_address as { country?: string | null; state?: string | null } | null;
  // The customer's stored tax ID, verified by VIES at their checkout: the EU reverse charge (0).
  const saleTerms = saleTax(
    context,
    { address, taxIdType: customer?.tax_id_type, taxIdVerified: !!customer?.tax_id_verified_at },
    subscription.tax_behavior,
  );
  const taxBasisPoints = saleTerms.basisPoints;
  const charge = periodCharge({
    amount: subscription.amount,
    discount: discountForAmounts(discount, subscription.currency),
    balance: subscription.proration_balance,
    taxBasisPoints,
    taxBehavior: saleTerms.behavior,
  });
  const { balance_applied: balanceApplied, ...amounts } = charge;
  return {
    amounts,
    discount,
    billingAddress: customer?.billing_address ?? null,
    balanceApplied,
    reverseCharge: saleTerms.reverseCharge,
    tax: { behavior: saleTerms.behavior, basisPoints: taxBasisPoints },
  };
}
