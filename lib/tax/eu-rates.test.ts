// The EU standard-rate preset's data file: exactly the 27 member states, each a plausible standard
// rate, each a known country, dated.
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../core/countries";
import { EU_STANDARD_RATES, euStandardTaxRates } from "./eu-rates";

// lib/core/tax-ids.ts keys its EU table by VAT prefix (EL for Greece) and does not export it: the
// member states by ISO 3166-1 code, as of 2026.
const MEMBER_STATES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
]; // prettier-ignore

describe("data/tax/eu-standard-rates.json", () => {
  it("lists exactly the 27 member states, each a known country", () => {
    expect(MEMBER_STATES).toHaveLength(27);
    expect(Object.keys(EU_STANDARD_RATES.rates).sort()).toEqual(MEMBER_STATES);
    const known = new Set(COUNTRIES.map(([code]) => code));
    for (const country of MEMBER_STATES) expect(known.has(country), country).toBe(true);
  });

  it("gives each a whole number of basis points between 15% and 28%", () => {
    for (const [country, rate] of Object.entries(EU_STANDARD_RATES.rates)) {
      expect(Number.isInteger(rate), country).toBe(true);
      expect(rate, country).toBeGreaterThanOrEqual(1500);
      expect(rate, country).toBeLessThanOrEqual(2800);
    }
  });

  it("is dated with a valid calendar date and names its source", () => {
    const { as_of, source } = EU_STANDARD_RATES;
    expect(as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const date = new Date(`${as_of}T00:00:00Z`);
    expect(Number.isNaN(date.getTime())).toBe(false);
    expect(date.toISOString().slice(0, 10)).toBe(as_of);
    expect(source).toMatch(/European Commission/);
  });

  it("answers the rates as country-wide tax rates, by country", () => {
    const rates = euStandardTaxRates();
    expect(rates.map((r) => r.country)).toEqual(MEMBER_STATES);
    expect(rates.find((r) => r.country === "FI")).toEqual({ country: "FI", state: null, basis_points: 2550 });
    expect(rates.every((r) => r.state === null)).toBe(true);
  });
});
