"use client";
// The buyer's currency (docs/currencies.md "The checkout's currency"): shown when the product has
// prices in several currencies, listing only those, each with its price. Picking sends `currency`
// at once; the server moves the session to the product's price in it and recomputes the amounts
// (a fixed discount takes its amount in that currency). Picked, the currency no longer follows the
// billing country. A plain select: the page's first-load budget is small.
import { useState } from "react";
import { ApiRequestError } from "@/components/api-client";
import { currenciesOf, priceIn } from "@/lib/currency/prices";
import { useTranslator } from "@/components/i18n/translator-context";
import type { CheckoutView } from "./api";

export function CurrencySwitcher({
  checkout,
  onPick,
  disabled,
}: {
  checkout: CheckoutView;
  onPick: (currency: string) => Promise<unknown>;
  disabled?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  // The page's language (docs/i18n.md), with the catalog's `currency` namespace the page sends.
  const tr = useTranslator();
  const prices = checkout.product.prices;
  const currencies = currenciesOf(prices);
  if (currencies.length < 2) return null;
  const label = (currency: string) => {
    const price = priceIn(prices, currency, checkout.product_price);
    const amount =
      price?.amount_type === "fixed" ? tr.money(price.price_amount ?? 0, currency) : currency.toUpperCase();
    return tr.t("currency.priceIn", { currency: currency.toUpperCase(), price: amount });
  };
  const pick = async (currency: string) => {
    setError(null);
    try {
      await onPick(currency);
    } catch (failure) {
      const reason = failure instanceof ApiRequestError ? failure.message : String(failure);
      setError(tr.t("currency.switchFailed", { reason }));
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 text-sm">
      <label htmlFor="checkout-currency" className="text-zinc-600 dark:text-zinc-400">
        {tr.t("currency.payIn")}
      </label>
      <select
        id="checkout-currency"
        name="currency"
        value={checkout.currency}
        disabled={disabled}
        aria-describedby={error ? "checkout-currency-error" : undefined}
        onChange={(event) => void pick(event.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {label(currency)}
          </option>
        ))}
      </select>
      {error ? (
        <p
          id="checkout-currency-error"
          role="alert"
          className="w-full text-right text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
