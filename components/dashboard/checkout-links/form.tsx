"use client";
// The checkout link form, for creating and editing: products, an optional discount, whether codes
// may be typed, where buyers go after paying, and the merchant's label, slug and metadata.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { checkoutLinks, type CheckoutLinkResource } from "../hooks/checkout-links";
import { useDiscounts } from "../hooks/reference";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { MetadataEditor } from "../forms/metadata-editor";
import { useFormErrors } from "../forms/use-form-errors";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CheckoutLinkProductsField } from "./products-field";
import {
  CHECKOUT_LINK_FIELDS,
  checkoutLinkBody,
  checkoutLinkPatch,
  EMPTY_CHECKOUT_LINK_FORM,
  formFromCheckoutLink,
  type CheckoutLinkForm as Values,
} from "./logic";

const FORM_ID = "checkout-link";

export function CheckoutLinkForm({ link }: { link?: CheckoutLinkResource }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const discounts = useDiscounts(organization.id);
  const create = checkoutLinks.useCreate();
  const update = checkoutLinks.useUpdate(link?.id ?? "");
  const errors = useFormErrors(FORM_ID, { fields: CHECKOUT_LINK_FIELDS, conflictField: "slug" });
  const [values, setValues] = useState<Values>(() =>
    link ? formFromCheckoutLink(link) : EMPTY_CHECKOUT_LINK_FORM,
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });
  const discountChoices = discounts.data?.items ?? [];
  const savedDiscount = link?.discount;

  const done = (saved: CheckoutLinkResource) => {
    notify(link ? "Checkout link saved" : "Checkout link created");
    if (link) setValues(formFromCheckoutLink(saved));
    else router.push(orgPath(`/checkout-links/${saved.id}`));
  };
  const submit = () => {
    const options = { onSuccess: done, onError: errors.fromError };
    if (link) {
      const patch = checkoutLinkPatch(values, link);
      if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
      errors.clear();
      update.mutate(patch.body, options);
    } else {
      const built = checkoutLinkBody(values);
      if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
      errors.clear();
      create.mutate({ ...built.body, organization_id: organization.id }, options);
    }
  };

  return (
    <form
      noValidate
      aria-label={link ? "Edit checkout link" : "New checkout link"}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card title="Checkout">
        <div className="space-y-4">
          <CheckoutLinkProductsField
            formId={FORM_ID}
            errors={errors}
            value={values.products}
            known={link?.products ?? []}
            onChange={(products) => set("products", products)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              errors={errors}
              formId={FORM_ID}
              name="discount_id"
              label="Discount"
              hint="Applied to each checkout when it still can be."
            >
              <select
                {...control("discount_id")}
                value={values.discount_id}
                onChange={(e) => set("discount_id", e.target.value)}
              >
                <option value="">No discount</option>
                {discountChoices.map((discount) => (
                  <option key={discount.id} value={discount.id}>
                    {discount.name}
                    {discount.code ? ` (${discount.code})` : ""}
                  </option>
                ))}
                {savedDiscount && !discountChoices.some((discount) => discount.id === savedDiscount.id) ? (
                  <option value={savedDiscount.id}>{savedDiscount.name}</option>
                ) : null}
              </select>
            </FormField>
            <FormField
              errors={errors}
              formId={FORM_ID}
              name="success_url"
              label="Success URL"
              hint="Where buyers go after paying. Empty: the confirmation page."
            >
              <input
                {...control("success_url")}
                type="url"
                maxLength={2048}
                placeholder="https://"
                value={values.success_url}
                onChange={(e) => set("success_url", e.target.value)}
              />
            </FormField>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.allow_discount_codes}
              onChange={(e) => set("allow_discount_codes", e.target.checked)}
            />
            Let buyers enter a discount code
          </label>
        </div>
      </Card>
      <Card title="Link">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField errors={errors} formId={FORM_ID} name="label" label="Label" hint="Only you see it.">
            <input
              {...control("label")}
              maxLength={255}
              value={values.label}
              onChange={(e) => set("label", e.target.value)}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="slug"
            label="Slug"
            hint="The link's path: /buy/<slug>. Empty: its id."
          >
            <input
              {...control("slug")}
              maxLength={64}
              value={values.slug}
              onChange={(e) => set("slug", e.target.value.toLowerCase())}
            />
          </FormField>
        </div>
      </Card>
      <Card>
        <MetadataEditor
          formId={FORM_ID}
          errors={errors}
          rows={values.metadata}
          onChange={(rows) => set("metadata", rows)}
        />
      </Card>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={link ? "Save checkout link" : "Create checkout link"}
        onCancel={() => router.push(orgPath("/checkout-links"))}
      />
    </form>
  );
}
