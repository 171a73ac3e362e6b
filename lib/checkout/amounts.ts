// The checkout's money rules (docs/api.md §6), pure and shared by every path that prices a
// session: create, update, confirm, and the hosted page's summary. All amounts are integers in
// the currency's minor unit.
import { reverseCharge } from "../tax/reverse-charge";
import { resolveTaxBehavior, splitTax, type TaxBehavior } from "../tax/tax-behavior";

export type PriceForAmounts = {
  type: "one_time" | "recurring";
  amount_type: "fixed" | "custom" | "free";
  price_amount: number | null;
  preset_amount: number | null;
};

export type DiscountForAmounts =
  { type: "fixed"; amount: number } | { type: "percentage"; basis_points: number };

export type CheckoutAmounts = {
  /** The price's amount, or the buyer's for pay-what-you-want; null for free prices. */
  amount: number | null;
  discount_amount: number;
  subtotal_amount: number;
  tax_amount: number;
  total_amount: number;
  is_free_product_price: boolean;
  is_discount_applicable: boolean;
  is_payment_required: boolean;
  is_payment_setup_required: boolean;
  is_payment_form_required: boolean;
};

export const DEFAULT_CUSTOM_AMOUNT = 1000;
export { MAX_CUSTOM_AMOUNT, MIN_CUSTOM_AMOUNT } from "../products/amount-bounds";

/** value * basisPoints / 10000, rounded half up, in integers (no floating-point drift). */
export function applyBasisPoints(value: number, basisPoints: number): number {
  return Math.floor((value * basisPoints + 5000) / 10000);
}

/** What the buyer pays before discount: fixed price, buyer's amount (else preset, else 1000), or null. */
export function baseAmount(price: PriceForAmounts, buyerAmount: number | null | undefined): number | null {
  if (price.amount_type === "free") return null;
  if (price.amount_type === "fixed") return price.price_amount ?? 0;
  return buyerAmount ?? price.preset_amount ?? DEFAULT_CUSTOM_AMOUNT;
}

export function discountAmount(amount: number, discount: DiscountForAmounts | null): number {
  if (!discount) return 0;
  if (discount.type === "fixed") return Math.min(discount.amount, amount);
  return Math.min(applyBasisPoints(amount, discount.basis_points), amount);
}

export function computeAmounts(input: {
  price: PriceForAmounts;
  amount?: number | null;
  discount?: DiscountForAmounts | null;
  /** The organization's rate for the billing address, in basis points; 0 when none applies. */
  taxBasisPoints?: number;
  /** Exclusive (tax added on top, the default) or inclusive (tax taken out of the price). */
  taxBehavior?: TaxBehavior;
}): CheckoutAmounts {
  const { price } = input;
  const amount = baseAmount(price, input.amount);
  const isFree = price.amount_type === "free";
  const isDiscountApplicable = !isFree;
  const discount =
    amount !== null && isDiscountApplicable ? discountAmount(amount, input.discount ?? null) : 0;
  // The discount comes off the price as shown; the tax is then added to it or taken out of it.
  const {
    net: subtotal,
    tax,
    total,
  } = splitTax((amount ?? 0) - discount, input.taxBasisPoints ?? 0, input.taxBehavior ?? "exclusive");
  const isPaymentRequired = total > 0;
  const isPaymentSetupRequired = price.type === "recurring" && !isFree;
  return {
    amount,
    discount_amount: discount,
    subtotal_amount: subtotal,
    tax_amount: tax,
    total_amount: total,
    is_free_product_price: isFree,
    is_discount_applicable: isDiscountApplicable,
    is_payment_required: isPaymentRequired,
    is_payment_setup_required: isPaymentSetupRequired,
    is_payment_form_required: isPaymentRequired || isPaymentSetupRequired,
  };
}

export type TaxRateRow = { country: string; state: string | null; basis_points: number };

/** The rate for an address: a state-specific rate wins over the country-wide one. */
export function taxBasisPointsFor(
  rates: readonly TaxRateRow[],
  address: { country?: string | null; state?: string | null } | null | undefined,
): number {
  const country = address?.country?.toUpperCase();
  if (!country) return 0;
  const state = address?.state?.toUpperCase() ?? null;
  const forCountry = rates.filter((r) => r.country.toUpperCase() === country);
  const exact = state ? forCountry.find((r) => r.state?.toUpperCase() === state) : undefined;
  return (exact ?? forCountry.find((r) => r.state === null))?.basis_points ?? 0;
}

