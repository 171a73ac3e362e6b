// What a renewal period costs: the subscription's price with the discount still applying to that
// period and the tax of the customer's billing address. The renewal and its dunning retries both
// price the period here.
import type { Tx } from "../db/client";
import { computeAmounts, taxBasisPointsFor } from "../checkout/amounts";
import { discountForAmounts, taxRatesOf } from "../checkout/pricing";
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
  const [customer, rates] = await Promise.all([
    tx.customer.findUnique({ where: { id: subscription.customer_id }, select: { billing_address: true } }),
    taxRatesOf(tx, subscription.organization_id),
  ]);
  const address = customer?.billing_address as { country?: string | null; state?: string | null } | null;
  const amounts = computeAmounts({
    price: {
      type: "recurring",
      amount_type: "fixed",
      price_amount: subscription.amount,
      preset_amount: null,
    },
    discount: discountForAmounts(discount),
    taxBasisPoints: taxBasisPointsFor(rates, address),
  });
  return { amounts, discount, billingAddress: customer?.billing_address ?? null };
}
