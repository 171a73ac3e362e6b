// The checkout link form's values and the API bodies made from them: empty optional texts are
// null (clearing them on PATCH), products keep the order they were ticked in (the order the
// checkout offers them), and problems found before sending are keyed like the API's 422 locs.
import type { CheckoutLinkResource, CreateCheckoutLink, UpdateCheckoutLink } from "../hooks/catalog";
import { changedOnly, metadataFromRows, type Built, metadataRows, type MetadataRow } from "../forms/values";

export const CHECKOUT_LINK_FIELDS = [
  "label",
  "slug",
  "products",
  "discount_id",
  "allow_discount_codes",
  "success_url",
  "metadata",
] as const;

export const CHECKOUT_LINK_SORT_FIELDS = ["created_at", "label"] as const;

export type CheckoutLinkForm = {
  label: string;
  slug: string;
  products: string[];
  discount_id: string;
  allow_discount_codes: boolean;
  success_url: string;
  metadata: MetadataRow[];
};

export const EMPTY_CHECKOUT_LINK_FORM: CheckoutLinkForm = {
  label: "",
  slug: "",
  products: [],
  discount_id: "",
  allow_discount_codes: true,
  success_url: "",
  metadata: [],
};

export function formFromCheckoutLink(link: CheckoutLinkResource): CheckoutLinkForm {
  return {
    label: link.label ?? "",
    slug: link.slug ?? "",
    products: link.products.map((product) => product.id),
    discount_id: link.discount_id ?? "",
    allow_discount_codes: link.allow_discount_codes,
    success_url: link.success_url ?? "",
    metadata: metadataRows(link.metadata),
  };
}

/** The full body the form describes (create), or the problems found in it. */
export function checkoutLinkBody(
  form: CheckoutLinkForm,
  original?: CheckoutLinkResource,
): Built<CreateCheckoutLink> {
  const errors: Record<string, string> = {};
  if (!form.products.length) errors.products = "Choose at least one product.";
  const body: CreateCheckoutLink = {
    products: form.products,
    discount_id: form.discount_id || null,
    allow_discount_codes: form.allow_discount_codes,
    success_url: form.success_url.trim() || null,
    label: form.label.trim() || null,
    slug: form.slug.trim() || null,
    metadata: metadataFromRows(form.metadata, original?.metadata),
  };
  return { body, errors };
}

/** The PATCH body: only what changed. */
export function checkoutLinkPatch(
  form: CheckoutLinkForm,
  link: CheckoutLinkResource,
): Built<UpdateCheckoutLink> {
  const current = { ...link, products: link.products.map((product) => product.id) };
  return changedOnly(checkoutLinkBody(form, link), current);
}

/** What the merchant calls the link: its label, else its slug, else its products. */
export function checkoutLinkTitle(link: Pick<CheckoutLinkResource, "label" | "slug" | "products">): string {
  if (link.label) return link.label;
  if (link.slug) return link.slug;
  return link.products.map((product) => product.name).join(", ") || "Checkout link";
}

/** What the form hook needs of this area (docs/dashboard.md, "Forms"). */
export const CHECKOUT_LINK_FORM_LOGIC = {
  fields: CHECKOUT_LINK_FIELDS,
  conflictField: "slug",
  empty: EMPTY_CHECKOUT_LINK_FORM,
  fromRecord: formFromCheckoutLink,
  body: checkoutLinkBody,
  patch: checkoutLinkPatch,
};
