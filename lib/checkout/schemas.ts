import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { publicBaseUrl } from "../public-url";
import {
  addressInput,
  addressSchema,
  dateTime,
  jsonObject,
  timestamps,
  toAddress,
  trialCountSchema,
  trialIntervalSchema,
} from "../core/schemas";
import { localeInput, localeOutput } from "../i18n/schemas";
import { boundedJsonObject, metadataOut, metadataSchema } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, int4, queryList } from "../core/validation";
import {
  checkoutProductInclude,
  checkoutProductSchema,
  productPriceSchema,
  toCheckoutProduct,
  toProductPrice,
} from "../products/schemas";
import { checkoutDiscountSchema, withDiscountAmounts } from "../discounts/schemas";
import { checkoutCurrency } from "../currency/checkout-view";
import { pricesInCurrency } from "../currency/prices";
import { attachedCustomFieldSchema, toAttachedCustomField } from "../custom-fields/schemas";
import { organizationSchema, toOrganization } from "../organizations/schemas";
import { computeAmounts } from "./amounts";
import { trialOf } from "../subscriptions/trial-terms";

const STATUSES = ["open", "expired", "confirmed", "succeeded", "failed"] as const;

/** How the page asks for each part of the billing address. */
const fieldMode = z.enum(["required", "optional", "disabled"]);
const billingAddressFieldsSchema = z.object({
  country: fieldMode,
  state: fieldMode,
  city: fieldMode,
  postal_code: fieldMode,
  line1: fieldMode,
  line2: fieldMode,
});

/** The country is required when the buyer pays or saves a card (lib/checkout/confirm.ts); the rest optional. */
function billingAddressFields(paying: boolean): z.output<typeof billingAddressFieldsSchema> {
  const rest = paying ? "optional" : "disabled";
  return {
    country: paying ? "required" : "disabled",
    state: rest,
    city: rest,
    postal_code: rest,
    line1: rest,
    line2: rest,
  };
}

