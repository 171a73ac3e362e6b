// Which plans a subscription may move to in the portal, and what the buyer is told of the change
// (docs/subscriptions.md "Plan changes"). Pure: the server decides the same (lib/subscriptions/
// plan-change.ts) and answers 422 to anything else.
import { english } from "@/lib/i18n/english";
import type { Translator } from "@/lib/i18n/translator";
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
  tr: Translator = english,
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
        price: tr.t("portal.pricePer", {
          price: tr.money(amount, subscription.currency),
          interval: tr.t(`portal.unit_${price.recurring_interval ?? subscription.recurring_interval}`),
        }),
        amount,
        newInterval: price.recurring_interval !== subscription.recurring_interval,
      },
    ];
  });
}

/** What happens to the money, by the organization's proration behavior (and the chosen plan). */
export function prorationNote(
  subscription: PortalSubscription,
  option?: PlanOption,
  tr: Translator = english,
): string {
  if (subscription.status === "trialing") return tr.t("portal.prorationTrial");
  if (option?.newInterval) return tr.t("portal.prorationNewInterval");
  switch (subscription.product.organization.proration_behavior) {
    case "invoice":
      return tr.t("portal.prorationInvoice");
    default:
      return tr.t("portal.prorationNextCharge");
  }
}
