// Which currency a checkout presents (docs/currencies.md "The checkout's currency"), pure:
//  1. a currency picked by the merchant (`currency` at create or update) or the buyer (the switcher);
//  2. else the currency of the buyer's billing country, by the organization's map (the built-in
//     data/currency/country-currencies.json with its overrides on top), if the product has a price in it;
//  3. else the organization's default presentment currency, if the product has a price in it;
//  4. else the currency of the product's first price.
// The price sold is then the product's price in that currency (of the current price's interval
// when it has one). Amounts are never converted: each currency's price is the merchant's own.
import mapping from "../../data/currency/country-currencies.json";
import { currenciesOf, priceIn } from "./prices";

// The price rules are shared with the hosted page (no data file there).
export { currenciesOf, priceIn };

/** ISO 3166-1 alpha-2 → lower-case ISO 4217, built in. */
export const DEFAULT_COUNTRY_CURRENCIES: Readonly<Record<string, string>> = mapping.currencies;

/** The organization's side of the choice. */
export type CurrencySettings = {
  default_presentment_currency: string;
  /** Overrides of the built-in map, by upper-case country code. */
  currency_by_country: unknown;
};

type PriceLike = { price_currency: string; recurring_interval?: string | null };

function overridesOf(settings: CurrencySettings): Record<string, string> {
  const value = settings.currency_by_country;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
}

/** The currency the organization maps a country to, or null (unknown or no country). */
export function countryCurrency(
  country: string | null | undefined,
  settings: CurrencySettings,
): string | null {
  if (!country) return null;
  const code = country.toUpperCase();
  return overridesOf(settings)[code] ?? DEFAULT_COUNTRY_CURRENCIES[code] ?? null;
}

/** Rules 2 to 4: the currency for a buyer of `country` when nobody picked one. */
export function presentedCurrency(
  prices: readonly PriceLike[],
  country: string | null | undefined,
  settings: CurrencySettings,
): string | null {
  const available = currenciesOf(prices);
  const mapped = countryCurrency(country, settings);
  if (mapped && available.includes(mapped)) return mapped;
  if (available.includes(settings.default_presentment_currency)) return settings.default_presentment_currency;
  return available[0] ?? null;
}

/** A fixed discount's amount in `currency`, or null when it has none (docs/currencies.md "Discounts"). */
export function fixedAmountIn(
  discount: { amount: number | null; currency: string | null; amounts?: unknown },
  currency: string,
): number | null {
  const amounts = discount.amounts;
  if (amounts && typeof amounts === "object" && !Array.isArray(amounts)) {
    const value = (amounts as Record<string, unknown>)[currency];
    if (typeof value === "number") return value;
  }
  // A discount stored without a currency (before there were several) applies in any.
  return discount.currency === null || discount.currency === currency ? discount.amount : null;
}
