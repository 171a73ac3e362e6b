// A product's prices by currency (docs/currencies.md), pure and import-free: the hosted checkout's
// first load uses it (the currency switcher), so it must not bring zod along.

/** A product's prices in `currency`, or all of them when it has none in it. */
export function pricesInCurrency<T extends { price_currency: string }>(prices: T[], currency: string): T[] {
  const inCurrency = prices.filter((price) => price.price_currency === currency);
  return inCurrency.length ? inCurrency : prices;
}

type PriceLike = { price_currency: string; recurring_interval?: string | null };

/** The distinct currencies of the prices, in their order. */
export function currenciesOf(prices: readonly PriceLike[]): string[] {
  return [...new Set(prices.map((price) => price.price_currency))];
}

/**
 * The price in `currency`: of the same interval as `like` when there is one, else the first in
 * that currency; null when the prices have none in it.
 */
export function priceIn<T extends PriceLike>(
  prices: readonly T[],
  currency: string,
  like?: { recurring_interval?: string | null } | null,
): T | null {
  const inCurrency = prices.filter((price) => price.price_currency === currency);
  return (
    inCurrency.find((price) => (price.recurring_interval ?? null) === (like?.recurring_interval ?? null)) ??
    inCurrency[0] ??
    null
  );
}
