// The EU standard-rate preset (docs/tax.md, "EU VAT rates"): each member state's standard VAT rate
// in basis points, as of a date, from data/tax/eu-standard-rates.json. The rates are data, not code:
// a change of rate is a change of that file (its `as_of` and the rate), checked by eu-rates.test.ts.
// Keyed by ISO 3166-1 code (GR for Greece, not its VAT prefix EL). No database: loading the preset
// into an organization's rates is lib/organizations/tax-rates.ts `loadEuTaxRatePreset`.
import preset from "../../data/tax/eu-standard-rates.json";

export type EuRatePreset = {
  /** The date the rates are in force on (YYYY-MM-DD). */
  readonly as_of: string;
  /** Where the rates come from. */
  readonly source: string;
  /** ISO 3166-1 alpha-2 country → standard rate in basis points of the subtotal. */
  readonly rates: Readonly<Record<string, number>>;
};

export const EU_STANDARD_RATES: EuRatePreset = preset;

/** The preset's rates as country-wide tax rates, by country code. */
export function euStandardTaxRates(): { country: string; state: null; basis_points: number }[] {
  return Object.entries(EU_STANDARD_RATES.rates)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([country, basis_points]) => ({ country, state: null, basis_points }));
}
