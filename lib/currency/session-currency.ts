// An open checkout's currency after a write (docs/currencies.md "The checkout's currency"): the
// price the write leaves, moved to its counterpart in the currency the session should present.
//  - A price named (`product_price_id`) brings its currency; another currency than before is picked.
//  - `currency` picks a currency: the product's price in it (of the current price's interval), or
//    a problem when the product has none.
//  - Else, until a currency is picked, a new billing country presents that country's currency as at
//    creation (mapped, else the organization's default, else the first price's); never at confirm,
//    so what is charged is what the buyer was shown.
import type { DbOrTx } from "../db/client";
import type { Problem } from "../core/errors";
import type { ProductPrice } from "../generated/prisma/client";
import { presentedCurrency, priceIn, type CurrencySettings } from "./choice";

type Session = {
  organization_id: string;
  currency: string;
  currency_picked: boolean;
  customer_billing_address: unknown;
  /** Present on the buyer's read (lib/checkout/client-read.ts), so no query is needed there. */
  organization?: CurrencySettings;
};

type Input = {
  session: Session;
  /** The price after the product switch, and its product's buyable prices. */
  price: ProductPrice;
  prices: ProductPrice[];
  body: { currency?: string | null; product_price_id?: string; customer_billing_address?: unknown };
  followCountry: boolean;
};

const countryOf = (address: unknown): string | null => {
  const country = (address as { country?: unknown } | null)?.country;
  return typeof country === "string" ? country.toUpperCase() : null;
};

export async function resolveSessionCurrency(
  db: DbOrTx,
  { session, price, prices, body, followCountry }: Input,
): Promise<{ price: ProductPrice; picked: boolean; problem: Problem | null }> {
  const keep = { price, picked: session.currency_picked, problem: null };
  if (body.product_price_id !== undefined) {
    if (body.currency && body.currency !== price.price_currency)
      return {
        ...keep,
        problem: problem(body.currency, `The price is in ${price.price_currency.toUpperCase()}.`),
      };
    return { ...keep, picked: session.currency_picked || price.price_currency !== session.currency };
  }
  if (body.currency) {
    const found = priceIn(prices, body.currency, price);
    return found
      ? { price: found, picked: true, problem: null }
      : {
          ...keep,
          problem: problem(body.currency, `The product has no price in ${body.currency.toUpperCase()}.`),
        };
  }
  const country = countryOf(body.customer_billing_address);
  if (
    !followCountry ||
    session.currency_picked ||
    body.customer_billing_address === undefined ||
    country === countryOf(session.customer_billing_address) ||
    new Set(prices.map((p) => p.price_currency)).size < 2
  )
    return keep;
  const settings =
    session.organization ??
    (await db.organization.findUniqueOrThrow({
      where: { id: session.organization_id },
      select: { default_presentment_currency: true, currency_by_country: true },
    }));
  const currency = presentedCurrency(prices, country, settings);
  return { ...keep, price: (currency && priceIn(prices, currency, price)) || price };
}

function problem(input: string, msg: string): Problem {
  return { type: "value_error", loc: ["body", "currency"], msg, input };
}
