// Every tax rule of a sale, worked out by hand (docs/tax.md): exclusive and inclusive prices ×
// domestic, EU consumer, EU business with a verified VAT number, with an unverified one, and a
// buyer outside the EU × a 10 % discount `once` or `forever` (the first period and the next) × a
// partial refund. The seller is French (FR 20 %, DE 19 % loaded); the price is 120.00 EUR.
import { describe, expect, it } from "vitest";
import { computeAmounts, orderAmountsOf, saleTax, type TaxContext } from "../checkout/amounts";
import { refundTax, remainingRefundable } from "../refunds/amounts";
import { periodCharge } from "../subscriptions/period-charge";
import { exclusiveTax, inclusiveTax, pricesIncludeTaxIn, resolveTaxBehavior, splitTax } from "./tax-behavior";

const context: TaxContext = {
  rates: [
    { country: "FR", state: null, basis_points: 2000 },
    { country: "DE", state: null, basis_points: 1900 },
  ],
  defaultBehavior: "exclusive",
  seller: { country: "FR", euVatId: "FR40303265045" },
};

const buyers = {
  domestic: { address: { country: "FR" }, taxIdType: null, taxIdVerified: false },
  euConsumer: { address: { country: "DE" }, taxIdType: null, taxIdVerified: false },
  euBusinessVerified: { address: { country: "DE" }, taxIdType: "eu_vat", taxIdVerified: true },
  euBusinessUnverified: { address: { country: "DE" }, taxIdType: "eu_vat", taxIdVerified: false },
  outsideEu: { address: { country: "US" }, taxIdType: null, taxIdVerified: false },
} as const;

type Case = {
  behavior: "exclusive" | "inclusive";
  buyer: keyof typeof buyers;
  rate: number;
  reverseCharge: boolean;
  /** The checkout: what the buyer reads (price terms) and pays. */
  checkout: { discount: number; net: number; tax: number; total: number };
  /** The order: always tax-exclusive. subtotal − discount = net; net + tax = total. */
  order: { subtotal: number; discount: number; net: number; tax: number };
  /** The next period: with a `forever` discount, and once a `once` discount is over. */
  forever: { net: number; tax: number; total: number };
  once: { net: number; tax: number; total: number };
  /** The tax part of a 50.00 refund of the first order. */
  refundTaxOf5000: number;
};

const CASES: Case[] = [
  // Exclusive: 12000 − 1200 = 10800, tax on top.
  {
    behavior: "exclusive",
    buyer: "domestic",
    rate: 2000,
    reverseCharge: false,
    checkout: { discount: 1200, net: 10800, tax: 2160, total: 12960 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 2160 },
    forever: { net: 10800, tax: 2160, total: 12960 },
    once: { net: 12000, tax: 2400, total: 14400 },
    refundTaxOf5000: 833, // 5000 × 2160 / 12960 = 833.33
  },
  {
    behavior: "exclusive",
    buyer: "euConsumer",
    rate: 1900,
    reverseCharge: false,
    checkout: { discount: 1200, net: 10800, tax: 2052, total: 12852 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 2052 },
    forever: { net: 10800, tax: 2052, total: 12852 },
    once: { net: 12000, tax: 2280, total: 14280 },
    refundTaxOf5000: 798, // 5000 × 2052 / 12852 = 798.32
  },
  {
    behavior: "exclusive",
    buyer: "euBusinessVerified",
    rate: 0,
    reverseCharge: true,
    checkout: { discount: 1200, net: 10800, tax: 0, total: 10800 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 0 },
    forever: { net: 10800, tax: 0, total: 10800 },
    once: { net: 12000, tax: 0, total: 12000 },
    refundTaxOf5000: 0,
  },
  {
    behavior: "exclusive",
    buyer: "euBusinessUnverified",
    rate: 1900,
    reverseCharge: false,
    checkout: { discount: 1200, net: 10800, tax: 2052, total: 12852 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 2052 },
    forever: { net: 10800, tax: 2052, total: 12852 },
    once: { net: 12000, tax: 2280, total: 14280 },
    refundTaxOf5000: 798,
  },
  {
    behavior: "exclusive",
    buyer: "outsideEu",
    rate: 0,
    reverseCharge: false,
    checkout: { discount: 1200, net: 10800, tax: 0, total: 10800 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 0 },
    forever: { net: 10800, tax: 0, total: 10800 },
    once: { net: 12000, tax: 0, total: 12000 },
    refundTaxOf5000: 0,
  },
  // Inclusive: the buyer pays 12000 − 1200 = 10800, the tax is inside it.
  {
    behavior: "inclusive",
    buyer: "domestic",
    rate: 2000,
    reverseCharge: false,
    // 10800 × 2000 / 12000 = 1800; the list price's net 12000 − 2000 = 10000, so 1000 off net.
    checkout: { discount: 1200, net: 9000, tax: 1800, total: 10800 },
    order: { subtotal: 10000, discount: 1000, net: 9000, tax: 1800 },
    forever: { net: 9000, tax: 1800, total: 10800 },
    once: { net: 10000, tax: 2000, total: 12000 },
    refundTaxOf5000: 833, // 5000 × 1800 / 10800 = 833.33
  },
  {
    behavior: "inclusive",
    buyer: "euConsumer",
    rate: 1900,
    reverseCharge: false,
    // 10800 × 1900 / 11900 = 1724.37 → 1724; 12000 × 1900 / 11900 = 1915.97 → 1916, net 10084.
    checkout: { discount: 1200, net: 9076, tax: 1724, total: 10800 },
    order: { subtotal: 10084, discount: 1008, net: 9076, tax: 1724 },
    forever: { net: 9076, tax: 1724, total: 10800 },
    once: { net: 10084, tax: 1916, total: 12000 },
    refundTaxOf5000: 798, // 5000 × 1724 / 10800 = 798.15
  },
  {
    // The reverse charge on an inclusive price: no tax, the buyer pays the price (as Stripe does).
    behavior: "inclusive",
    buyer: "euBusinessVerified",
    rate: 0,
    reverseCharge: true,
    checkout: { discount: 1200, net: 10800, tax: 0, total: 10800 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 0 },
    forever: { net: 10800, tax: 0, total: 10800 },
    once: { net: 12000, tax: 0, total: 12000 },
    refundTaxOf5000: 0,
  },
  {
    behavior: "inclusive",
    buyer: "euBusinessUnverified",
    rate: 1900,
    reverseCharge: false,
    checkout: { discount: 1200, net: 9076, tax: 1724, total: 10800 },
    order: { subtotal: 10084, discount: 1008, net: 9076, tax: 1724 },
    forever: { net: 9076, tax: 1724, total: 10800 },
    once: { net: 10084, tax: 1916, total: 12000 },
    refundTaxOf5000: 798,
  },
  {
    behavior: "inclusive",
    buyer: "outsideEu",
    rate: 0,
    reverseCharge: false,
    checkout: { discount: 1200, net: 10800, tax: 0, total: 10800 },
    order: { subtotal: 12000, discount: 1200, net: 10800, tax: 0 },
    forever: { net: 10800, tax: 0, total: 10800 },
    once: { net: 12000, tax: 0, total: 12000 },
    refundTaxOf5000: 0,
  },
];

