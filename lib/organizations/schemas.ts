// The organization resource (Polar's shape: the profile fields of the older API, kept for clients
// that read them, and subscription_settings), and what the organizations routes accept.
import { z } from "zod";
import type { Organization } from "../generated/prisma/client";
import { timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id } from "../core/validation";
import { RESERVED_SLUGS, SLUG_PATTERN } from "../core/slug";
import { INVOICE_PREFIX_MAX_LENGTH, INVOICE_PREFIX_PATTERN } from "../core/invoice-number-format";

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
  }),
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
