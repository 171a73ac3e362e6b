// Shapes the integration tests assert on: the contract's datetime format, and the fields of a
// checkout session and a license key as the token routes return them (every field present, null
// when empty).

/** Millisecond-precision UTC datetimes (docs/api.md §1). */
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const CHECKOUT_KEYS = [
  // What the current reference API (SDK 1.x) reads of a session, each a true statement here.
  "active_trial_interval",
  "active_trial_interval_count",
  "allow_trial",
  "billing_address_fields",
  "customer_billing_name",
  "is_business_customer",
  "max_units",
  "min_units",
  "net_amount",
  "organization_id",
  "payment_method_type",
  "prices",
  "require_billing_address",
  "return_url",
  "tax_behavior",
  "trial_end",
  "trial_interval",
  "trial_interval_count",
  "units",
  "allow_discount_codes",
  "amount",
  "attached_custom_fields",
  "client_secret",
  "created_at",
  "currency",
  "custom_field_data",
  "customer_billing_address",
  "customer_email",
  "customer_id",
  "customer_ip_address",
  "customer_metadata",
  "customer_name",
  "customer_tax_id",
  // Beyond the reference: with customer_tax_id the pair, and whether VIES verified it (docs/tax.md).
  "customer_tax_id_status",
  "customer_tax_id_type",
  // Beyond the reference: the EU reverse charge applies (docs/tax.md "Reverse charge").
  "reverse_charge",
  "discount",
  "discount_amount",
  "discount_id",
  "embed_origin",
  "expires_at",
  "external_customer_id",
  "id",
  "is_discount_applicable",
  "is_free_product_price",
  "is_payment_form_required",
  "is_payment_required",
  "is_payment_setup_required",
  "locale",
  "metadata",
  "modified_at",
  "payment_processor",
  "payment_processor_metadata",
  "product",
  "product_id",
  "product_price",
  "product_price_id",
  "products",
  "status",
  "subscription_id",
  "subtotal_amount",
  "success_url",
  "tax_amount",
  "total_amount",
  "url",
].sort();

export const LICENSE_KEY_FIELDS = [
  "benefit_id",
  "created_at",
  "customer",
  "customer_id",
  "display_key",
  "expires_at",
  "id",
  "key",
  "last_validated_at",
  "limit_activations",
  "limit_usage",
  "member",
  "member_id",
  "modified_at",
  "organization_id",
  "status",
  "usage",
  "user",
  "user_id",
  "validations",
].sort();

/**
 * What a one-time product embedded anywhere (an order, a discount, a checkout) says of the fields
 * the current reference API added: visible, no interval, no trial, no meter.
 */
export const ONE_TIME_PRODUCT_FIELDS = {
  visibility: "public",
  recurring_interval: null,
  recurring_interval_count: null,
  trial_interval: null,
  trial_interval_count: null,
  meter_interval: null,
  meter_interval_count: null,
} as const;