/** The merchant's view of a checkout session (Get, Update, list). */
export const checkoutSchema = z.object({
  id: z.string(),
  ...timestamps,
  custom_field_data: jsonObject,
  payment_processor: z.string(),
  status: z.enum(STATUSES),
  client_secret: z.string(),
  url: z.string(),
  expires_at: dateTime,
  success_url: z.string(),
  /** Where the page's back link goes: not offered, so null (the page has no back link). */
  return_url: z.string().nullable(),
  embed_origin: z.string().nullable(),
  amount: z.number().int().nullable(),
  /** Seat and unit pricing are not offered: null, as the reference answers for other prices. */
  units: z.number().int().nullable(),
  min_units: z.number().int().nullable(),
  max_units: z.number().int().nullable(),
  discount_amount: z.number().int(),
  /** After the discount, before tax (`subtotal_amount`, the name the current API uses). */
  net_amount: z.number().int().nullable(),
  tax_amount: z.number().int().nullable(),
  /** `inclusive`: the price includes the tax; `exclusive`: tax is added on top (docs/tax.md). */
  tax_behavior: z.enum(["inclusive", "exclusive"]).nullable(),
  subtotal_amount: z.number().int().nullable(),
  total_amount: z.number().int().nullable(),
  currency: z.string(),
  /**
   * The trial (docs/subscriptions.md "Trials"): `trial_interval`/`_count` the session's own (else
   * null: the product's applies), `active_*` the one this purchase gets, `trial_end` when it would
   * end if confirmed now (null: no trial, the first period is charged at once).
   */
  allow_trial: z.boolean().nullable(),
  active_trial_interval: trialIntervalSchema.nullable(),
  active_trial_interval_count: z.number().int().nullable(),
  trial_end: dateTime.nullable(),
  trial_interval: trialIntervalSchema.nullable(),
  trial_interval_count: z.number().int().nullable(),
  organization_id: z.string(),
  product_id: z.string(),
  product_price_id: z.string(),
  discount_id: z.string().nullable(),
  allow_discount_codes: z.boolean(),
  /** Only the country is asked for (and only when paying): never the full address. */
  require_billing_address: z.boolean(),
  billing_address_fields: billingAddressFieldsSchema,
  is_discount_applicable: z.boolean(),
  is_free_product_price: z.boolean(),
  is_payment_required: z.boolean(),
  is_payment_setup_required: z.boolean(),
  is_payment_form_required: z.boolean(),
  customer_id: z.string().nullable(),
  /** Business purchases (a company name and tax ID on the invoice) are not offered yet. */
  is_business_customer: z.boolean(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_ip_address: z.string().nullable(),
  /** The name on the receipt: the buyer's name. */
  customer_billing_name: z.string().nullable(),
  customer_billing_address: addressSchema.nullable(),
  customer_tax_id: z.string().nullable(),
  /** With customer_tax_id, the pair [value, type]: `eu_vat`, `gb_vat`, … (null with no tax ID). */
  customer_tax_id_type: z.string().nullable(),
  /**
   * `verified`: VIES confirmed the EU VAT number; `unverified`: not confirmed (VIES could not
   * answer, or a type no registry is asked about): taxed normally; null: no tax ID (docs/tax.md).
   */
  customer_tax_id_status: z.enum(["verified", "unverified"]).nullable(),
  /**
   * The EU reverse charge applies (docs/tax.md "Reverse charge"): a business buyer in another
   * member state than the seller, with a verified EU VAT number, pays no tax (`tax_amount` 0).
   */
  reverse_charge: z.boolean(),
  locale: localeOutput,
  customer_metadata: metadataOut,
  external_customer_id: z.string().nullable(),
  payment_processor_metadata: jsonObject,
  /** Null until paid: a session does not say how the buyer will pay. */
  payment_method_type: z.string().nullable(),
  metadata: metadataOut,
  subscription_id: z.string().nullable(),
  /** The product the buyer has picked, and its price. */
  product: checkoutProductSchema,
  product_price: productPriceSchema,
  /** The products the buyer may pick among, in the order given at create (the picked one included). */
  products: z.array(checkoutProductSchema),
  /** Each offered product's prices, by product id. */
  prices: z.record(z.string(), z.array(productPriceSchema)).nullable(),
  discount: checkoutDiscountSchema.nullable(),
  attached_custom_fields: z.array(attachedCustomFieldSchema),
});

/**
 * The buyer's view (client-secret routes): no merchant metadata nor the merchant's own id for the
 * buyer, plus the selling organization.
 */
export const checkoutClientSchema = checkoutSchema
  .omit({ metadata: true, subscription_id: true, customer_metadata: true, external_customer_id: true })
  .extend({
    /** The selling organization; `twitter_username` for the specification's era SDK (its social name). */
    organization: organizationSchema.extend({ twitter_username: z.string().nullable() }),
    livemode: z
      .boolean()
      .describe(
        'The selling organization\'s mode: false for a test organization, whose payments are not real (the page shows "Test mode").',
      ),
    /**
     * A subscription whose discount covers only its first period(s) (`once`, `repeating`): what each
     * period costs once the discount ends, tax included ("$8.57 today, then $10.71 / month").
     * Null when the price does not change.
     */
    total_amount_after_discount_ends: z.number().int().nullable(),
    /** The order the purchase became (status `succeeded`), with its number and receipt links. */
    order: z
      .object({
        id: z.string(),
        invoice_number: z.string(),
        receipt_url: z.string(),
        receipt_pdf_url: z.string(),
      })
      .nullable(),
  });

/**
 * The Confirm response: the client view with the customer session token (shown once). The token is
 * null while the payment waits for the buyer (status `open`, the processor's step in
 * `payment_processor_metadata.next_action`).
 */
export const checkoutConfirmedSchema = checkoutClientSchema.extend({
  customer_session_token: z.string().nullable(),
});

export const listCheckoutsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  product_id: queryList(id()),
  status: queryList(z.enum(STATUSES)),
  sorting: sortingQuery(["created_at", "expires_at"], ["-created_at"]),
});
export type ListCheckoutsQuery = z.output<typeof listCheckoutsQuery>;

