// The organization resource (Polar's shape: the profile fields of the older API, kept for clients
// that read them, and subscription_settings), and what the organizations routes accept.
import { z } from "zod";
import type { Organization, Prisma } from "../generated/prisma/client";
import { dateTime, taxBehaviorSchema, timestamps } from "../core/schemas";
import { paymentsReady } from "./payments-ready";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id } from "../core/validation";
import { RESERVED_SLUGS, SLUG_PATTERN } from "../core/slug";
import { INVOICE_PREFIX_MAX_LENGTH, INVOICE_PREFIX_PATTERN } from "../core/invoice-number-format";
import { sellerDetailsInput, sellerDetailsShape, toSellerDetails } from "./seller-details";
import { currencySettingsInput, currencySettingsShape, toCurrencySettings } from "../currency/settings";

export const organizationSchema = z.object({
  id: z.string(),
  ...timestamps,
  name: z.string(),
  slug: z.string(),
  /** Starts the organization's order numbers (`ACME-0042`). */
  customer_invoice_prefix: z.string(),
  livemode: z
    .boolean()
    .describe(
      "Live (true) takes real payments; test (false) only test payments. Chosen at creation; never changes.",
    ),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  company: z.string().nullable(),
  blog: z.string().nullable(),
  location: z.string().nullable(),
  email: z.string().nullable(),
  social_username: z.string().nullable(),
  pledge_minimum_amount: z.number().int(),
  pledge_badge_show_amount: z.boolean(),
  default_upfront_split_to_contributors: z.number().int().nullable(),
  profile_settings: z.object({
    enabled: z.boolean().nullable(),
    description: z.string().nullable(),
    featured_projects: z.array(z.string()),
    featured_organizations: z.array(z.string()),
    links: z.array(z.string()),
    subscribe: z.object({
      promote: z.boolean(),
      show_count: z.boolean(),
      count_free: z.boolean(),
      all: z.boolean(),
    }),
    accent_color: z.string().nullable(),
  }),
  feature_settings: z.object({
    issue_funding_enabled: z.boolean(),
    /**
     * Take an order's benefits back as soon as its payment is disputed (a lost dispute always
     * takes them back).
     */
    revoke_benefits_on_dispute: z.boolean(),
  }),
  subscription_settings: z.object({
    allow_multiple_subscriptions: z.boolean(),
    allow_customer_updates: z.boolean(),
    proration_behavior: z.enum(["invoice", "prorate"]),
    /** One free trial per customer (docs/subscriptions.md "Trials"). */
    prevent_trial_abuse: z.boolean(),
  }),
  /** Mirrors of `subscription_settings`, where the current reference API reads them. */
  proration_behavior: z.enum(["invoice", "prorate"]),
  allow_customer_updates: z.boolean(),
});

