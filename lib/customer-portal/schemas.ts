// The customer portal's resources as the buyer sees them (issue 13 shapes): a subset of the
// merchant's, without metadata or anything the merchant keeps for themselves. One schema per
// resource, used by the routes' input and output, the portal pages and the OpenAPI document.
import { z } from "zod";
import { addressSchema, dateTime, jsonObject } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import {
  BENEFIT_TYPES,
  benefitSchema,
  customBenefitPropertiesSchema,
  downloadablesBenefitPropertiesSchema,
  licenseKeysBenefitPropertiesSchema,
} from "../benefits/schemas";
import { pendingUpdateSchema, subscriptionSchema } from "../subscriptions/schemas";
import { downloadableFileSchema } from "../files/schemas";
import { customerSchema, updateCustomerBody, userSchema } from "../customers/schemas";
import { currentOrderShape, orderSchema } from "../orders/schemas";
import { checkoutProductSchema, productPriceSchema } from "../products/schemas";
import { customerOrganizationSchema, portalProductOrganizationSchema } from "../organizations/schemas";

// --- sign-in -----------------------------------------------------------------------------------

/** Trimmed and lower-cased, as customers' addresses are stored (lib/customers/schemas.ts). */
const email = z
  .string()
  .trim()
  .pipe(z.email().max(320))
  .transform((value) => value.toLowerCase());

export const requestCodeBody = z.object({ organization_id: id(), email });
export type RequestCodeBody = z.output<typeof requestCodeBody>;

export const authenticateBody = z.object({
  organization_id: id(),
  email,
  /** Six digits; anything else is simply a wrong code (401), spaces around it forgiven. */
  code: z.string().trim().min(1).max(32),
});
export type AuthenticateBody = z.output<typeof authenticateBody>;

export const customerSessionTokenSchema = z.object({ token: z.string(), expires_at: dateTime });

/** POST /v1/customer-sessions/ (merchant). */
export const createCustomerSessionBody = z.object({ customer_id: id() });

export const customerSessionSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  /** A session never changes: null. */
  modified_at: z.null(),
  token: z.string(),
  expires_at: dateTime,
  customer_id: z.string(),
  customer: customerSchema,
  /** The portal, signed in: `<portal>?customer_session_token=<token>`. */
  customer_portal_url: z.string(),
  /** A link back to the merchant's site from the portal is not offered: null. */
  return_url: z.null(),
});

export const emptySchema = z.object({});

// --- changing the email address (./email-update.ts) ----------------------------------------------

export const emailUpdateRequestBody = z.object({ email });
export type EmailUpdateRequestBody = z.output<typeof emailUpdateRequestBody>;

/** A link's token (`ceu_` and 43 characters): a token of any other shape is a 422, a wrong one a 401. */
const emailUpdateToken = z
  .string()
  .max(128)
  .regex(/^ceu_[A-Za-z0-9_-]{43}$/, "Not a verification token.");

export const emailUpdateCheckQuery = z.object({ token: emailUpdateToken });
export const emailUpdateVerifyBody = z.object({ token: emailUpdateToken });

/** The reference API's CustomerEmailUpdateVerifyResponse: a customer session token for the buyer. */
export const emailUpdateVerifySchema = z.object({ token: z.string() });

// --- resources -----------------------------------------------------------------------------------

export const organizationSlugParams = z.object({ slug: z.string().min(1).max(255) });

/**
 * The organization as the specification's era SDK reads it (its Organization: id, name, slug,
 * avatar_url and the rest of that era's fields), and the current API's CustomerOrganizationData.
 */
export const portalOrganizationSchema = portalProductOrganizationSchema.extend({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  /** The current reference API's CustomerOrganizationData: the organization and its products. */
  organization: customerOrganizationSchema,
  products: z.array(checkoutProductSchema),
});

/** GET /v1/customer-portal/customer-session/introspect. */
export const customerSessionIntrospectionSchema = z.object({
  expires_at: dateTime,
  /** A link back to the merchant's site is not offered: null. */
  return_url: z.null(),
});

export const portalCustomerSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  modified_at: dateTime.nullable(),
  email: z.string(),
  email_verified: z.boolean(),
  name: z.string().nullable(),
  /** The name on receipts: the customer's name. */
  billing_name: z.string().nullable(),
  billing_address: addressSchema.nullable(),
  /** [value, type], as on the merchant's customer. */
  tax_id: z.tuple([z.string(), z.string()]).nullable(),
  locale: customerSchema.shape.locale,
  /** Sign-in is by emailed code here, never a linked account: empty. */
  oauth_accounts: z.record(z.string(), z.never()),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
});

/**
 * PATCH /v1/customer-portal/customers/me (the reference API's CustomerPortalCustomerUpdate): the
 * buyer corrects the name on their receipts (`billing_name`, their name here), their billing
 * address and tax ID (a value, or `[value, type]`). Only the fields sent change; null clears.
 */
export const updatePortalCustomerBody = z.object({
  billing_name: updateCustomerBody.shape.name,
  billing_address: updateCustomerBody.shape.billing_address,
  tax_id: updateCustomerBody.shape.tax_id,
  /** The buyer's language for the portal and emails (docs/i18n.md); null: the browser's. */
  locale: updateCustomerBody.shape.locale,
});
export type UpdatePortalCustomerBody = z.output<typeof updatePortalCustomerBody>;

