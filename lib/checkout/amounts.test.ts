import { describe, expect, it } from "vitest";
import { applyBasisPoints, computeAmounts, taxBasisPointsFor, type PriceForAmounts } from "./amounts";

const fixed = (amount: number, type: PriceForAmounts["type"] = "one_time"): PriceForAmounts => ({
  type,
  amount_type: "fixed",
  price_amount: amount,
  preset_amount: null,
});
const custom: PriceForAmounts = {
  type: "one_time",
  amount_type: "custom",
  price_amount: null,
  preset_amount: 2500,
};
const free: PriceForAmounts = {
  type: "one_time",
  amount_type: "free",
  price_amount: null,
  preset_amount: null,
};

describe("applyBasisPoints", () => {
  it("rounds half up", () => {
    expect(applyBasisPoints(1005, 5000)).toBe(503); // 502.5
    expect(applyBasisPoints(1003, 5000)).toBe(502); // 501.5
    expect(applyBasisPoints(999, 1)).toBe(0); // 0.0999
    expect(applyBasisPoints(5000, 1)).toBe(1); // 0.5
    expect(applyBasisPoints(1999, 2000)).toBe(400); // 399.8
  });
});

describe("computeAmounts", () => {
  it("prices a fixed one-time price without discount or tax", () => {
    expect(computeAmounts({ price: fixed(1500) })).toEqual({
      amount: 1500,
      discount_amount: 0,
      subtotal_amount: 1500,
      tax_amount: 0,
      total_amount: 1500,
      is_free_product_price: false,
      is_discount_applicable: true,
      is_payment_required: true,
      is_payment_setup_required: false,
      is_payment_form_required: true,
    });
  });

  it("caps a fixed discount at the amount", () => {
    const result = computeAmounts({ price: fixed(500), discount: { type: "fixed", amount: 800 } });
    expect(result).toMatchObject({
      discount_amount: 500,
      subtotal_amount: 0,
      total_amount: 0,
      is_payment_required: false,
    });
  });

  it("rounds a percentage discount half up", () => {
    const result = computeAmounts({
      price: fixed(1999),
      discount: { type: "percentage", basis_points: 2500 },
    });
    expect(result).toMatchObject({ discount_amount: 500, subtotal_amount: 1499 }); // 499.75
  });

  it("makes a 100% discount free but still a purchase", () => {
    const result = computeAmounts({
      price: fixed(4900),
      discount: { type: "percentage", basis_points: 10000 },
    });
    expect(result).toMatchObject({
      amount: 4900,
      discount_amount: 4900,
      total_amount: 0,
      is_payment_required: false,
      is_payment_form_required: false,
    });
  });

  it("still needs a payment method for a recurring price at 100% off", () => {
    const result = computeAmounts({
      price: fixed(900, "recurring"),
      discount: { type: "percentage", basis_points: 10000 },
    });
    expect(result).toMatchObject({
      total_amount: 0,
      is_payment_required: false,
      is_payment_setup_required: true,
      is_payment_form_required: true,
    });
  });

  it("applies tax on the discounted subtotal", () => {
    const result = computeAmounts({
      price: fixed(1000),
      discount: { type: "fixed", amount: 100 },
      taxBasisPoints: 2000,
    });
    expect(result).toMatchObject({ subtotal_amount: 900, tax_amount: 180, total_amount: 1080 });
  });

  it("uses the buyer's amount, else the preset, for pay-what-you-want", () => {
    expect(computeAmounts({ price: custom, amount: 700 }).amount).toBe(700);
    expect(computeAmounts({ price: custom }).amount).toBe(2500);
    expect(computeAmounts({ price: { ...custom, preset_amount: null } }).amount).toBe(1000);
  });

  it("ignores discounts and needs no payment for free prices", () => {
    const result = computeAmounts({ price: free, discount: { type: "fixed", amount: 100 } });
    expect(result).toEqual({
      amount: null,
      discount_amount: 0,
      subtotal_amount: 0,
      tax_amount: 0,
      total_amount: 0,
      is_free_product_price: true,
      is_discount_applicable: false,
      is_payment_required: false,
      is_payment_setup_required: false,
      is_payment_form_required: false,
    });
  });

  it("needs no setup for a free recurring price", () => {
    expect(computeAmounts({ price: { ...free, type: "recurring" } }).is_payment_setup_required).toBe(false);
  });
});

describe("taxBasisPointsFor", () => {
  const rates = [
    { country: "US", state: null, basis_points: 500 },
    { country: "US", state: "CA", basis_points: 725 },
    { country: "DE", state: null, basis_points: 1900 },
  ];
  it("prefers the state's rate, then the country's, else 0", () => {
    expect(taxBasisPointsFor(rates, { country: "us", state: "ca" })).toBe(725);
    expect(taxBasisPointsFor(rates, { country: "US", state: "NY" })).toBe(500);
    expect(taxBasisPointsFor(rates, { country: "DE" })).toBe(1900);
    expect(taxBasisPointsFor(rates, { country: "FR" })).toBe(0);
    expect(taxBasisPointsFor(rates, null)).toBe(0);
  });
});
