import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money";
import {
  CHECKOUT_STATUSES,
  CHECKOUT_STATUS_INFO,
  discountText,
  isLinkUsable,
  moneyOrDash,
  priceText,
} from "./logic";

const base = {
  price_currency: "usd",
  minimum_amount: null,
  maximum_amount: null,
  type: "one_time" as const,
  recurring_interval: null,
};

describe("checkout status", () => {
  it("explains every status", () => {
    for (const status of CHECKOUT_STATUSES) expect(CHECKOUT_STATUS_INFO[status].meaning).not.toBe("");
  });

  it("only an open session's link can be paid", () => {
    expect(CHECKOUT_STATUSES.filter(isLinkUsable)).toEqual(["open"]);
  });
});

describe("price text", () => {
  it("fixed, recurring, free and pay-what-you-want prices", () => {
    expect(priceText({ ...base, amount_type: "fixed", price_amount: 4900 })).toBe(formatMoney(4900, "usd"));
    expect(
      priceText({
        ...base,
        amount_type: "fixed",
        price_amount: 900,
        type: "recurring",
        recurring_interval: "month",
      }),
    ).toBe(`${formatMoney(900, "usd")} / month`);
    expect(priceText({ ...base, amount_type: "free", price_amount: null })).toBe("Free");
    expect(
      priceText({
        ...base,
        amount_type: "custom",
        price_amount: null,
        minimum_amount: 300,
        maximum_amount: 50_000,
      }),
    ).toBe(`Pay what you want (${formatMoney(300, "usd")} – ${formatMoney(50_000, "usd")})`);
    expect(priceText({ ...base, amount_type: "custom", price_amount: null })).toBe("Pay what you want");
  });

  it("shows a dash for a missing amount", () => {
    expect(moneyOrDash(null, "usd")).toBe("—");
    expect(moneyOrDash(1500, "usd")).toBe(formatMoney(1500, "usd"));
  });

  it("describes discounts", () => {
    expect(discountText({ type: "percentage", basis_points: 2000, amount: null, currency: null })).toBe(
      "20% off",
    );
    expect(discountText({ type: "fixed", basis_points: null, amount: 500, currency: "usd" })).toBe(
      `${formatMoney(500, "usd")} off`,
    );
  });
});