/** Who a customer session is (the reference API's PortalAuthenticatedUser). */
export const portalAuthenticatedUserSchema = z.object({
  type: z.literal("customer"),
  name: z.string().nullable(),
  email: z.string(),
  customer_id: z.string(),
  /** Team members are not offered: null. */
  member_id: z.null(),
  role: z.null(),
});

const namedRef = z.object({ id: z.string(), name: z.string() });

/** The buyer as a grant nests them: the portal's customer without their organization. */
const portalGrantCustomerSchema = portalCustomerSchema.omit({ organization: true });

/**
 * One of the buyer's benefit grants (the current reference API's CustomerBenefitGrant): the
 * benefit as its subscribers see it, with its organization; for a license key, which key it issued.
 */
/** PATCH /v1/customer-portal/benefit-grants/{id}: the grant's benefit type (nothing else is set here). */
export const updatePortalBenefitGrantBody = z.object({ benefit_type: z.enum(BENEFIT_TYPES) });
export type UpdatePortalBenefitGrantBody = z.output<typeof updatePortalBenefitGrantBody>;

export const portalBenefitGrantSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  modified_at: dateTime.nullable(),
  granted_at: dateTime.nullable(),
  revoked_at: dateTime.nullable(),
  is_granted: z.boolean(),
  is_revoked: z.boolean(),
  customer_id: z.string(),
  benefit_id: z.string(),
  subscription_id: z.string().nullable(),
  order_id: z.string().nullable(),
  customer: portalGrantCustomerSchema,
  benefit: benefitSchema.extend({
    /** The current API's customer organization, with what the specification's era SDK reads there. */
    organization: portalProductOrganizationSchema,
    properties: z.union([
      customBenefitPropertiesSchema,
      licenseKeysBenefitPropertiesSchema,
      downloadablesBenefitPropertiesSchema,
    ]),
  }),
  /** license_keys: `{license_key_id, display_key}`; custom: `{}`. */
  properties: jsonObject,
});

export const portalBenefitGrantsQuery = z.object({
  ...paginationQuery,
  type: queryList(z.enum(BENEFIT_TYPES)),
  benefit_id: queryList(id()),
  order_id: queryList(id()),
  subscription_id: queryList(id()),
  /**
   * The reference's criteria (its SDK sends `product_benefit,-granted_at` by default): `type` (the
   * benefit's), `organization` (its name: one organization per portal), `product_benefit` (the
   * benefit's creation: its place on a product is the product's own, one benefit may be on
   * several).
   */
  sorting: sortingQuery(
    ["granted_at", "created_at", "type", "organization", "product_benefit"],
    ["product_benefit", "-granted_at"],
  ),
});
export type PortalBenefitGrantsQuery = z.output<typeof portalBenefitGrantsQuery>;

export const portalOrderSchema = orderSchema
  .pick({
    id: true,
    created_at: true,
    modified_at: true,
    status: true,
    invoice_number: true,
    amount: true,
    tax_amount: true,
    refunded_amount: true,
    refunded_tax_amount: true,
    currency: true,
    billing_reason: true,
    billing_address: true,
    customer_id: true,
    product_id: true,
    discount_id: true,
    subscription_id: true,
    checkout_id: true,
  })
  .extend({
    /** The product bought, as a checkout shows it, with its organization. */
    product: checkoutProductSchema.extend({ organization: portalProductOrganizationSchema }),
    product_price_id: z.string(),
    product_price: productPriceSchema,
    /** Legacy (the specification's era): the customer's id. */
    user_id: z.string(),
    subscription: subscriptionSchema.omit({ metadata: true }).nullable(),
    receipt_url: z.string(),
    receipt_pdf_url: z.string(),
    /** The issued invoice's PDF (a signed link), or null before it is issued (docs/invoices.md). */
    invoice_url: z.string().nullable(),
    ...currentOrderShape,
  });

export const portalActivationSchema = z.object({ id: z.string(), label: z.string(), created_at: dateTime });

export const portalLicenseKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  display_key: z.string(),
  status: z.enum(["granted", "revoked", "disabled"]),
  expires_at: dateTime.nullable(),
  limit_activations: z.number().int().nullable(),
  usage: z.number().int(),
  limit_usage: z.number().int().nullable(),
  validations: z.number().int(),
  created_at: dateTime,
  modified_at: dateTime.nullable(),
  last_validated_at: dateTime.nullable(),
  organization_id: z.string(),
  customer_id: z.string(),
  customer: customerSchema,
  /** Legacy (the specification's era SDK reads them): the customer's id, and the customer as its user. */
  user_id: z.string(),
  user: userSchema,
  /** Keys belong to the customer: no team seats here. */
  member_id: z.null(),
  member: z.null(),
  benefit_id: z.string(),
  benefit: z.object({ id: z.string(), description: z.string() }),
  product: namedRef.nullable(),
  /** Whether the buyer may free their devices here (the benefit's `enable_customer_admin`). */
  can_deactivate: z.boolean(),
  activations: z.array(portalActivationSchema),
  /** The subscription whose life the key follows (null: a one-time purchase's key). */
  subscription: z
    .object({
      id: z.string(),
      status: subscriptionSchema.shape.status,
      current_period_end: dateTime.nullable(),
      cancel_at_period_end: z.boolean(),
      ends_at: dateTime.nullable(),
      ended_at: dateTime.nullable(),
    })
    .nullable(),
});