export const httpUrl = (max: number) => z.url({ protocol: /^https?$/ }).max(max);

/**
 * The buyer's tax ID: a bare value (its type guessed from its form) or the pair [value, type]
 * (docs/tax.md "Tax IDs and VIES"); the format per type, and VIES for an EU VAT number, are checked
 * by lib/checkout/tax-id.ts. "" or null removes it.
 */
const taxIdInput = z.union([
  z.string().trim().max(64),
  z.tuple([z.string().trim().min(1).max(64), z.string().trim().max(32)], {
    error: "Tax ID should be a string or a [value, type] pair",
  }),
]);

/** The buyer's details, accepted by every write (create, both PATCHes, confirm). */
const customerFields = {
  customer_name: z.string().trim().max(256).nullish(),
  // Trimmed before the address check, so " buyer@example.com " is accepted and stored trimmed.
  customer_email: z.string().trim().pipe(z.email().max(320)).nullish(),
  customer_ip_address: z.string().max(64).nullish(),
  customer_billing_address: addressInput.nullish(),
  customer_tax_id: taxIdInput.nullish(),
  /** The buyer's language (docs/i18n.md): the page's texts, the receipt's and the emails'. */
  locale: localeInput.nullish(),
};

/** Answers keyed by custom field slug; checked against the product's fields by the service. */
const customFieldData = boundedJsonObject.optional();

/** The most products one session (or checkout link) may offer. */
export const MAX_CHECKOUT_PRODUCTS = 20;

/**
 * Product ids, 1 to MAX_CHECKOUT_PRODUCTS of them, each once (the buyer picks among them on the
 * page; the first is picked to start with).
 */
export const checkoutProductIds = z
  .array(id())
  .min(1)
  .max(MAX_CHECKOUT_PRODUCTS)
  .superRefine((ids, ctx) => {
    ids.forEach((value, index) => {
      if (ids.indexOf(value) !== index)
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: "Duplicate product.",
          params: { type: "value_error" },
          input: value,
        });
    });
  });

/** The merchant's own id for the buyer. */
const externalCustomerId = z.string().trim().min(1).max(256);

/**
 * Switching among the session's products: `product_id` picks another of them (at its first price),
 * `product_price_id` a price of any of them; both must agree when both are sent.
 */
const productSwitch = {
  product_id: id().optional(),
  product_price_id: id().optional(),
  /**
   * The currency to present (docs/currencies.md): the product's price in it is sold; picked, it
   * no longer follows the billing country. Null leaves it.
   */
  currency: checkoutCurrency,
};

/**
 * The merchant's trial for one session, instead of the product's (docs/subscriptions.md "Trials"):
 * `trial_interval` null removes it; `allow_trial` false gives none at all.
 */
const trialBody = {
  trial_interval: trialIntervalSchema.nullish(),
  trial_interval_count: trialCountSchema.nullish(),
  allow_trial: z.boolean().optional(),
};

/** Server PATCH: customer fields, product and price, amount, metadata (replaced whole), discount, URLs. */
export const updateCheckoutBody = z.object({
  ...customerFields,
  customer_metadata: metadataSchema.optional(),
  ...productSwitch,
  amount: int4().optional(),
  metadata: metadataSchema.optional(),
  discount_id: id().nullish(),
  allow_discount_codes: z.boolean().optional(),
  success_url: httpUrl(2048).nullish(),
  embed_origin: httpUrl(255).nullish(),
  custom_field_data: customFieldData,
  ...trialBody,
});
export type UpdateCheckoutBody = z.output<typeof updateCheckoutBody>;

/**
 * Create: exactly one of `products` (the reference API's current form), product_id or
 * product_price_id, and every optional field of the contract.
 */
