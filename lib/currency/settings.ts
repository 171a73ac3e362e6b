// An organization's currency settings (docs/currencies.md): its default presentment currency and
// its overrides of the built-in country → currency map. Shapes for the organization resource and
// its create/update bodies, and the columns a body writes.
import { z } from "zod";
import { countryCode, presentmentCurrency } from "./codes";

/** At most one override per country; ISO 3166-1 has 249 codes. */
export const MAX_CURRENCY_OVERRIDES = 250;

const overrides = z
  .record(countryCode, presentmentCurrency)
  .refine((map) => Object.keys(map).length <= MAX_CURRENCY_OVERRIDES, {
    message: `At most ${MAX_CURRENCY_OVERRIDES} countries`,
  });

/** What the organization resource says of its currencies. */
export const currencySettingsShape = {
  /** The currency a checkout presents when the buyer's country maps to none the product has. */
  default_presentment_currency: z.string(),
  /**
   * The organization's overrides of the built-in country → currency map (upper-case ISO 3166-1
   * alpha-2 → lower-case ISO 4217), e.g. {"CH": "eur"}. Not in the reference API.
   */
  currency_by_country: z.record(z.string(), z.string()),
};

/** A create or update body's currency fields: null leaves the default, and clears the overrides. */
export const currencySettingsInput = {
  default_presentment_currency: presentmentCurrency.nullish(),
  /** Replaces the whole map; null or {} removes every override. */
  currency_by_country: overrides.nullish(),
};

export function toCurrencySettings(row: {
  default_presentment_currency: string;
  currency_by_country: unknown;
}) {
  const map = row.currency_by_country;
  return {
    default_presentment_currency: row.default_presentment_currency,
    currency_by_country:
      map && typeof map === "object" && !Array.isArray(map) ? (map as Record<string, string>) : {},
  };
}

/** The columns a body writes (only the fields sent). */
export function currencySettingsData(body: {
  default_presentment_currency?: string | null;
  currency_by_country?: Record<string, string> | null;
}) {
  return {
    default_presentment_currency: body.default_presentment_currency ?? undefined,
    currency_by_country:
      body.currency_by_country === undefined ? undefined : (body.currency_by_country ?? {}),
  };
}
