"use client";
// The checkout link form, for creating and editing: products, an optional discount, whether codes
// may be typed, where buyers go after paying, and the merchant's label, slug and metadata.
import { CheckboxField, MetadataCard, SelectField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useResourceForm } from "../forms/use-record-form";
import { checkoutLinks, type CheckoutLinkResource } from "../hooks/catalog";
import { useDiscounts } from "../hooks/reference";
import { useOrganization } from "../organization";
import { Card } from "../ui/misc";
import { CheckoutLinkProductsField } from "./products-field";
import { CHECKOUT_LINK_FORM_LOGIC } from "./logic";

const lowerCase = (value: string) => value.toLowerCase();

export function CheckoutLinkForm({ link }: { link?: CheckoutLinkResource }) {
  const organization = useOrganization();
  const discounts = useDiscounts(organization.id);
  const form = useResourceForm(
    { hooks: checkoutLinks, record: link, path: "/checkout-links", noun: "Checkout link" },
    CHECKOUT_LINK_FORM_LOGIC,
  );
  const discountChoices = discounts.data?.items ?? [];
  const savedDiscount = link?.discount;

  return (
    <RecordFormFrame form={form} noun="checkout link">
      <Card title="Checkout">
        <div className="space-y-4">
          <CheckoutLinkProductsField
            formId={form.id}
            errors={form.errors}
            value={form.values.products}
            known={link?.products ?? []}
            onChange={(products) => form.set("products", products)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="discount_id"
              label="Discount"
              hint="Applied to each checkout when it still can be."
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
            </SelectField>
            <TextField
              name="success_url"
              label="Success URL"
              type="url"
              maxLength={2048}
              placeholder="https://"
              hint="Where buyers go after paying. Empty: the confirmation page."
            />
          </div>
          <CheckboxField name="allow_discount_codes" label="Let buyers enter a discount code" />
        </div>
      </Card>
      <Card title="Link">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="label" label="Label" maxLength={255} hint="Only you see it." />
          <TextField
            name="slug"
            label="Slug"
            maxLength={64}
            transform={lowerCase}
            hint="The link's path: /buy/<slug>. Empty: its id."
          />
        </div>
      </Card>
      <MetadataCard />
    </RecordFormFrame>
  );
}
