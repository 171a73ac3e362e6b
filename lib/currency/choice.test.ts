import { describe, expect, it } from "vitest";
import {
  countryCurrency,
  currenciesOf,
  DEFAULT_COUNTRY_CURRENCIES,
  fixedAmountIn,
  presentedCurrency,
  priceIn,
} from "./choice";
import { isPresentmentCurrency, presentmentCurrency } from "./codes";

const settings = { default_presentment_currency: "usd", currency_by_country: {} };
const price = (price_currency: string, recurring_interval: string | null = null, id = price_currency) => ({
  id,
  price_currency,
  recurring_interval,
});

describe("the built-in country map", () => {
  it("maps only to presentment currencies, by upper-case country codes", () => {
    for (const [country, currency] of Object.entries(DEFAULT_COUNTRY_CURRENCIES)) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(isPresentmentCurrency(currency), `${country} → ${currency}`).toBe(true);
    }
    expect([DEFAULT_COUNTRY_CURRENCIES.DE, DEFAULT_COUNTRY_CURRENCIES.GB]).toEqual(["eur", "gbp"]);
  });
});

describe("countryCurrency", () => {
  it("takes the organization's override first, then the built-in map", () => {
    expect(countryCurrency("de", settings)).toBe("eur");
    expect(countryCurrency("CH", { ...settings, currency_by_country: { CH: "eur" } })).toBe("eur");
    expect(countryCurrency("CH", settings)).toBe("chf");
    expect(countryCurrency("AQ", settings)).toBeNull();
    expect(countryCurrency(null, settings)).toBeNull();
    // A malformed stored map is no map.
    expect(countryCurrency("CH", { ...settings, currency_by_country: ["eur"] })).toBe("chf");
  });
});

describe("presentedCurrency", () => {
  const prices = [price("gbp"), price("usd"), price("eur")];
  it("is the country's currency when the product has it", () => {
    expect(presentedCurrency(prices, "DE", settings)).toBe("eur");
    expect(presentedCurrency(prices, "GB", settings)).toBe("gbp");
  });
  it("else the organization's default when the product has it", () => {
    expect(presentedCurrency(prices, "JP", settings)).toBe("usd");
    expect(presentedCurrency(prices, null, { ...settings, default_presentment_currency: "eur" })).toBe("eur");
  });
  it("else the product's first price's", () => {
    expect(presentedCurrency([price("gbp"), price("eur")], "JP", settings)).toBe("gbp");
    expect(presentedCurrency([], "JP", settings)).toBeNull();
  });
});

describe("priceIn", () => {
  const prices = [price("usd", "month", "u-m"), price("eur", "month", "e-m"), price("eur", "year", "e-y")];
  it("keeps the interval when the currency has a price of it", () => {
    expect(priceIn(prices, "eur", { recurring_interval: "year" })?.id).toBe("e-y");
    expect(priceIn(prices, "eur", { recurring_interval: "month" })?.id).toBe("e-m");
    expect(priceIn(prices, "usd", { recurring_interval: "year" })?.id).toBe("u-m");
    expect(priceIn(prices, "gbp")).toBeNull();
    expect(currenciesOf(prices)).toEqual(["usd", "eur"]);
  });
});

describe("fixedAmountIn", () => {
  it("reads the amount of the currency, the primary pair, or none", () => {
    const discount = { amount: 500, currency: "usd", amounts: { usd: 500, eur: 450 } };
    expect(fixedAmountIn(discount, "eur")).toBe(450);
    expect(fixedAmountIn(discount, "usd")).toBe(500);
    expect(fixedAmountIn(discount, "gbp")).toBeNull();
    expect(fixedAmountIn({ amount: 300, currency: "usd", amounts: {} }, "usd")).toBe(300);
    expect(fixedAmountIn({ amount: 300, currency: null, amounts: {} }, "jpy")).toBe(300);
  });
});

describe("presentmentCurrency", () => {
  it("lower-cases known codes and refuses others", () => {
    expect(presentmentCurrency.parse("EUR")).toBe("eur");
    for (const bad of ["xxx", "eu", "euro", "", "us d"])
      expect(presentmentCurrency.safeParse(bad).success).toBe(false);
  });
});
