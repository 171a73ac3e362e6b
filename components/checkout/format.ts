// Price wording and dates for the hosted page (money itself: lib/money.ts), in the buyer's language
// (docs/i18n.md): every function takes the page's Translator, whose locale the server chose, so the
// server's first paint and the browser's hydration print the same characters.
import { discountDisclosure } from "@/lib/checkout/discount-disclosure";
import type { Translator } from "@/lib/i18n/translator";
import { describeTrial, type TrialInterval } from "@/lib/subscriptions/trial-terms";

export function intervalLabel(interval: "month" | "year" | null | undefined, tr: Translator): string {
  return tr.t(interval === "year" ? "checkout.interval_year" : "checkout.interval_month");
}

/** "$10.00 / month". */
export function perInterval(amount: string, interval: "month" | "year" | null | undefined, tr: Translator) {
  return tr.t("checkout.perInterval", { amount, interval: intervalLabel(interval, tr) });
}

/** "Mar 5, 2026", "5. März 2026". */
export function formatDate(iso: string, tr: Translator): string {
  return tr.date(iso, { style: "medium" });
}

type DisclosedCheckout = {
  currency: string;
  total_amount: number | null;
  total_amount_after_discount_ends: number | null;
  discount: { duration: "once" | "forever" | "repeating"; duration_in_months: number | null } | null;
  product_price: { type: string; recurring_interval?: "month" | "year" | null };
};

/** "$8.57 today, then $10.71 / month" when the discount covers only the first period(s); else null. */
export function checkoutDisclosure(checkout: DisclosedCheckout, tr: Translator): string | null {
  if (checkout.product_price.type !== "recurring") return null;
  return discountDisclosure(
    {
      currency: checkout.currency,
      interval: checkout.product_price.recurring_interval,
      totalToday: checkout.total_amount ?? 0,
      totalAfterDiscount: checkout.total_amount_after_discount_ends,
      discount: checkout.discount,
    },
    tr,
  );
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
export function trialDisclosure(checkout: TrialCheckout, tr: Translator): string | null {
  if (!checkout.trial_end || !checkout.active_trial_interval || !checkout.active_trial_interval_count)
    return null;
  const trial = describeTrial(
    { interval: checkout.active_trial_interval, count: checkout.active_trial_interval_count },
    tr,
  );
  const after =
    checkoutDisclosure(checkout, tr) ??
    perInterval(
      tr.money(checkout.total_amount ?? 0, checkout.currency),
      checkout.product_price.recurring_interval,
      tr,
    );
  return tr.t("checkout.trialDisclosure", { trial, after });
}
