// The subscription's price line (./price-schedule.ts), shown in the portal and on the merchant's
// subscription page.
import { describe, expect, it } from "vitest";
import { translator } from "../i18n/translate";
import { describePriceSchedule, type PriceScheduleInput, type ScheduleDiscount } from "./price-schedule";

const START = "2026-01-15T10:00:00.000Z";
const base: PriceScheduleInput = {
  amount: 5000,
  currency: "usd",
  recurring_interval: "month",
  started_at: START,
  current_period_start: START,
  discount: null,
};
const percent = (duration: ScheduleDiscount["duration"], months: number | null = null): ScheduleDiscount => ({
  type: "percentage",
  amount: null,
  basis_points: 2000,
  duration,
  duration_in_months: months,
});

describe("describePriceSchedule", () => {
  it("is the plain price without a discount, or with one that takes nothing off", () => {
    expect(describePriceSchedule(base)).toBe("$50.00 / month");
    expect(describePriceSchedule({ ...base, discount: { ...percent("forever"), basis_points: 0 } })).toBe(
      "$50.00 / month",
    );
  });

  it("repeating: the discounted price for its months, then the full price", () => {
    expect(describePriceSchedule({ ...base, discount: percent("repeating", 3) })).toBe(
      "$40.00 / month for 3 months, then $50.00 / month",
    );
    expect(describePriceSchedule({ ...base, discount: percent("repeating", 1) })).toBe(
      "$40.00 / month for 1 month, then $50.00 / month",
    );
  });

  it("repeating: counts what remains from the current period, and ends as the plain price", () => {
    const second = {
      ...base,
      current_period_start: "2026-02-15T10:00:00.000Z",
      discount: percent("repeating", 3),
    };
    expect(describePriceSchedule(second)).toBe("$40.00 / month for 2 more months, then $50.00 / month");
    const fourth = { ...second, current_period_start: "2026-04-15T10:00:00.000Z" };
    expect(describePriceSchedule(fourth)).toBe("$50.00 / month");
  });

  it("repeating on a yearly price: in years (3 months cover the first year, as renewals charge)", () => {
    const yearly = {
      ...base,
      amount: 50000,
      recurring_interval: "year" as const,
      discount: percent("repeating", 3),
    };
    expect(describePriceSchedule(yearly)).toBe("$400.00 / year for 1 year, then $500.00 / year");
    expect(describePriceSchedule({ ...yearly, discount: percent("repeating", 18) })).toBe(
      "$400.00 / year for 2 years, then $500.00 / year",
    );
  });

  it("forever: the discounted price, saying so", () => {
    expect(describePriceSchedule({ ...base, discount: percent("forever") })).toBe(
      "$40.00 / month (discount forever, $50.00 without)",
    );
  });

  it("once: the first payment only; the plain price after it", () => {
    const fixed: ScheduleDiscount = {
      type: "fixed",
      amount: 1500,
      basis_points: null,
      duration: "once",
      duration_in_months: null,
    };
    expect(describePriceSchedule({ ...base, discount: fixed })).toBe(
      "$35.00 for the first month, then $50.00 / month",
    );
    expect(
      describePriceSchedule({ ...base, discount: fixed, current_period_start: "2026-02-15T10:00:00.000Z" }),
    ).toBe("$50.00 / month");
  });

  it("uses the currency's minor unit, and a missing start counts from the current period", () => {
    expect(
      describePriceSchedule({
        ...base,
        currency: "jpy",
        amount: 1000,
        started_at: null,
        discount: percent("repeating", 2),
      }),
    ).toBe("¥800 / month for 2 months, then ¥1,000 / month");
  });
});

describe("describePriceSchedule in the buyer's language", () => {
  const de = translator("de");
  const eur = { ...base, currency: "eur" };
  // German money has a no-break space before the sign.
  const line = (input: PriceScheduleInput) => describePriceSchedule(input, de).replace(/\u00a0/g, " ");

  it("writes the line in German with German money and dates", () => {
    expect(line({ ...eur, discount: percent("repeating", 3) })).toBe(
      "40,00 € / Monat für 3 Monate, danach 50,00 € / Monat",
    );
    expect(
      line({ ...eur, discount: percent("repeating", 3), current_period_start: "2026-02-15T10:00:00.000Z" }),
    ).toBe("40,00 € / Monat für 2 weitere Monate, danach 50,00 € / Monat");
    expect(line({ ...eur, discount: percent("forever") })).toBe(
      "40,00 € / Monat (Rabatt dauerhaft, ohne Rabatt 50,00 €)",
    );
    expect(line({ ...eur, recurring_interval: "year", discount: percent("once") })).toBe(
      "40,00 € für das erste Jahr, danach 50,00 € / Jahr",
    );
    expect(line({ ...eur, trial_end: "2026-01-29T10:00:00.000Z" })).toBe(
      "Kostenlos bis 29.01.2026, danach 50,00 € / Monat",
    );
  });

  it("keeps English without a translator (the merchant's dashboard)", () => {
    expect(describePriceSchedule({ ...base, trial_end: "2026-01-29T10:00:00.000Z" })).toBe(
      "Free until Jan 29, 2026, then $50.00 / month",
    );
  });
});
