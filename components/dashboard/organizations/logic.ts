// The new organization form: the slug follows the name (the dashboard URL it will have) until the
// merchant edits it; the body sent to POST /v1/organizations/.
import { slugify } from "@/lib/organizations/slug";
import type { CreateOrganization } from "../hooks/organizations";

export const NEW_ORGANIZATION_FIELDS = ["name", "slug", "livemode"] as const;

/** `livemode`: live (real payments) or test, chosen here once (docs/payments.md). */
export type NewOrganizationForm = { name: string; slug: string; slugEdited: boolean; livemode: boolean };

export const EMPTY_NEW_ORGANIZATION: NewOrganizationForm = {
  name: "",
  slug: "",
  slugEdited: false,
  livemode: false,
};

/** The form after the name changed: an untouched slug follows it ("" while the name is blank). */
export function withName(form: NewOrganizationForm, name: string): NewOrganizationForm {
  if (form.slugEdited) return { ...form, name };
  return { ...form, name, slug: name.trim() ? slugify(name) : "" };
}

/** The form after the merchant typed a slug: lower case, and it no longer follows the name. */
export function withSlug(form: NewOrganizationForm, slug: string): NewOrganizationForm {
  return { ...form, slug: slug.toLowerCase(), slugEdited: slug !== "" };
}

export function newOrganizationBody(form: NewOrganizationForm): {
  body: CreateOrganization;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const body = { name: form.name.trim(), slug: form.slug.trim(), livemode: form.livemode };
  if (!body.name) errors.name = "Give the organization a name.";
  if (!body.slug) errors.slug = "Give the organization a slug.";
  return { body, errors };
}
