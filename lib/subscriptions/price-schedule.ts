// What a subscription costs over time with its discount, as one line a person reads: "$40.00 /
// month for 3 months, then $50.00 / month". Pure (no database), shared by the customer portal and
// the merchant's subscription page, and by the renewals, which decide with `discountAppliesTo`
// whether a period is discounted: the line says what the renewals will charge (before tax).
import { discountAmount, type DiscountForAmounts } from "../checkout/amounts";
import { english } from "../i18n/english";
import type { Translator } from "../i18n/translator";
import { addInterval, periodsElapsed, type Interval } from "./periods";

export type ScheduleDiscount = {
  type: "fixed" | "percentage";
  amount: number | null;
  basis_points: number | null;
  duration: "once" | "forever" | "repeating";
  duration_in_months: number | null;
};

export type PriceScheduleInput = {
  /** The price per period before discount and tax (the subscription's `amount`). */
  amount: number;
  currency: string;
  recurring_interval: Interval;
  /** The subscription's start, from which a repeating discount's months count. */
  started_at: Date | string | null;
  current_period_start: Date | string;
  discount: ScheduleDiscount | null;
  /** A trial's end: the first paid period starts there (and counts the discount from there). */
  trial_end?: Date | string | null;
};

/**
 * Whether the discount applies to the period starting at `periodStart`, counted from `anchor` (the
 * first paid period's start: the subscription's start, or its trial's end). Forever: always;
 * repeating: `duration_in_months` calendar months from the anchor, whatever the billing interval;
 * `once`: the first paid period only (the checkout's payment, or the first charge after a trial).
 */
export function discountAppliesTo(
  discount: Pick<ScheduleDiscount, "duration" | "duration_in_months">,
  anchor: Date,
  periodStart: Date,
): boolean {
  if (discount.duration === "forever") return true;
  if (discount.duration === "once") return periodStart.getTime() === anchor.getTime();
  return periodsElapsed(anchor, periodStart, "month") < (discount.duration_in_months ?? 0);
}

function forAmounts(discount: ScheduleDiscount): DiscountForAmounts {
  return discount.type === "fixed"
    ? { type: "fixed", amount: discount.amount ?? 0 }
    : { type: "percentage", basis_points: discount.basis_points ?? 0 };
}

/**
 * The price line. Without a discount (or one that takes nothing off): "$50.00 / month". Forever:
 * "$40.00 / month (discount forever, $50.00 without)". Repeating, from the current period: "$40.00 /
 * month for 3 months, then $50.00 / month" ("for 2 more months" once a discounted period has passed),
 * in the subscription's own interval ("for 1 year" for a yearly one whose discount covers its first
 * year). Once: "$40.00 for the first month, then $50.00 / month" during the first period; after it,
 * and after a repeating discount ended, the plain price. A trial comes first: "Free until Dec 13,
 * 2026, then $50.00 / month", its discount counted from the first paid period. In the translator's
 * language (docs/i18n.md): English by default, which the merchant's dashboard keeps.
 */
export function describePriceSchedule(input: PriceScheduleInput, tr: Translator = english): string {
  const trialEnd = input.trial_end ? new Date(input.trial_end) : null;
  // During a trial: "Free until Dec 13, 2026, then …" and the line of the first paid period.
  if (trialEnd && new Date(input.current_period_start) < trialEnd) {
    const after = describePaidSchedule(
      { ...input, started_at: trialEnd, current_period_start: trialEnd },
      tr,
    );
    return tr.t("portal.freeUntil", { date: tr.date(trialEnd, { style: "medium" }), after });
  }
  return describePaidSchedule(trialEnd ? { ...input, started_at: trialEnd } : input, tr);
}

function describePaidSchedule(input: PriceScheduleInput, tr: Translator): string {
  const { amount, currency, recurring_interval: interval, discount } = input;
  const money = (minor: number) => tr.money(minor, currency);
  const unit = tr.t(`portal.unit_${interval}`);
  const full = tr.t("portal.pricePer", { price: money(amount), interval: unit });
  const off = discount ? discountAmount(amount, forAmounts(discount)) : 0;
  if (!discount || off === 0) return full;
  const discounted = amount - off;

  const periodStart = new Date(input.current_period_start);
  const anchor = input.started_at ? new Date(input.started_at) : periodStart;
  const firstPeriod = periodsElapsed(anchor, periodStart, interval) === 0;

  if (discount.duration === "forever")
    return tr.t("portal.priceForever", {
      discounted: money(discounted),
      interval: unit,
      full: money(amount),
    });
  if (discount.duration === "once") {
    return firstPeriod ? tr.t(`portal.priceOnce_${interval}`, { discounted: money(discounted), full }) : full;
  }
  // Repeating: count the periods from the current one that the discount still covers.
  let remaining = 0;
  const elapsed = periodsElapsed(anchor, periodStart, interval);
  while (
    remaining < 1200 &&
    discountAppliesTo(discount, anchor, addInterval(anchor, interval, elapsed + remaining))
  )
    remaining++;
  if (remaining === 0) return full;
  const span = tr.plural(
    firstPeriod ? `portal.units_${interval}` : `portal.moreUnits_${interval}`,
    remaining,
  );
  return tr.t("portal.priceRepeating", { discounted: money(discounted), interval: unit, span, full });
}
