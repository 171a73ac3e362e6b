import { describe, expect, it } from "vitest";
import { totalAfterDiscountEnds } from "./amounts";
import { translator } from "../i18n/translate";
import {
  discountDisclosure as disclose,
  discountedPeriods,
  type DisclosureInput,
} from "./discount-disclosure";

const en = translator("en");
const discountDisclosure = (input: DisclosureInput) => disclose(input, en);

const monthly = {
  type: "recurring" as const,
  amount_type: "fixed" as const,
  price_amount: 1000,
  preset_amount: null,
};
const once = {
  type: "percentage" as const,
  basis_points: 2000,
  duration: "once" as const,
  duration_in_months: null,
};

describe("first-period discount disclosure", () => {
  it("computes what each period costs after the discount, tax included", () => {
    expect(totalAfterDiscountEnds({ price: monthly, discount: once, taxBasisPoints: 2500 })).toBe(1250);
    expect(totalAfterDiscountEnds({ price: monthly, discount: { ...once, duration: "forever" } })).toBeNull();
    expect(totalAfterDiscountEnds({ price: monthly, discount: null })).toBeNull();
    expect(totalAfterDiscountEnds({ price: { ...monthly, type: "one_time" }, discount: once })).toBeNull();
    expect(totalAfterDiscountEnds({ price: monthly, discount: { ...once, basis_points: 0 } })).toBeNull();
  });

  it("counts the periods a repeating discount covers", () => {
    expect(discountedPeriods({ duration: "once", duration_in_months: null }, "month")).toBe(1);
    expect(discountedPeriods({ duration: "repeating", duration_in_months: 3 }, "month")).toBe(3);
    expect(discountedPeriods({ duration: "repeating", duration_in_months: 3 }, "year")).toBe(1);
    expect(discountedPeriods({ duration: "repeating", duration_in_months: 18 }, "year")).toBe(2);
  });

  it("words it", () => {
    const base = { currency: "usd", interval: "month" as const, totalToday: 857, totalAfterDiscount: 1071 };
    expect(discountDisclosure({ ...base, discount: once })).toBe("$8.57 today, then $10.71 / month");
    expect(discountDisclosure({ ...base, totalToday: 0, discount: once })).toBe(
      "$0.00 today, then $10.71 / month",
    );
    expect(discountDisclosure({ ...base, discount: { duration: "repeating", duration_in_months: 3 } })).toBe(
      "$8.57 / month for 3 months, then $10.71 / month",
    );
    expect(
      discountDisclosure({
        ...base,
        interval: "year",
        discount: { duration: "repeating", duration_in_months: 6 },
      }),
    ).toBe("$8.57 today, then $10.71 / year");
    expect(discountDisclosure({ ...base, totalAfterDiscount: null, discount: once })).toBeNull();
    expect(discountDisclosure({ ...base, discount: null })).toBeNull();
  });

  it("words it in the buyer's language", () => {
    const base = { currency: "eur", interval: "month" as const, totalToday: 857, totalAfterDiscount: 1071 };
    const nbsp = (text: string | null) => text?.replace(/\s/g, " ");
    expect(nbsp(disclose({ ...base, discount: once }, translator("de")))).toBe(
      "8,57 € heute, danach 10,71 € / Monat",
    );
    expect(
      nbsp(
        disclose({ ...base, discount: { duration: "repeating", duration_in_months: 3 } }, translator("fr")),
      ),
    ).toBe("8,57 € / mois pendant 3 mois, puis 10,71 € / mois");
    expect(nbsp(disclose({ ...base, discount: once }, translator("es")))).toBe(
      "8,57 € hoy, después 10,71 € / mes",
    );
  });
});