export function toOrganization(row: Organization) {
  const profile = (row.profile_settings ?? {}) as Record<string, unknown>;
  const subscribe = (profile.subscribe ?? {}) as Record<string, unknown>;
  const feature = (row.feature_settings ?? {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    ...row,
    profile_settings: {
      enabled: typeof profile.enabled === "boolean" ? profile.enabled : null,
      description: typeof profile.description === "string" ? profile.description : null,
      featured_projects: list(profile.featured_projects),
      featured_organizations: list(profile.featured_organizations),
      links: list(profile.links),
      subscribe: {
        promote: subscribe.promote !== false,
        show_count: subscribe.show_count !== false,
        count_free: subscribe.count_free !== false,
        all: subscribe.all === true,
      },
      accent_color: typeof profile.accent_color === "string" ? profile.accent_color : null,
    },
    feature_settings: {
      issue_funding_enabled: feature.issue_funding_enabled === true,
      revoke_benefits_on_dispute: row.revoke_benefits_on_dispute,
    },
    subscription_settings: {
      allow_multiple_subscriptions: row.allow_multiple_subscriptions,
      allow_customer_updates: row.allow_customer_updates,
      proration_behavior: row.proration_behavior,
      prevent_trial_abuse: row.prevent_trial_abuse,
    },
  };
}

/**
 * The organization resource of /v1/organizations: the above, with what the current reference API
 * (SDK 1.x, 2026-10) says of an organization, each field a true statement of this service: it is
 * `active` once created (no review here), sells in USD by default, takes its prices' relation to
 * tax from `default_tax_behavior` (docs/tax.md), sends the emails listed in `customer_email_settings` (no others exist), revokes
 * an unpaid subscription's benefits when dunning ends (no grace period), has no seats,
 * usage-based billing, payouts or social links yet, and can take payments when it is a test
 * organization or a live one with its Stripe keys (docs/payments.md). Besides, the seller's legal
 * details (`legal_name`, `address`, `tax_id`, and `country`, the reference API's name for the
 * address's country: lib/organizations/seller-details.ts).
 */
export const organizationResourceSchema = organizationSchema.extend({
  /** The specification's era SDK (0.22.2) reads the social name here: `social_username`. */
  twitter_username: z.string().nullable(),
  website: z.string().nullable(),
  socials: z.array(z.object({ platform: z.string(), url: z.string() })),
  status: z.enum([
    "created",
    "review",
    "snoozed",
    "denied",
    "active",
    "blocked",
    "offboarding",
    "offboarded",
  ]),
  details_submitted_at: dateTime.nullable(),
  onboarding_resubmission_requested_at: dateTime.nullable(),
  sso_enforced: z.boolean(),
  ...currencySettingsShape,
  default_tax_behavior: taxBehaviorSchema,
  subscription_settings: organizationSchema.shape.subscription_settings.extend({
    benefit_revocation_grace_period: z.number().int(),
  }),
  customer_email_settings: z.object({
    order_confirmation: z.boolean(),
    payment_method_expiration_reminder: z.boolean(),
    subscription_cancellation: z.boolean(),
    subscription_confirmation: z.boolean(),
    subscription_cycled: z.boolean(),
    subscription_cycled_after_trial: z.boolean(),
    subscription_past_due: z.boolean(),
    subscription_paused: z.boolean(),
    subscription_resumed: z.boolean(),
    subscription_renewal_reminder: z.boolean(),
    subscription_revoked: z.boolean(),
    subscription_trial_conversion_reminder: z.boolean(),
    subscription_uncanceled: z.boolean(),
    subscription_updated: z.boolean(),
  }),
  customer_portal_settings: z.object({
    usage: z.object({ show: z.boolean() }),
    subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean() }),
  }),
  dispute_settings: z.object({ auto_accept_below_amount: z.number().int().nullable() }),
  embed_hosts: z.array(z.string()),
  account_id: z.string().nullable(),
  payout_account_id: z.string().nullable(),
  capabilities: z.object({
    checkout_payments: z.boolean(),
    subscription_renewals: z.boolean(),
    payouts: z.boolean(),
    refunds: z.boolean(),
    api_access: z.boolean(),
    dashboard_access: z.boolean(),
  }),
  ...sellerDetailsShape,
  invoice_automatically: z
    .boolean()
    .describe(
      "Issue every paid order's invoice on its own, right after the order (docs/invoices.md); otherwise on request.",
    ),
});

/** What an organization resource reads besides its row: its card processor, for `capabilities`. */
export const organizationResourceInclude = {
  payment_processor: { select: { processor: true } },
} as const satisfies Prisma.OrganizationInclude;

