// Which plans a subscription may move to in the portal, and what the buyer is told of the change
// (docs/subscriptions.md "Plan changes"). Pure: the server decides the same (lib/subscriptions/
// plan-change.ts) and answers 422 to anything else.
import { formatMoney } from "@/lib/money";
import type { PortalOrganization, PortalSubscription } from "./api";
import { isEnded } from "./format";

export type PlanOption = {
  productId: string;
  name: string;
  price: string;
  amount: number;
  /** Another billing interval than the subscription's (monthly to yearly): it moves at the renewal. */
  newInterval: boolean;
};

/** Whether the buyer may change this subscription's plan at all. */
export function canChangePlan(subscription: PortalSubscription): boolean {
  return (
    subscription.product.organization.allow_customer_updates &&
    !isEnded(subscription) &&
    subscription.status !== "past_due"
  );
}

/**
 * The organization's other subscription products with a fixed (or free) price in the subscription's
 * currency: of its interval when they have one, else of another interval (as the server chooses).
 */
export function planOptions(
  organization: PortalOrganization,
  subscription: PortalSubscription,
): PlanOption[] {
  return organization.products.flatMap((product) => {
    if (product.id === subscription.product_id || !product.is_recurring || product.is_archived) return [];
    const candidates = product.prices.filter(
      (p) =>
        !p.is_archived &&
        p.recurring_interval &&
        p.price_currency === subscription.currency &&
        (p.amount_type === "fixed" || p.amount_type === "free"),
    );
    const price =
      candidates.find((p) => p.recurring_interval === subscription.recurring_interval) ?? candidates[0];
    if (!price) return [];
    const amount = price.amount_type === "fixed" ? (price.price_amount ?? 0) : 0;
    return [
      {
        productId: product.id,
        name: product.name,
        price: `${formatMoney(amount, subscription.currency)} / ${price.recurring_interval}`,
        amount,
        newInterval: price.recurring_interval !== subscription.recurring_interval,
      },
    ];
  });
}

/** What happens to the money, by the organization's proration behavior (and the chosen plan). */
export function prorationNote(subscription: PortalSubscription, option?: PlanOption): string {
  if (subscription.status === "trialing") return "Your trial continues; nothing is charged now.";
  if (option?.newInterval)
    return "This plan bills on another schedule: you move to it at your next renewal, charged its price then.";
  switch (subscription.product.organization.proration_behavior) {
    case "invoice":
      return "The difference for the rest of this period is charged now (a cheaper plan's is credited to your next charge).";
    default:
      return "The difference for the rest of this period is added to (or taken off) your next charge.";
  }
}
