// Rules shared by every checkout write (update now; create, client update and confirm next):
// whether a discount applies to a price, whether a buyer's amount is allowed, and the stored
// amounts recomputed from the session's price, amount, discount and billing country.
import { Prisma, type Discount, type ProductPrice } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import {
  computeAmounts,
  MAX_CUSTOM_AMOUNT,
  MIN_CUSTOM_AMOUNT,
  saleTax,
  totalAfterDiscountEnds,
  type DiscountForAmounts,
  type DiscountDuration,
  type TaxContext,
} from "./amounts";
import { sellerEuVatId } from "../tax/reverse-charge";
import type { Problem } from "../core/errors";
import { fixedAmountIn } from "../currency/choice";

/**
 * Why a discount cannot be used on this price now, or null when it can. With `priceOnly`, only the
 * rules that depend on the price (free price, currency, product restriction) are checked: a
 * discount already on a session whose price changes is kept or dropped by these alone.
 */
export async function discountRefusal(
  db: DbOrTx,
  discount: Discount,
  price: ProductPrice,
  options: { now?: Date; priceOnly?: boolean } = {},
): Promise<string | null> {
  const now = options.now ?? new Date();
  // Deleted while a session held it: gone for every rule, so a price change drops it too.
  if (discount.deleted_at) return "Discount is no longer redeemable.";
  if (price.amount_type === "free") return "Discounts do not apply to free prices.";
  // A fixed discount applies in the currencies it has an amount in (docs/currencies.md "Discounts").
  if (discount.type === "fixed" && fixedAmountIn(discount, price.price_currency) === null) {
    return "Discount currency does not match the price.";
  }
  if (!options.priceOnly) {
    if (discount.starts_at && discount.starts_at > now) return "Discount is not yet redeemable.";
    if (discount.ends_at && discount.ends_at <= now) return "Discount is no longer redeemable.";
    if (discount.max_redemptions !== null && discount.redemptions_count >= discount.max_redemptions) {
      return "Discount is no longer redeemable.";
    }
  }
  const restrictions = await db.discountProduct.findMany({ where: { discount_id: discount.id } });
  if (restrictions.length && !restrictions.some((r) => r.product_id === price.product_id)) {
    return "Discount does not apply to this product.";
  }
  return null;
}

export function amountProblem(price: ProductPrice, amount: number): Problem | null {
  const problem = (type: string, msg: string): Problem => ({
    type,
    loc: ["body", "amount"],
    msg,
    input: amount,
  });
  if (price.amount_type !== "custom")
    return problem("value_error", "Amount can only be set on pay-what-you-want prices.");
  const min = Math.max(MIN_CUSTOM_AMOUNT, price.minimum_amount ?? 0);
  const max = Math.min(MAX_CUSTOM_AMOUNT, price.maximum_amount ?? MAX_CUSTOM_AMOUNT);
  if (amount < min) return problem("greater_than_equal", `Input should be greater than or equal to ${min}`);
  if (amount > max) return problem("less_than_equal", `Input should be less than or equal to ${max}`);
  return null;
}

/** The discount's terms for a price in `currency` (a fixed one's amount in that currency). */
export function discountForAmounts(discount: Discount | null, currency: string): DiscountForAmounts | null {
  if (!discount) return null;
  return discount.type === "fixed"
    ? { type: "fixed", amount: fixedAmountIn(discount, currency) ?? 0 }
    : { type: "percentage", basis_points: discount.basis_points ?? 0 };
}

export function discountDuration(discount: Discount): DiscountDuration {
  return { duration: discount.duration, duration_in_months: discount.duration_in_months };
}

/**
 * The organization's tax rates and the seller's country and EU VAT number (the reverse charge), in
 * one statement sent straight like the rest of the purchase path's (every checkout write and
 * confirm reads them): the organization's row joined to its rates, one row per rate (one row with
 * a null rate when it has none).
 */
export async function taxContextOf(db: DbOrTx, organizationId: string): Promise<TaxContext> {
  const rows = await directSql<{
    country: string | null;
    state: string | null;
    basis_points: number | null;
    seller_country: string | null;
    seller_tax_id: string | null;
    seller_tax_id_type: string | null;
    default_tax_behavior: string;
  }>(
    db,
    Prisma.sql`SELECT t.country, t.state, t.basis_points, o.address->>'country' AS seller_country,
                      o.tax_id AS seller_tax_id, o.tax_id_type AS seller_tax_id_type,
                      o.default_tax_behavior
                 FROM organizations o LEFT JOIN tax_rates t ON t.organization_id = o.id
                WHERE o.id = ${organizationId}::uuid`,
  );
  const first = rows[0];
  return {
    rates: rows
      .filter((r) => r.country !== null && r.basis_points !== null)
      .map((r) => ({ country: r.country!, state: r.state, basis_points: r.basis_points! })),
    defaultBehavior: first?.default_tax_behavior ?? "exclusive",
    seller: {
      country: first?.seller_country ?? null,
      euVatId: first
        ? sellerEuVatId({ tax_id: first.seller_tax_id, tax_id_type: first.seller_tax_id_type })
        : null,
    },
  };
}

/** The amount columns of a session for these inputs. */
export async function priceCheckout(
  db: DbOrTx,
  input: {
    organizationId: string;
    price: ProductPrice;
    amount: number | null;
    discount: Discount | null;
    billingAddress: { country?: string | null; state?: string | null } | null;
    /** The buyer's tax ID as the session will have it: the reverse charge reads a verified `eu_vat`. */
    taxId: { customer_tax_id_type: string | null; customer_tax_id_verified_at: Date | null };
  },
) {
  const tax = saleTax(
    await taxContextOf(db, input.organizationId),
    {
      address: input.billingAddress,
      taxIdType: input.taxId.customer_tax_id_type,
      taxIdVerified: input.taxId.customer_tax_id_verified_at !== null,
    },
    input.price.tax_behavior,
  );
  const inputs = {
    price: input.price,
    amount: input.amount,
    discount: discountForAmounts(input.discount, input.price.price_currency),
    taxBasisPoints: tax.basisPoints,
    taxBehavior: tax.behavior,
  };
  const amounts = computeAmounts(inputs);
  return {
    amount: amounts.amount,
    discount_amount: amounts.discount_amount,
    subtotal_amount: amounts.subtotal_amount,
    tax_amount: amounts.tax_amount,
    total_amount: amounts.total_amount,
    total_amount_after_discount_ends: totalAfterDiscountEnds({
      ...inputs,
      discount:
        inputs.discount && input.discount
          ? { ...inputs.discount, ...discountDuration(input.discount) }
          : null,
    }),
    currency: input.price.price_currency,
    reverse_charge: tax.reverseCharge,
    tax_behavior: tax.behavior,
    tax_basis_points: tax.basisPoints,
  };
}
