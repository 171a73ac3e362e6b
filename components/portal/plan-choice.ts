// Which plans a subscription may move to in the portal, and what the buyer is told of the change
// (docs/subscriptions.md "Plan changes"). Pure: the server decides the same (lib/subscriptions/
// plan-change.ts) and answers 422 to anything else.
import { formatMoney } from "@/lib/money";
import type { PortalOrganization, PortalSubscription } from "./api";
import { isEnded } from "./format";

export type PlanOption = { productId: string; name: string; price: string; amount: number };

/** Whether the buyer may change this subscription's plan at all. */
export function canChangePlan(subscription: PortalSubscription): boolean {
  return (
    subscription.product.organization.allow_customer_updates &&
    !isEnded(subscription) &&
    subscription.status !== "past_due"
  );
}

/** The organization's other subscription products with a fixed price of the same interval and currency. */
export function planOptions(
  organization: PortalOrganization,
  subscription: PortalSubscription,
): PlanOption[] {
  return organization.products.flatMap((product) => {
    if (product.id === subscription.product_id || !product.is_recurring || product.is_archived) return [];
    const price = product.prices.find(
      (p) =>
        !p.is_archived &&
        p.recurring_interval === subscription.recurring_interval &&
        p.price_currency === subscription.currency &&
        (p.amount_type === "fixed" || p.amount_type === "free"),
    );
    if (!price) return [];
    const amount = price.amount_type === "fixed" ? (price.price_amount ?? 0) : 0;
    return [
      {
        productId: product.id,
        name: product.name,
        price: `${formatMoney(amount, subscription.currency)} / ${subscription.recurring_interval}`,
        amount,
      },
    ];
  });
}

/** What happens to the money, by the organization's proration behavior. */
export function prorationNote(subscription: PortalSubscription): string {
  if (subscription.status === "trialing") return "Your trial continues; nothing is charged now.";
  switch (subscription.product.organization.proration_behavior) {
    case "invoice":
      return "The difference for the rest of this period is charged now (a cheaper plan's is credited to your next charge).";
    default:
      return "The difference for the rest of this period is added to (or taken off) your next charge.";
  }
}
