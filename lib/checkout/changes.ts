// What a write to an open session changes, shared by the merchant's PATCH, the buyer's PATCH and
// confirm: the product and price switch (among the session's products only), the buyer's amount, the discount (by id for the
// merchant, by code for the buyer), custom field answers, the customer fields, and the stored
// amounts recomputed from all of them. Every problem is collected, none is thrown here.
import { Prisma, type Discount, type ProductPrice } from "../generated/prisma/client";
import type { Tx } from "../db/client";
import type { Problem } from "../core/errors";
import type { CheckoutRow, ClientUpdateCheckoutBody, UpdateCheckoutBody } from "./schemas";
import { amountProblem, discountRefusal, priceCheckout } from "./pricing";
import { validateCustomFieldData } from "./custom-fields";
import { activeTrial, trialEnd, type Trial } from "../subscriptions/trial-terms";
import type { TaxIdOutcome } from "./tax-id";
import { priceIn } from "../currency/choice";
import { resolveSessionCurrency } from "../currency/session-currency";

type AddressValue = { country?: string | null; state?: string | null } | null;

/** A merchant's body or a buyer's: the fields either may send. */
export type CheckoutChanges = Partial<Omit<UpdateCheckoutBody, "allow_trial">> &
  Partial<Omit<ClientUpdateCheckoutBody, "allow_trial">> & { allow_trial?: boolean | null };

export type ResolvedChanges = {
  problems: Problem[];
  /** The update to write (amounts included) when there are no problems. */
  data: Prisma.CheckoutSessionUncheckedUpdateInput;
  /** The session's values after the change: what confirm validates. */
  next: {
    product: CheckoutRow["product"] | SwitchedProduct;
    price: ProductPrice;
    discount: Discount | null;
    customFieldData: Record<string, unknown>;
    billingAddress: AddressValue;
    customerEmail: string | null;
    customerName: string | null;
    customerTaxId: string | null;
    /** Each period's total (the first one's, with its discount) once any trial is over. */
    totalAmount: number;
    /** The trial the purchase starts with, or null. */
    trial: Trial | null;
    /** What confirm charges now: nothing during a trial (the card is saved), else totalAmount. */
    amountDue: number;
  };
};

// The tax ID is not among them: it is checked before the transaction (./tax-id.ts) and comes as
// resolveChanges' `taxId`.
const CUSTOMER_FIELDS = ["customer_name", "customer_email", "customer_ip_address", "locale"] as const;

/** A product switched to: what the answers and confirm need of it. */
type SwitchedProduct = Prisma.ProductGetPayload<{
  include: { attached_custom_fields: { include: { custom_field: true } }; prices: true };
}>;

/** The session's products: those given at create, or its own for a session made before there were several. */
export function offeredProductIds(session: Pick<CheckoutRow, "product_id" | "checkout_products">): string[] {
  return session.checkout_products.length
    ? session.checkout_products.map((offered) => offered.product_id)
    : [session.product_id];
}

type Switch = { product: CheckoutRow["product"] | SwitchedProduct; price: ProductPrice; problems: Problem[] };

/**
 * The product and price after `product_id` / `product_price_id`: another of the session's products
 * at its first price in the session's currency (else its first), or a price of one of them (of
 * `product_id` when both are sent).
 */
async function resolveProductSwitch(tx: Tx, session: CheckoutRow, body: CheckoutChanges): Promise<Switch> {
  const unchanged: Switch = { product: session.product, price: session.product_price, problems: [] };
  const refused = (field: "product_id" | "product_price_id", msg: string): Switch => ({
    ...unchanged,
    problems: [{ type: "value_error", loc: ["body", field], msg, input: body[field] }],
  });
  const offered = offeredProductIds(session);
  const wanted = body.product_id;
  if (wanted !== undefined && !offered.includes(wanted))
    return refused("product_id", "Product is not one of the checkout's products.");

  let price: ProductPrice | null = null;
  if (body.product_price_id !== undefined) {
    if (
      body.product_price_id === session.product_price_id &&
      (wanted ?? session.product_id) === session.product_id
    )
      return unchanged;
    price = await tx.productPrice.findFirst({
      where: {
        id: body.product_price_id,
        product_id: wanted ?? { in: offered },
        is_archived: false,
      },
    });
    if (!price)
      return refused("product_price_id", "Price does not exist, is archived, or belongs to another product.");
  } else if (wanted === undefined || wanted === session.product_id) {
    return unchanged;
  }
  if ((price?.product_id ?? wanted) === session.product_id && price) return { ...unchanged, price };

  const product = await tx.product.findUnique({
    where: { id: price?.product_id ?? wanted },
    include: {
      attached_custom_fields: { include: { custom_field: true }, orderBy: { order: "asc" } },
      prices: { where: { is_archived: false }, orderBy: [{ created_at: "asc" }, { id: "asc" }] },
    },
  });
  const prices = product?.prices ?? [];
  price ??= priceIn(prices, session.currency) ?? prices[0] ?? null;
  if (!product || product.is_archived || !price)
    return refused("product_id", "Product is archived or has no price.");
  return { product, price, problems: [] };
}

