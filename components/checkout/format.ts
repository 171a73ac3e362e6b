// Price wording and dates for the hosted page (money itself: lib/money.ts). One fixed locale, so
// the server's first paint and the browser's hydration print the same characters.
import { discountDisclosure } from "@/lib/checkout/discount-disclosure";
import { describeTrial, type TrialInterval } from "@/lib/subscriptions/trial-terms";
import { formatMoney } from "@/lib/money";

const LOCALE = "en-US";
export function intervalLabel(interval: "month" | "year" | null | undefined): string {
  return interval === "year" ? "year" : "month";
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

type DisclosedCheckout = {
  currency: string;
  total_amount: number | null;
  total_amount_after_discount_ends: number | null;
  discount: { duration: "once" | "forever" | "repeating"; duration_in_months: number | null } | null;
  product_price: { type: string; recurring_interval?: "month" | "year" | null };
};

/** "$8.57 today, then $10.71 / month" when the discount covers only the first period(s); else null. */
export function checkoutDisclosure(checkout: DisclosedCheckout): string | null {
  if (checkout.product_price.type !== "recurring") return null;
  return discountDisclosure({
    currency: checkout.currency,
    interval: checkout.product_price.recurring_interval,
    totalToday: checkout.total_amount ?? 0,
    totalAfterDiscount: checkout.total_amount_after_discount_ends,
    discount: checkout.discount,
  });
}

type TrialCheckout = DisclosedCheckout & {
  trial_end: string | Date | null;
  active_trial_interval: TrialInterval | null;
  active_trial_interval_count: number | null;
};

/**
 * "Free for 14 days, then $10.71 / month" (tax included; with a first-period discount, what the
 * first charge and the next ones cost) when the purchase starts with a trial; else null.
 */
export function trialDisclosure(checkout: TrialCheckout): string | null {
  if (!checkout.trial_end || !checkout.active_trial_interval || !checkout.active_trial_interval_count)
    return null;
  const trial = describeTrial({
    interval: checkout.active_trial_interval,
    count: checkout.active_trial_interval_count,
  });
  const after =
    checkoutDisclosure(checkout) ??
    `${formatMoney(checkout.total_amount ?? 0, checkout.currency)} / ${intervalLabel(checkout.product_price.recurring_interval)}`;
  return `Free for ${trial}, then ${after}`;
}
