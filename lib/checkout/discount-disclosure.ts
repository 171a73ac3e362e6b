// The first-period discount, disclosed (issue 13): when a discount covers only part of a
// subscription, every place that states the price says what it costs after the discount ends,
// tax included ("$8.57 today, then $10.71 / month"), never just the discounted amount. Pure and
// free of Node imports: the hosted checkout (summary, Pay button, confirmation) and the receipt
// email all use it, each in the buyer's language (a Translator: docs/i18n.md).
import type { Translator } from "../i18n/translator";
import type { DiscountDuration } from "./amounts";

type Interval = "month" | "year";

/** How many billing periods the discount covers (a repeating one counts calendar months). */
export function discountedPeriods(discount: DiscountDuration, interval: Interval): number {
  if (discount.duration !== "repeating") return 1;
  const months = Math.max(1, discount.duration_in_months ?? 1);
  return Math.ceil(months / (interval === "year" ? 12 : 1));
}

export type DisclosureInput = {
  currency: string;
  interval: Interval | null | undefined;
  /** Paid today (the first period), tax included. */
  totalToday: number;
  /** Each period once the discount ends, tax included; null when it never changes. */
  totalAfterDiscount: number | null;
  discount: DiscountDuration | null;
};

/**
 * "$8.57 today, then $10.71 / month" (or "$8.57 / month for 3 months, then $10.71 / month"), or
 * null when the price does not change after the first period.
 */
export function discountDisclosure(input: DisclosureInput, tr: Translator): string | null {
  const { discount, totalAfterDiscount } = input;
  if (!discount || totalAfterDiscount === null || totalAfterDiscount === input.totalToday) return null;
  const interval: Interval = input.interval === "year" ? "year" : "month";
  const vars = {
    today: tr.money(input.totalToday, input.currency),
    then: tr.money(totalAfterDiscount, input.currency),
    interval: tr.t(`checkout.interval_${interval}`),
    intervals: tr.t(`checkout.intervals_${interval}`),
  };
  const periods = discountedPeriods(discount, interval);
  if (periods <= 1) return tr.t("checkout.discountToday", vars);
  return tr.t("checkout.discountForPeriods", { ...vars, periods });
}
