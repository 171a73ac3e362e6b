// A hosted-checkout session as the page holds it, for the form's unit tests: a fixed price, three
// custom fields (text with length bounds, number, a required checkbox); overrides replace fields.
import type { CheckoutView } from "./api";

export function field(
  slug: string,
  type: string,
  required: boolean,
  properties: Record<string, unknown> = {},
) {
  return {
    custom_field_id: slug,
    order: 0,
    required,
    custom_field: { id: slug, slug, name: slug, type, properties, metadata: {}, organization_id: "o" },
  };
}

export function checkoutView(overrides: Record<string, unknown> = {}): CheckoutView {
  return {
    currency: "usd",
    amount: null,
    customer_email: null,
    customer_name: null,
    customer_billing_address: null,
    customer_tax_id: null,
    custom_field_data: {},
    is_payment_form_required: true,
    product_price: {
      amount_type: "fixed",
      price_amount: 4900,
      minimum_amount: null,
      maximum_amount: null,
      preset_amount: null,
    },
    attached_custom_fields: [
      field("company", "text", true, { form_label: "Company name", min_length: 2, max_length: 5 }),
      field("seats", "number", false, { ge: 1, le: 10 }),
      field("terms", "checkbox", true),
    ],
    ...overrides,
  } as unknown as CheckoutView;
}
