// What a client naming an API version reads differently (docs/polar-sdk.md "API versions").
import { describe, expect, it } from "vitest";
import { currentApiShape, requestApiVersion } from "./api-version";

describe("requestApiVersion", () => {
  it("reads a year-month Polar-Version header, and nothing else", () => {
    const version = (value?: string) =>
      requestApiVersion(new Request("http://x/", { headers: value ? { "polar-version": value } : {} }));
    expect(version("2026-10")).toBe("2026-10");
    expect(version(" 2026-10 ")).toBe("2026-10");
    expect(version("latest")).toBeNull();
    expect(version()).toBeNull();
  });
});

describe("currentApiShape", () => {
  const free = { id: "p1", amount_type: "free", price_currency: "usd", is_archived: false };
  const fixed = { id: "p2", amount_type: "fixed", price_amount: 900, price_currency: "usd" };

  it("reads a free price as a fixed price of 0, wherever it is nested", () => {
    const answer = { items: [{ product: { prices: [free, fixed] }, prices: [free] }], total: 1 };
    expect(currentApiShape(answer)).toEqual({
      items: [
        {
          product: { prices: [{ ...free, amount_type: "fixed", price_amount: 0 }, fixed] },
          prices: [{ ...free, amount_type: "fixed", price_amount: 0 }],
        },
      ],
      total: 1,
    });
    // The original is not touched.
    expect(answer.items[0]!.prices[0]!.amount_type).toBe("free");
  });

  it("answers the same object when there is nothing to change", () => {
    const answer = { product: { prices: [fixed] }, amount_type: "free" /* not a price: no currency */ };
    expect(currentApiShape(answer)).toBe(answer);
    expect(currentApiShape(null)).toBeNull();
    expect(currentApiShape("text")).toBe("text");
  });
});