/** What the tax of a sale depends on besides the buyer: the organization's rates and the seller. */
export type TaxContext = {
  rates: TaxRateRow[];
  /** The organization's `default_tax_behavior`, for prices without their own. */
  defaultBehavior: string;
  /** The seller's address country and EU VAT number (null when its tax ID is not `eu_vat`). */
  seller: { country: string | null; euVatId: string | null };
};

/** The buyer as the tax sees them: billing address and tax ID (type, and whether VIES verified it). */
export type TaxBuyer = {
  address: { country?: string | null; state?: string | null } | null | undefined;
  taxIdType: string | null | undefined;
  taxIdVerified: boolean;
};

/**
 * The rate of a sale: 0 with the EU reverse charge (lib/tax/reverse-charge.ts), else the rate of
 * the buyer's billing address; and its behaviour, from the price's option (`priceBehavior`: a
 * price's or a subscription's `tax_behavior`), else the organization's default.
 */
export function saleTax(
  context: TaxContext,
  buyer: TaxBuyer,
  priceBehavior?: string | null,
): { basisPoints: number; reverseCharge: boolean; behavior: TaxBehavior } {
  const reversed = reverseCharge({
    sellerCountry: context.seller.country,
    sellerVatId: context.seller.euVatId,
    buyerCountry: buyer.address?.country,
    buyerTaxIdType: buyer.taxIdType,
    buyerTaxIdVerified: buyer.taxIdVerified,
  });
  return {
    basisPoints: reversed ? 0 : taxBasisPointsFor(context.rates, buyer.address),
    reverseCharge: reversed,
    behavior: resolveTaxBehavior(priceBehavior, context.defaultBehavior, buyer.address?.country),
  };
}

/** How long a discount lasts on a subscription (the discount's own fields). */
export type DiscountDuration = {
  duration: "once" | "forever" | "repeating";
  duration_in_months: number | null;
};

/**
 * What each period of a subscription costs, tax included, once a discount that covers only its
 * first period(s) (`once`, `repeating`) ends: the same computation as a renewal without the
 * discount (lib/subscriptions/renewals.ts). Null when nothing changes: a one-time price, no or a
 * `forever` discount, or a discount that took nothing off.
 */
export function totalAfterDiscountEnds(input: {
  price: PriceForAmounts;
  amount?: number | null;
  discount: (DiscountForAmounts & DiscountDuration) | null;
  taxBasisPoints?: number;
  taxBehavior?: TaxBehavior;
}): number | null {
  const { price, discount } = input;
  if (price.type !== "recurring" || !discount || discount.duration === "forever") return null;
  const discounted = computeAmounts(input);
  if (discounted.discount_amount === 0) return null;
  return computeAmounts({ ...input, discount: null }).total_amount;
}

/**
 * An order's amounts from its session's. An order's amounts are always tax-exclusive, whatever the
 * price's behaviour: subtotal (the price before tax) − discount = net (`amount`); net + tax = what
 * the buyer paid. A session's `amount` and `discount_amount` are in the price's terms, as the buyer
 * read them: for an inclusive price, with tax; so the order's discount is the tax-exclusive price
 * minus the net (11900 at 19 % with 10 % off: subtotal 10000, discount 1000, net 9000, tax 1710).
 */
export function orderAmountsOf(session: {
  amount: number | null;
  discount_amount: number;
  subtotal_amount: number | null;
  tax_amount: number | null;
  tax_basis_points: number;
  tax_behavior: string;
}): { amount: number; discount_amount: number; tax_amount: number } {
  const net = session.subtotal_amount ?? 0;
  const tax = session.tax_amount ?? 0;
  if (session.tax_behavior !== "inclusive" || session.discount_amount === 0) {
    return { amount: net, discount_amount: session.discount_amount, tax_amount: tax };
  }
  const listNet = splitTax(session.amount ?? 0, session.tax_basis_points, "inclusive").net;
  return { amount: net, discount_amount: Math.max(0, listNet - net), tax_amount: tax };
}