const MERCHANT_FIELDS = ["allow_discount_codes", "success_url", "embed_origin"] as const;

export async function resolveChanges(
  tx: Tx,
  session: CheckoutRow,
  body: CheckoutChanges,
  actor: "merchant" | "buyer",
  now: Date,
  taxId?: TaxIdOutcome,
  /** False at confirm: the currency the buyer was shown is charged (lib/currency/session-currency.ts). */
  { followCountry = true }: { followCountry?: boolean } = {},
): Promise<ResolvedChanges> {
  const problems: Problem[] = [];
  // A tax ID sent must have been checked (format, VIES) before the transaction: ./tax-id.ts.
  if (body.customer_tax_id !== undefined && !taxId)
    throw new Error("resolveChanges: customer_tax_id was sent but not checked (lib/checkout/tax-id.ts).");
  if (taxId?.kind === "problem") problems.push(taxId.problem);

  const switched = await resolveProductSwitch(tx, session, body);
  problems.push(...switched.problems);
  const { product } = switched;
  // The price in the currency the session presents after this write (docs/currencies.md).
  const currency = await resolveSessionCurrency(tx, {
    session,
    price: switched.price,
    prices: product.prices,
    body,
    followCountry,
  });
  if (currency.problem) problems.push(currency.problem);
  const price = currency.price;
  const productChanged = product.id !== session.product_id;
  // A buyer's amount carries over only while the price stays the same custom price; a new custom
  // price starts from its preset (computeAmounts' default).
  let amount =
    price.amount_type === "custom" && price.id === session.product_price_id ? session.amount : null;
  if (body.amount !== undefined) {
    const problem = amountProblem(price, body.amount);
    if (problem) problems.push(problem);
    else amount = body.amount;
  }

  let discount = session.discount;
  let discountLocked = session.discount_locked;
  const discountProblem = (loc: string, msg: string, input: unknown) =>
    problems.push({ type: "value_error", loc: ["body", loc], msg, input });

  if (actor === "merchant" && body.discount_id === null) {
    discount = null;
    discountLocked = false;
  } else if (actor === "merchant" && typeof body.discount_id === "string") {
    const candidate = await tx.discount.findFirst({
      where: { id: body.discount_id, organization_id: session.organization_id },
    });
    const refusal = candidate
      ? await discountRefusal(tx, candidate, price, { now })
      : "Discount does not exist.";
    if (refusal) discountProblem("discount_id", refusal, body.discount_id);
    else {
      discount = candidate;
      discountLocked = true;
    }
  } else if (
    actor === "buyer" &&
    body.discount_code !== undefined &&
    session.allow_discount_codes &&
    !session.discount_locked
  ) {
    // Codes are ignored (not refused) when the merchant disabled them or fixed the discount.
    if (body.discount_code === null) discount = null;
    else {
      const candidate = await tx.discount.findFirst({
        where: { organization_id: session.organization_id, code_key: body.discount_code.toLowerCase() },
      });
      const refusal = candidate
        ? await discountRefusal(tx, candidate, price, { now })
        : "Discount code is not valid.";
      if (refusal) discountProblem("discount_code", refusal, body.discount_code);
      else discount = candidate;
    }
  } else if (
    discount &&
    price.id !== session.product_price_id &&
    (await discountRefusal(tx, discount, price, { priceOnly: true }))
  ) {
    if (discountLocked && body.currency && price.price_currency !== session.currency) {
      // The merchant's discount stays: a currency it has no amount in is refused, not silently
      // sold without it (docs/currencies.md "Discounts").
      discountProblem(
        "currency",
        `The checkout's discount has no amount in ${price.price_currency.toUpperCase()}.`,
        body.currency,
      );
    } else {
      // The price changed under a discount that does not apply to it: drop the discount.
      discount = null;
      discountLocked = false;
    }
  }

  let customFieldData = (session.custom_field_data ?? {}) as Record<string, unknown>;
  let customFieldDataChanged = false;
  if (body.custom_field_data !== undefined) {
    const answers = validateCustomFieldData(product.attached_custom_fields, body.custom_field_data);
    problems.push(...answers.problems);
    // The answers sent replace the stored ones, as metadata does.
    customFieldData = answers.data;
    customFieldDataChanged = true;
  } else if (productChanged) {
    // Another product asks its own fields: keep the answers to those it shares with the last one.
    const asked = new Set(product.attached_custom_fields.map((a) => a.custom_field.slug));
    customFieldData = Object.fromEntries(Object.entries(customFieldData).filter(([slug]) => asked.has(slug)));
    customFieldDataChanged = true;
  }

  const billingAddress: AddressValue =
    body.customer_billing_address !== undefined
      ? (body.customer_billing_address ?? null)
      : (session.customer_billing_address as AddressValue);
  // A stored ID checked again at confirm is written only if it is still the session's (under the lock).
  const taxIdWritten =
    taxId?.kind === "set" && (!taxId.recheck || taxId.columns.customer_tax_id === session.customer_tax_id)
      ? taxId.columns
      : null;
  const amounts = await priceCheckout(tx, {
    organizationId: session.organization_id,
    price,
    amount,
    discount,
    billingAddress,
    // The tax ID the session will have: the reverse charge reads a verified EU VAT number.
    taxId: taxIdWritten ?? session,
  });

  // The merchant sets the session's trial and may allow or disallow it; the buyer may only decline it
  // (after being told they had one: lib/checkout/confirm.ts).
  const trialFields = {
    trial_interval: session.trial_interval,
    trial_interval_count: session.trial_interval_count,
  };
  if (actor === "merchant" && body.trial_interval !== undefined) {
    trialFields.trial_interval = body.trial_interval ?? null;
    trialFields.trial_interval_count = body.trial_interval ? (body.trial_interval_count ?? 1) : null;
  } else if (actor === "merchant" && body.trial_interval_count && trialFields.trial_interval) {
    trialFields.trial_interval_count = body.trial_interval_count;
  }
  const allowTrial = body.allow_trial ?? session.allow_trial;
  const trial = activeTrial({ allowTrial, session: trialFields, product, price });

  const data: Prisma.CheckoutSessionUncheckedUpdateInput = {
    ...amounts,
    ...trialFields,
    allow_trial: allowTrial,
    trial_end: trial ? trialEnd(now, trial) : null,
    modified_at: now,
    product_id: product.id,
    product_price_id: price.id,
    currency_picked: currency.picked,
    discount_id: discount?.id ?? null,
    discount_locked: discountLocked,
  };
  const fields = actor === "merchant" ? [...CUSTOMER_FIELDS, ...MERCHANT_FIELDS] : CUSTOMER_FIELDS;
  for (const key of fields) {
    const value = (body as Record<string, unknown>)[key];
    if (value !== undefined) (data as Record<string, unknown>)[key] = value;
  }
  if (body.customer_billing_address !== undefined) {
    data.customer_billing_address = body.customer_billing_address ?? Prisma.DbNull;
  }
  if (actor === "merchant") {
    if (body.metadata !== undefined) data.metadata = body.metadata;
    if (body.customer_metadata !== undefined) data.customer_metadata = body.customer_metadata;
  }
  if (customFieldDataChanged) data.custom_field_data = customFieldData as Prisma.InputJsonObject;
  let customerTaxId = session.customer_tax_id;
  if (taxIdWritten) {
    Object.assign(data, taxIdWritten);
    customerTaxId = taxIdWritten.customer_tax_id;
  }

  const pick = <K extends "customer_email" | "customer_name">(key: K) =>
    body[key] !== undefined ? (body[key] ?? null) : session[key];
  return {
    problems,
    data,
    next: {
      product,
      price,
      discount,
      customFieldData,
      billingAddress,
      customerEmail: pick("customer_email"),
      customerName: pick("customer_name"),
      customerTaxId,
      totalAmount: amounts.total_amount,
      trial,
      amountDue: trial ? 0 : amounts.total_amount,
    },
  };
}