export function toOrganizationResource(
  row: Organization & { payment_processor: { processor: string } | null },
) {
  const base = toOrganization(row);
  return {
    ...base,
    twitter_username: row.social_username,
    ...toSellerDetails(row),
    invoice_automatically: row.invoice_automatically,
    website: null,
    socials: [],
    status: "active" as const,
    details_submitted_at: null,
    onboarding_resubmission_requested_at: null,
    sso_enforced: false,
    ...toCurrencySettings(row),
    default_tax_behavior: taxBehaviorSchema.parse(row.default_tax_behavior),
    subscription_settings: {
      ...base.subscription_settings,
      benefit_revocation_grace_period: 0,
    },
    // The emails this service sends buyers (docs/emails.md), all of them always.
    customer_email_settings: {
      order_confirmation: true,
      payment_method_expiration_reminder: false,
      subscription_cancellation: true,
      subscription_confirmation: true,
      subscription_cycled: true,
      subscription_cycled_after_trial: true,
      subscription_past_due: true,
      subscription_paused: false,
      subscription_resumed: false,
      subscription_renewal_reminder: false,
      subscription_revoked: true,
      subscription_trial_conversion_reminder: true,
      subscription_uncanceled: false,
      subscription_updated: false,
    },
    customer_portal_settings: {
      usage: { show: false },
      subscription: { update_seats: false, update_plan: row.allow_customer_updates },
    },
    dispute_settings: { auto_accept_below_amount: null },
    embed_hosts: [],
    account_id: null,
    payout_account_id: null,
    capabilities: {
      checkout_payments: paymentsReady(row),
      subscription_renewals: true,
      payouts: false,
      refunds: true,
      api_access: true,
      dashboard_access: true,
    },
  };
}

// --- input ---------------------------------------------------------------------------------------

export const organizationParams = z.object({ id: id() });

export const listOrganizationsQuery = z.object({
  ...paginationQuery,
  /** Exact slug: how a client finds the id of the organization whose dashboard URL it knows. */
  slug: z.string().max(64).optional(),
  sorting: sortingQuery(["created_at", "slug", "name"], ["-created_at"]),
});
export type ListOrganizationsQuery = z.output<typeof listOrganizationsQuery>;

export const organizationName = z.string().trim().min(1).max(120);

/** Lower-case letters, digits and dashes (the dashboard URL segment); never a dashboard page. */
export const organizationSlug = z
  .string()
  .min(1)
  // One problem for an over-long slug, not a pattern mismatch too (the pattern bounds the length).
  .max(64, { abort: true })
  .regex(SLUG_PATTERN, "Slug should hold only lower-case letters, digits and dashes, not at either end")
  .refine((slug) => !RESERVED_SLUGS.includes(slug), "This slug is reserved");

const avatarUrl = z
  .url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    error: "Avatar URL should be an https URL with a domain name",
  })
  .max(2048)
  .nullable();

const supportEmail = z
  .email()
  .max(320)
  .transform((email) => email.toLowerCase())
  .nullable();

/** Upper-cased on the way in; letters and digits only (lib/orders/invoice-numbers.ts). */
const invoicePrefix = z
  .string()
  .trim()
  .min(1)
  .max(INVOICE_PREFIX_MAX_LENGTH, { abort: true })
  .transform((prefix) => prefix.toUpperCase())
  .pipe(z.string().regex(INVOICE_PREFIX_PATTERN, "Invoice prefix should hold only letters and digits"));

const SUBSCRIPTION_SETTINGS = [
  "allow_multiple_subscriptions",
  "allow_customer_updates",
  "proration_behavior",
  "prevent_trial_abuse",
];

/**
 * Each setting optional: only those sent change (PATCH) or differ from the defaults (POST). An
 * object with none of them is a mistake (a misspelt key), not a request to change nothing.
 */
const subscriptionSettingsInput = z
  .object({
    allow_multiple_subscriptions: z.boolean().optional(),
    allow_customer_updates: z.boolean().optional(),
    proration_behavior: z.enum(["invoice", "prorate"]).optional(),
    /** One free trial per customer, by email and by card (docs/subscriptions.md "Trials"). */
    prevent_trial_abuse: z.boolean().optional(),
    // What the organization answers of this (no grace period), accepted back as is, so a client
    // may send the settings it read; another value is refused by name.
    benefit_revocation_grace_period: z
      .literal(0, "Benefits are revoked when dunning ends: a grace period is not offered")
      .optional(),
  })
  .refine(
    (settings) => Object.values(settings).some((value) => value !== undefined),
    `Give at least one of ${SUBSCRIPTION_SETTINGS.join(", ")}`,
  );

/** The settings a merchant changes (the others of `feature_settings` are read-only). */
const featureSettingsInput = z.object({ revoke_benefits_on_dispute: z.boolean() });

