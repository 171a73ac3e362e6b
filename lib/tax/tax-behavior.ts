// Tax-inclusive and tax-exclusive prices (docs/tax.md "Tax-inclusive prices"), pure. An exclusive
// price is before tax: the tax is added on top. An inclusive price is what the buyer pays: the tax
// is taken out of it. `location` is inclusive where consumer prices are customarily shown with tax
// included (the EU, the rest of Europe, Australia, New Zealand, Japan, …) and exclusive elsewhere
// (the United States, Canada, where sales tax is added at the till).
import { isEuMemberState } from "./reverse-charge";

export const TAX_BEHAVIORS = ["inclusive", "exclusive"] as const;
export type TaxBehavior = (typeof TAX_BEHAVIORS)[number];
export const TAX_BEHAVIOR_OPTIONS = ["location", "inclusive", "exclusive"] as const;
export type TaxBehaviorOption = (typeof TAX_BEHAVIOR_OPTIONS)[number];

/** Outside the EU, the countries whose consumer prices include VAT/GST by custom or by law. */
const INCLUSIVE_OUTSIDE_EU: ReadonlySet<string> = new Set(
  "AD AL AU BA CH GB IS JP LI MC ME MK NO NZ RS SG SM TR UA ZA".split(" "),
);

/** Whether prices for a buyer billed in `country` are customarily shown with tax included. */
export function pricesIncludeTaxIn(country: string | null | undefined): boolean {
  const code = country?.trim().toUpperCase();
  return !!code && (isEuMemberState(code) || INCLUSIVE_OUTSIDE_EU.has(code));
}

/**
 * The behaviour of a sale: the price's own option, else the organization's default; `location`
 * by the buyer's billing country (exclusive while the country is unknown: no rate applies then).
 */
export function resolveTaxBehavior(
  priceOption: string | null | undefined,
  organizationDefault: string | null | undefined,
  buyerCountry: string | null | undefined,
): TaxBehavior {
  const option = priceOption ?? organizationDefault ?? "exclusive";
  if (option === "inclusive" || option === "exclusive") return option;
  return pricesIncludeTaxIn(buyerCountry) ? "inclusive" : "exclusive";
}

/**
 * value × basisPoints / divisor rounded half up, in integers (no floating-point drift). Amounts are
 * integers in the currency's minor unit, so this rounds to the minor unit of every currency: the
 * cent, the yen, the fils (bhd, 3 digits) alike.
 */
function roundedRatio(value: number, numerator: number, denominator: number): number {
  return Math.floor((2 * value * numerator + denominator) / (2 * denominator));
}

/** The tax on top of a tax-exclusive amount: amount × rate, rounded half up to the minor unit. */
export function exclusiveTax(net: number, basisPoints: number): number {
  return roundedRatio(net, basisPoints, 10000);
}

/**
 * The tax inside a tax-inclusive amount: gross × rate / (1 + rate), rounded half up to the minor
 * unit; the net is the rest, so net + tax is always exactly what the buyer pays.
 * 11900 at 19 % → 1900 tax, 10000 net; 999 at 19 % → 160 tax (159.50), 839 net.
 */
export function inclusiveTax(gross: number, basisPoints: number): number {
  return roundedRatio(gross, basisPoints, 10000 + basisPoints);
}

/** An amount in the price's terms split into net, tax and total under a behaviour. */
export function splitTax(
  amount: number,
  basisPoints: number,
  behavior: TaxBehavior,
): { net: number; tax: number; total: number } {
  if (behavior === "inclusive") {
    const tax = inclusiveTax(amount, basisPoints);
    return { net: amount - tax, tax, total: amount };
  }
  const tax = exclusiveTax(amount, basisPoints);
  return { net: amount, tax, total: amount + tax };
}