const price = { type: "recurring", amount_type: "fixed", price_amount: 12000, preset_amount: null } as const;
const tenPercent = { type: "percentage", basis_points: 1000 } as const;

describe.each(CASES)("$behavior price, $buyer buyer", (c) => {
  const sale = saleTax(context, buyers[c.buyer], c.behavior);

  it("takes the rate, the reverse charge and the behaviour", () => {
    expect(sale).toEqual({ basisPoints: c.rate, reverseCharge: c.reverseCharge, behavior: c.behavior });
  });

  it("prices the checkout and its order", () => {
    const amounts = computeAmounts({
      price,
      discount: tenPercent,
      taxBasisPoints: sale.basisPoints,
      taxBehavior: sale.behavior,
    });
    expect({
      discount: amounts.discount_amount,
      net: amounts.subtotal_amount,
      tax: amounts.tax_amount,
      total: amounts.total_amount,
    }).toEqual(c.checkout);
    const order = orderAmountsOf({
      amount: amounts.amount,
      discount_amount: amounts.discount_amount,
      subtotal_amount: amounts.subtotal_amount,
      tax_amount: amounts.tax_amount,
      tax_basis_points: sale.basisPoints,
      tax_behavior: sale.behavior,
    });
    expect({
      subtotal: order.amount + order.discount_amount,
      discount: order.discount_amount,
      net: order.amount,
      tax: order.tax_amount,
    }).toEqual(c.order);
    expect(order.amount + order.tax_amount).toBe(c.checkout.total);
  });

  it("charges the next period with a forever discount, and without a once discount", () => {
    const next = (discounted: boolean) => {
      const charge = periodCharge({
        amount: 12000,
        discount: discounted ? tenPercent : null,
        balance: 0,
        taxBasisPoints: sale.basisPoints,
        taxBehavior: sale.behavior,
      });
      return { net: charge.subtotal_amount, tax: charge.tax_amount, total: charge.total_amount };
    };
    expect(next(true)).toEqual(c.forever);
    expect(next(false)).toEqual(c.once);
  });

  it("takes a partial refund's tax in proportion, and the rest exactly with the last refund", () => {
    const order = {
      amount: c.order.net,
      tax_amount: c.order.tax,
      refunded_amount: 0,
      refunded_tax_amount: 0,
    };
    const remaining = remainingRefundable(order, { amount: 0, tax_amount: 0 });
    expect(remaining).toEqual({ total: c.checkout.total, tax: c.order.tax });
    const first = refundTax(order, remaining, 5000);
    expect(first).toBe(c.refundTaxOf5000);
    const after = remainingRefundable(order, { amount: 5000, tax_amount: first });
    expect(refundTax(order, after, after.total)).toBe(c.order.tax - first);
  });
});