export const createCheckoutBody = z
  .object({
    products: checkoutProductIds.optional(),
    product_id: id().optional(),
    product_price_id: id().optional(),
    /** The currency to present (docs/currencies.md); else the buyer's country's, or the default. */
    currency: checkoutCurrency,
    external_customer_id: externalCustomerId.nullish(),
    amount: int4().nullish(),
    discount_id: id().nullish(),
    allow_discount_codes: z.boolean().default(true),
    customer_id: id().nullish(),
    ...customerFields,
    customer_metadata: metadataSchema.default({}),
    success_url: httpUrl(2048).nullish(),
    embed_origin: httpUrl(255).nullish(),
    metadata: metadataSchema.default({}),
    custom_field_data: customFieldData,
    ...trialBody,
  })
  .superRefine(
    (body, ctx) => {
      const given = [body.products, body.product_id, body.product_price_id].filter(
        (v) => v !== undefined,
      ).length;
      if (given !== 1) {
        // Blamed on the last of the fields given (`products` when none is).
        const field =
          body.product_price_id !== undefined
            ? "product_price_id"
            : body.product_id !== undefined
              ? "product_id"
              : "products";
        ctx.addIssue({
          code: "custom",
          path: [field],
          message:
            given === 0
              ? "One of products, product_id or product_price_id is required."
              : "Give only one of products, product_id or product_price_id.",
          params: { type: given === 0 ? "missing" : "value_error" },
          // The value at `loc` (none when missing), not the whole parsed body with its defaults.
          input: given === 0 ? undefined : body[field],
        });
      }
    },
    // Also when other fields failed, so the 422 lists every problem at once (not on a non-object).
    {
      when: ({ value }) => typeof value === "object" && value !== null && !Array.isArray(value),
    },
  )
  // The API reference's example request (none is required: one of three product fields is).
  .meta({
    examples: [
      {
        products: ["7d6b3b0e-2f6c-4a8e-9d3a-5b1f0c8e4a21"],
        customer_email: "buyer@example.com",
        success_url: "https://example.com/thanks",
      },
    ],
  });
export type CreateCheckoutBody = z.output<typeof createCheckoutBody>;

/** Client PATCH (client secret): the buyer's fields, product and price, amount, answers, a discount code. */
export const clientUpdateCheckoutBody = z.object({
  ...customerFields,
  ...productSwitch,
  amount: int4().optional(),
  custom_field_data: customFieldData,
  discount_code: z.string().trim().min(1).max(256).nullish(),
  /** The buyer declines the trial (told they had one already): they pay now instead. */
  allow_trial: z.literal(false).nullish(),
});
export type ClientUpdateCheckoutBody = z.output<typeof clientUpdateCheckoutBody>;

/** Confirm: everything the client PATCH takes, plus the payment processor's client-side token. */
export const confirmCheckoutBody = clientUpdateCheckoutBody.extend({
  confirmation_token_id: z.string().trim().min(1).max(255).nullish(),
});
export type ConfirmCheckoutBody = z.output<typeof confirmCheckoutBody>;

export const clientSecretParams = z.object({ client_secret: z.string().min(1).max(128) });

export const checkoutInclude = {
  product: {
    include: {
      ...checkoutProductInclude,
      attached_custom_fields: { include: { custom_field: true }, orderBy: { order: "asc" } },
    },
  },
  product_price: true,
  discount: true,
  checkout_products: {
    include: { product: { include: checkoutProductInclude } },
    orderBy: { order: "asc" },
  },
} as const satisfies Prisma.CheckoutSessionInclude;

export const checkoutClientInclude = {
  ...checkoutInclude,
  organization: true,
} as const satisfies Prisma.CheckoutSessionInclude;

export type CheckoutRow = Prisma.CheckoutSessionGetPayload<{ include: typeof checkoutInclude }>;
/**
 * The client secret is stored only hashed and encrypted: a view is made of a row with the secret
 * in clear beside it (lib/checkout/client-secret.ts `withClientSecret`). Decrypting here would
 * bring node:crypto into the browser, which loads these schemas.
 */
type WithSecret = { client_secret: string };

