import { describe, expect, it } from "vitest";
import { discountAmountsOf, fixedTerms } from "./amounts";

describe("fixedTerms", () => {
  it("keeps the primary pair in the map on create", () => {
    expect(fixedTerms({ amount: 500 }, null).terms).toEqual({
      amount: 500,
      currency: "usd",
      amounts: { usd: 500 },
    });
    expect(fixedTerms({ amount: 500, currency: "eur", amounts: { gbp: 400 } }, null).terms).toEqual({
      amount: 500,
      currency: "eur",
      amounts: { gbp: 400, eur: 500 },
    });
    expect(fixedTerms({ amounts: { gbp: 400, usd: 450 } }, null).terms).toMatchObject({
      amount: 450,
      currency: "usd",
    });
    expect(fixedTerms({ amounts: { gbp: 400, eur: 450 } }, null).terms).toMatchObject({
      amount: 400,
      currency: "gbp",
    });
    expect(fixedTerms({ amounts: {} }, null).terms.amount).toBeNull();
  });

  it("refuses an amount that contradicts the map", () => {
    expect(fixedTerms({ amount: 500, amounts: { usd: 400 } }, null).problems).toHaveLength(1);
  });

  it("updates: a new map keeps the current primary currency when it is in it", () => {
    const current = { amount: 500, currency: "usd", amounts: { usd: 500, eur: 450 } };
    expect(fixedTerms({ amounts: { usd: 600, gbp: 300 } }, current).terms).toEqual({
      amount: 600,
      currency: "usd",
      amounts: { usd: 600, gbp: 300 },
    });
    expect(fixedTerms({ amounts: { eur: 300 } }, current).terms).toEqual({
      amount: 300,
      currency: "eur",
      amounts: { eur: 300 },
    });
    expect(fixedTerms({ amount: 700 }, current).terms).toEqual({
      amount: 700,
      currency: "usd",
      amounts: { usd: 700, eur: 450 },
    });
    expect(fixedTerms({}, current).terms).toEqual(current);
  });
});

describe("discountAmountsOf", () => {
  it("shows a fixed discount's map with its primary pair, {} for a percentage one", () => {
    expect(discountAmountsOf({ type: "fixed", amount: 300, currency: "usd", amounts: {} })).toEqual({
      usd: 300,
    });
    expect(discountAmountsOf({ type: "percentage", amount: null, currency: null, amounts: {} })).toEqual({});
  });
});