export const portalSubscriptionSchema = subscriptionSchema.omit({ metadata: true }).extend({
  /** The subscription's price (the specification's era SDK reads it; `prices` lists it too). */
  price: productPriceSchema,
  id: z.string(),
  status: subscriptionSchema.shape.status,
  /** The next charge before tax (the discount applied when it still runs then). */
  amount: z.number().int(),
  currency: z.string(),
  recurring_interval: z.enum(["month", "year"]),
  current_period_start: dateTime,
  current_period_end: dateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  ended_at: dateTime.nullable(),
  started_at: dateTime.nullable(),
  /** The product as buyers see it, with its organization (the current reference API's). */
  product: checkoutProductSchema.extend({ organization: portalProductOrganizationSchema }),
  /** The subscription's price: its one price. */
  prices: z.array(productPriceSchema),
  /** Metered billing is not offered: empty. */
  meters: z.array(z.never()),
  /** A plan change waiting for the next renewal, or null. */
  pending_update: pendingUpdateSchema.nullable(),
  payment_method: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  /**
   * Who takes a new card for this subscription: `test` (the built-in test processor's card form) or
   * `stripe` (Stripe's Payment Element, with the organization's `publishable_key` in the metadata).
   */
  payment_processor: z.string(),
  payment_processor_metadata: z.object({ publishable_key: z.string().optional() }),
  /** The next charge's tax; null when there is no next charge (ended, or canceling). */
  tax_amount_next: z.number().int().nullable(),
  /** The price per period before discount and tax. */
  price_amount: z.number().int(),
  /** The subscription's discount and how long it lasts (null: none). */
  discount: z
    .object({
      type: z.enum(["fixed", "percentage"]),
      amount: z.number().int().nullable(),
      basis_points: z.number().int().nullable(),
      duration: z.enum(["once", "forever", "repeating"]),
      duration_in_months: z.number().int().nullable(),
    })
    .nullable(),
});

/**
 * PATCH: cancel at the period's end (with a reason) or take it back; or move to another product
 * (`product_id`, when the organization allows customer updates; docs/subscriptions.md).
 */
export const updatePortalSubscriptionBody = z
  .object({
    product_id: id().optional(),
    cancel_at_period_end: z.boolean().optional(),
    cancellation_reason: subscriptionSchema.shape.customer_cancellation_reason.optional(),
    cancellation_comment: z.string().trim().max(1000).nullish(),
  })
  .superRefine((body, ctx) => {
    if ((body.product_id === undefined) === (body.cancel_at_period_end === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["cancel_at_period_end"],
        message: "Send either cancel_at_period_end or product_id.",
        params: { type: body.product_id === undefined ? "missing" : "value_error" },
        input: body.cancel_at_period_end,
      });
  });
export type UpdatePortalSubscriptionBody = z.output<typeof updatePortalSubscriptionBody>;

export const paymentMethodBody = z.object({ token: z.string().min(1).max(255) });

/**
 * What saving a card answers: the subscription, and `next_action` while the bank asks the buyer to
 * confirm the card (`{type: "use_stripe_sdk", client_secret}` for Stripe.js `handleNextAction`; then
 * POST …/payment-method/complete). Null once the card is saved.
 */
export const portalPaymentMethodAnswer = portalSubscriptionSchema.extend({
  next_action: z.object({ type: z.string(), client_secret: z.string().optional() }).nullable(),
});

// --- lists and paths -----------------------------------------------------------------------------

/** Every portal list: newest first (`created_at` is the only criterion, ties broken by id). */
export const portalListQuery = z.object({
  ...paginationQuery,
  sorting: sortingQuery(["created_at"], ["-created_at"]),
});
export type PortalListQuery = z.output<typeof portalListQuery>;

/**
 * The subscriptions list also sorts by when each started: the current reference SDK asks for
 * `-started_at` by default.
 */
export const portalSubscriptionListQuery = z.object({
  ...paginationQuery,
  sorting: sortingQuery(["created_at", "started_at"], ["-created_at"]),
});
export type PortalSubscriptionListQuery = z.output<typeof portalSubscriptionListQuery>;

export const idParams = z.object({ id: id() });
export const activationParams = z.object({ id: id(), activation_id: id() });

/** A file the buyer may download, with a signed link valid for ten minutes (./downloadables.ts). */
export const portalDownloadableSchema = z.object({
  id: z.string(),
  benefit_id: z.string(),
  file: downloadableFileSchema.extend({
    download: z.object({ url: z.string(), headers: z.record(z.string(), z.string()), expires_at: dateTime }),
  }),
});

export const downloadTokenParams = z.object({ token: z.string().min(1).max(512) });