export function checkoutUrl(clientSecret: string) {
  return `${publicBaseUrl()}/checkout/${clientSecret}`;
}

/** Verified when VIES confirmed the tax ID (lib/checkout/tax-id.ts), else unverified; null without one. */
function taxIdStatus(row: { customer_tax_id: string | null; customer_tax_id_verified_at: Date | null }) {
  if (!row.customer_tax_id) return null;
  return row.customer_tax_id_verified_at ? ("verified" as const) : ("unverified" as const);
}

export function toCheckout(row: CheckoutRow & WithSecret) {
  const flags = computeAmounts({ price: row.product_price, amount: row.amount });
  // During a trial nothing is charged now: the card is saved (a setup) for the first renewal.
  const isPaymentRequired = (row.total_amount ?? 0) > 0 && !row.trial_end;
  const trial = row.trial_end ? (trialOf(row) ?? trialOf(row.product)) : null;
  const clientSecret = row.client_secret;
  // A session made before sessions had several products offers just its own.
  const offered = row.checkout_products.length
    ? row.checkout_products.map(({ product }) => product)
    : [row.product];
  return {
    ...row,
    url: checkoutUrl(clientSecret),
    success_url: row.success_url
      ? row.success_url.replaceAll("{CHECKOUT_ID}", row.id)
      : `${checkoutUrl(clientSecret)}/confirmation`,
    is_discount_applicable: flags.is_discount_applicable,
    is_free_product_price: flags.is_free_product_price,
    is_payment_required: isPaymentRequired,
    is_payment_setup_required: flags.is_payment_setup_required,
    is_payment_form_required: isPaymentRequired || flags.is_payment_setup_required,
    return_url: null,
    units: null,
    min_units: null,
    max_units: null,
    net_amount: row.subtotal_amount,
    tax_behavior: row.tax_behavior === "inclusive" ? ("inclusive" as const) : ("exclusive" as const),
    allow_trial: row.allow_trial,
    active_trial_interval: trial?.interval ?? null,
    active_trial_interval_count: trial?.count ?? null,
    trial_end: row.trial_end,
    trial_interval: row.trial_interval,
    trial_interval_count: row.trial_interval_count,
    require_billing_address: false,
    billing_address_fields: billingAddressFields(isPaymentRequired || flags.is_payment_setup_required),
    is_business_customer: false,
    customer_billing_name: row.customer_name,
    payment_method_type: null,
    customer_billing_address: toAddress(row.customer_billing_address),
    customer_tax_id_status: taxIdStatus(row),
    customer_metadata: row.customer_metadata as Record<string, string | number | boolean>,
    metadata: row.metadata as Record<string, string | number | boolean>,
    custom_field_data: (row.custom_field_data ?? {}) as Record<string, unknown>,
    payment_processor_metadata: (row.payment_processor_metadata ?? {}) as Record<string, unknown>,
    product: toCheckoutProduct(row.product),
    product_price: toProductPrice(row.product_price),
    products: offered.map(toCheckoutProduct),
    discount: row.discount ? withDiscountAmounts(row.discount) : null,
    // The prices to pick among: each product's in the session's currency (docs/currencies.md).
    prices: Object.fromEntries(
      offered.map((product) => [
        product.id,
        pricesInCurrency(product.prices, row.currency).map(toProductPrice),
      ]),
    ),
    attached_custom_fields: row.product.attached_custom_fields.map(toAttachedCustomField),
  };
}

export type CheckoutClientRow = Prisma.CheckoutSessionGetPayload<{ include: typeof checkoutClientInclude }>;

/** The client view's data; encode it with checkoutClientSchema (which drops the merchant fields). */
export type CheckoutOrderView = z.output<typeof checkoutClientSchema>["order"];

export function toCheckoutClient(row: CheckoutClientRow & WithSecret, order: CheckoutOrderView = null) {
  return {
    ...toCheckout(row),
    organization: { ...toOrganization(row.organization), twitter_username: row.organization.social_username },
    livemode: row.organization.livemode,
    order,
  };
}