/** Whether the organization takes real payments; fixed at creation (docs/payments.md). */
const livemodeInput = z
  .boolean()
  .describe(
    "Live (true) or test (false, the default). Chosen at creation; a PATCH that changes it is refused.",
  );

export const createOrganizationBody = z.object({
  name: organizationName,
  slug: organizationSlug,
  livemode: livemodeInput.default(false),
  avatar_url: avatarUrl.optional(),
  email: supportEmail.optional(),
  customer_invoice_prefix: invoicePrefix.optional(),
  subscription_settings: subscriptionSettingsInput.optional(),
  feature_settings: featureSettingsInput.optional(),
  ...currencySettingsInput,
});
export type CreateOrganizationBody = z.output<typeof createOrganizationBody>;

export const updateOrganizationBody = z.object({
  name: organizationName.optional(),
  /** Accepted only to refuse a change with a 422 naming the field (lib/organizations/manage.ts). */
  livemode: livemodeInput.optional(),
  slug: organizationSlug.optional(),
  avatar_url: avatarUrl.optional(),
  email: supportEmail.optional(),
  customer_invoice_prefix: invoicePrefix.optional(),
  subscription_settings: subscriptionSettingsInput.optional(),
  feature_settings: featureSettingsInput.optional(),
  /** For prices without their own (docs/tax.md "Tax-inclusive prices"). */
  default_tax_behavior: taxBehaviorSchema.optional(),
  ...sellerDetailsInput,
  invoice_automatically: z
    .boolean()
    .optional()
    .describe("Issue every paid order's invoice on its own, right after the order (docs/invoices.md)."),
  ...currencySettingsInput,
});
export type UpdateOrganizationBody = z.output<typeof updateOrganizationBody>;

/** POST /v1/organizations/{id}/copy-catalog: the test organization whose catalog is copied. */
export const copyCatalogBody = z.object({
  from_organization_id: id().describe(
    "The test organization whose catalog is copied; the caller must be allowed on both organizations.",
  ),
});
export type CopyCatalogBody = z.output<typeof copyCatalogBody>;

const copiedCount = (what: string) => z.number().int().describe(`How many ${what} were copied.`);

export const copyCatalogResultSchema = z
  .object({
    products: copiedCount("products (with their prices and images)"),
    benefits: copiedCount("benefits"),
    custom_fields: copiedCount("custom fields"),
    discounts: copiedCount("discounts"),
    checkout_links: copiedCount("checkout links"),
  })
  .describe("What copy-catalog copied into the live organization, by kind.");

/** The organization as its buyers see it in the portal (the current reference API's CustomerOrganization). */
export const customerOrganizationSchema = organizationResourceSchema.pick({
  id: true,
  created_at: true,
  modified_at: true,
  name: true,
  slug: true,
  avatar_url: true,
  proration_behavior: true,
  allow_customer_updates: true,
  customer_portal_settings: true,
});

/**
 * A product's organization in the portal's orders and subscriptions: the current API's customer
 * organization, and what the specification's era SDK (0.22.2) reads there, its Organization.
 */
export const portalProductOrganizationSchema = organizationSchema
  .omit({ customer_invoice_prefix: true, livemode: true })
  .extend({ ...customerOrganizationSchema.shape, twitter_username: z.string().nullable() });

export function toPortalProductOrganization(row: Parameters<typeof toOrganizationResource>[0]) {
  return { ...toOrganization(row), ...toCustomerOrganization(row), twitter_username: row.social_username };
}

export function toCustomerOrganization(row: Parameters<typeof toOrganizationResource>[0]) {
  const resource = toOrganizationResource(row);
  return {
    id: resource.id,
    created_at: resource.created_at,
    modified_at: resource.modified_at,
    name: resource.name,
    slug: resource.slug,
    avatar_url: resource.avatar_url,
    proration_behavior: resource.proration_behavior,
    allow_customer_updates: resource.allow_customer_updates,
    customer_portal_settings: resource.customer_portal_settings,
  };
}