describe("the tax behaviour", () => {
  it("takes the price's option, else the organization's, and `location` by the billing country", () => {
    expect(resolveTaxBehavior("inclusive", "exclusive", "US")).toBe("inclusive");
    expect(resolveTaxBehavior(null, "inclusive", "US")).toBe("inclusive");
    expect(resolveTaxBehavior(undefined, undefined, "DE")).toBe("exclusive");
    expect(resolveTaxBehavior("location", "exclusive", "DE")).toBe("inclusive");
    expect(resolveTaxBehavior(null, "location", "gb")).toBe("inclusive");
    expect(resolveTaxBehavior(null, "location", "US")).toBe("exclusive");
    expect(resolveTaxBehavior(null, "location", "CA")).toBe("exclusive");
    expect(resolveTaxBehavior(null, "location", null)).toBe("exclusive");
    expect(pricesIncludeTaxIn("AU")).toBe(true);
  });

  it("resolves `location` inside saleTax from the buyer's address", () => {
    expect(saleTax({ ...context, defaultBehavior: "location" }, buyers.euConsumer).behavior).toBe(
      "inclusive",
    );
    expect(saleTax({ ...context, defaultBehavior: "location" }, buyers.outsideEu).behavior).toBe("exclusive");
  });
});

describe("rounding to the currency's minor unit, half up", () => {
  it("cents: 9.99 USD at 19 % inclusive holds 1.60 (159.50 rounds up), net 8.39", () => {
    expect(splitTax(999, 1900, "inclusive")).toEqual({ net: 839, tax: 160, total: 999 });
    expect(splitTax(839, 1900, "exclusive")).toEqual({ net: 839, tax: 159, total: 998 });
  });

  it("yen (no minor digits): ¥1,000 at 10 % inclusive holds ¥91 (90.91), net ¥909", () => {
    expect(splitTax(1000, 1000, "inclusive")).toEqual({ net: 909, tax: 91, total: 1000 });
    expect(splitTax(909, 1000, "exclusive")).toEqual({ net: 909, tax: 91, total: 1000 });
  });

  it("fils (three digits, BHD): 1.000 at 10 % inclusive holds 0.091, net 0.909", () => {
    expect(splitTax(1000, 1000, "inclusive").tax).toBe(91);
    expect(splitTax(12345, 1000, "exclusive").tax).toBe(1235); // 1234.5 rounds up
  });

  it("exact halves round up both ways; no rate leaves the amount whole", () => {
    expect(exclusiveTax(25, 1000)).toBe(3); // 2.5
    expect(inclusiveTax(3, 10000)).toBe(2); // 3 × 1 / 2 = 1.5
    expect(splitTax(4321, 0, "inclusive")).toEqual({ net: 4321, tax: 0, total: 4321 });
    expect(splitTax(0, 1900, "inclusive")).toEqual({ net: 0, tax: 0, total: 0 });
  });

  it("net + tax is always what an inclusive buyer pays", () => {
    const wrong: string[] = [];
    for (let gross = 0; gross < 5000; gross += 7) {
      for (const rate of [500, 700, 1900, 2000, 2500, 2700]) {
        const split = splitTax(gross, rate, "inclusive");
        // The tax is the nearest minor unit to gross × rate / (1 + rate).
        const exact = (gross * rate) / (10000 + rate);
        if (split.net + split.tax !== gross || Math.abs(split.tax - exact) > 0.5)
          wrong.push(`${gross}@${rate}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("a plan change's balance", () => {
  it("is in the price's terms: added before the tax is added or taken out", () => {
    // Inclusive: 119.00 less a 19.00 credit = 100.00 paid, holding 100 × 19/119 = 15.97 VAT.
    expect(
      periodCharge({
        amount: 11900,
        discount: null,
        balance: -1900,
        taxBasisPoints: 1900,
        taxBehavior: "inclusive",
      }),
    ).toEqual({
      discount_amount: 0,
      subtotal_amount: 8403,
      tax_amount: 1597,
      total_amount: 10000,
      balance_applied: -1900,
    });
    // Exclusive: 100.00 less a 10.00 credit = 90.00 net + 17.10 VAT.
    expect(
      periodCharge({
        amount: 10000,
        discount: null,
        balance: -1000,
        taxBasisPoints: 1900,
        taxBehavior: "exclusive",
      }),
    ).toEqual({
      discount_amount: 0,
      subtotal_amount: 9000,
      tax_amount: 1710,
      total_amount: 10710,
      balance_applied: -1000,
    });
    // A credit larger than the period: nothing charged, only what the period could take is used.
    expect(
      periodCharge({
        amount: 1000,
        discount: null,
        balance: -5000,
        taxBasisPoints: 1900,
        taxBehavior: "inclusive",
      }),
    ).toMatchObject({ total_amount: 0, tax_amount: 0, balance_applied: -1000 });
  });
});
