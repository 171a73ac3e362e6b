// The organization form's values and the PATCH body made from them: empty avatar or support email
// clears it (null); subscription settings are sent one by one, only those changed (the API refuses
// an empty settings object); the dispute and invoice settings only when they changed.
import type { OrganizationResource, UpdateOrganization } from "../hooks/organizations";
import { changedFields } from "../forms/values";

export const ORGANIZATION_FIELDS = [
  "name",
  "slug",
  "avatar_url",
  "email",
  "customer_invoice_prefix",
  "subscription_settings",
  "feature_settings",
  "invoice_automatically",
] as const;

type SubscriptionSettings = OrganizationResource["subscription_settings"];

export type OrganizationForm = {
  name: string;
  slug: string;
  avatar_url: string;
  email: string;
  customer_invoice_prefix: string;
  subscription_settings: SubscriptionSettings;
  /** feature_settings.revoke_benefits_on_dispute */
  revoke_benefits_on_dispute: boolean;
  /** Issue every paid order's invoice on its own (docs/invoices.md). */
  invoice_automatically: boolean;
};

export function formFromOrganization(organization: OrganizationResource): OrganizationForm {
  return {
    name: organization.name,
    slug: organization.slug,
    avatar_url: organization.avatar_url ?? "",
    email: organization.email ?? "",
    customer_invoice_prefix: organization.customer_invoice_prefix,
    subscription_settings: { ...organization.subscription_settings },
    revoke_benefits_on_dispute: organization.feature_settings.revoke_benefits_on_dispute,
    invoice_automatically: organization.invoice_automatically,
  };
}

/** Only what changed, or the problems found before sending. */
export function organizationPatch(
  form: OrganizationForm,
  organization: OrganizationResource,
): { body: UpdateOrganization; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  const slug = form.slug.trim();
  if (!name) errors.name = "Give the organization a name.";
  if (!slug) errors.slug = "Give the organization a slug.";
  // The API upper-cases it too; letters and digits only (lib/orders/invoice-numbers.ts).
  const prefix = form.customer_invoice_prefix.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,12}$/.test(prefix))
    errors.customer_invoice_prefix = "Use 1 to 12 letters and digits, such as ACME.";
  const body: UpdateOrganization = changedFields(
    {
      name: organization.name,
      slug: organization.slug,
      avatar_url: organization.avatar_url,
      email: organization.email,
      customer_invoice_prefix: organization.customer_invoice_prefix,
    },
    {
      name,
      slug,
      avatar_url: form.avatar_url.trim() || null,
      email: form.email.trim() || null,
      customer_invoice_prefix: prefix,
    },
  );
  const changedSettings = changedFields(organization.subscription_settings, form.subscription_settings);
  if (Object.keys(changedSettings).length) body.subscription_settings = changedSettings;
  if (form.revoke_benefits_on_dispute !== organization.feature_settings.revoke_benefits_on_dispute)
    body.feature_settings = { revoke_benefits_on_dispute: form.revoke_benefits_on_dispute };
  if (form.invoice_automatically !== organization.invoice_automatically)
    body.invoice_automatically = form.invoice_automatically;
  return { body, errors };
}

type SessionOrganization = { id: string; name: string; slug: string; role: string };

/**
 * The session's organizations after one was renamed or moved to another slug. The old slug stays
 * listed (last) until the session is next read, so the page at the old URL keeps working while the
 * dashboard navigates to the new one.
 */
export function organizationsAfterUpdate<T extends SessionOrganization>(
  organizations: readonly T[],
  updated: { id: string; name: string; slug: string },
): T[] {
  const next: T[] = [];
  const moved: T[] = [];
  for (const organization of organizations) {
    if (organization.id !== updated.id) {
      next.push(organization);
      continue;
    }
    next.push({ ...organization, name: updated.name, slug: updated.slug });
    if (organization.slug !== updated.slug) moved.push({ ...organization, name: updated.name });
  }
  return [...next, ...moved];
}
