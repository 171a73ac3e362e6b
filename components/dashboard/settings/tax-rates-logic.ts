// The tax rate editor's rows and the PUT body made from them: a rate typed as a percentage with up
// to two decimals ("19", "7.5", "8,875" is too precise) becomes basis points (1900, 750); problems
// found before sending are keyed like the API's 422 locs (`tax_rates.<row>.basis_points`), so both
// show on the same row's field. Rows are never dropped before sending: row n is the API's index n.
import type { ReplaceTaxRates, TaxRate } from "../hooks/organizations";

export const MAX_BASIS_POINTS = 10_000;

export type TaxRateRow = {
  /** Stable React key of the row (not sent). */
  key: string;
  country: string;
  state: string;
  percent: string;
};

/** Basis points as a percentage with two decimals: 1900 → "19.00", 875 → "8.75". */
export function percentFromBasisPoints(basisPoints: number): string {
  const sign = basisPoints < 0 ? "-" : "";
  const absolute = Math.abs(basisPoints);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * A typed percentage → basis points, without float arithmetic: "19" → 1900, "7.5" → 750, "0,25" →
 * 25, "19 %" → 1900. null when it is not a number with at most two decimals or is over 100.
 */
export function basisPointsFromPercent(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, "").replace(",", ".");
  const match = /^(\d{0,3})(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match || !/\d/.test(trimmed)) return null;
  const whole = match[1] || "0";
  const fraction = match[2] ?? "";
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return basisPoints <= MAX_BASIS_POINTS ? basisPoints : null;
}

let nextKey = 0;
function rowKey(): string {
  nextKey += 1;
  return `rate-${nextKey}`;
}

export function emptyTaxRateRow(): TaxRateRow {
  return { key: rowKey(), country: "", state: "", percent: "" };
}

export function rowsFromTaxRates(rates: readonly TaxRate[]): TaxRateRow[] {
  return rates.map((rate) => ({
    key: rate.id,
    country: rate.country,
    state: rate.state ?? "",
    percent: percentFromBasisPoints(rate.basis_points),
  }));
}

/**
 * The form fields of `rows` rows, for placing the API's problems (`tax_rates.1.state`, …); a
 * problem of the whole list (too many rates) has no field and shows above the table.
 */
export function taxRateFields(rowCount: number): string[] {
  const fields: string[] = [];
  for (let index = 0; index < rowCount; index++) {
    const row = `tax_rates.${index}`;
    fields.push(row, `${row}.country`, `${row}.state`, `${row}.basis_points`);
  }
  return fields;
}

/** The whole list as the PUT body, or the problems found in it (keyed like the API's). */
export function taxRatesBody(rows: readonly TaxRateRow[]): {
  body: ReplaceTaxRates;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const seen = new Map<string, number>();
  const tax_rates = rows.map((row, index) => {
    const country = row.country.trim().toUpperCase();
    const state = row.state.trim().toUpperCase() || null;
    const basisPoints = basisPointsFromPercent(row.percent);
    if (!country) errors[`tax_rates.${index}.country`] = "Choose a country.";
    if (basisPoints === null)
      errors[`tax_rates.${index}.basis_points`] = "Enter a rate from 0 to 100 with at most 2 decimals.";
    const place = `${country}/${state ?? ""}`;
    if (country && seen.has(place))
      errors[`tax_rates.${index}`] = `Same place as row ${(seen.get(place) ?? 0) + 1}.`;
    else seen.set(place, index);
    return { country, state, basis_points: basisPoints ?? 0 };
  });
  return { body: { tax_rates }, errors };
}
