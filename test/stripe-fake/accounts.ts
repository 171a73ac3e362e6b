// GET /v1/account and the customers endpoints of the Stripe fake.
import type Stripe from "stripe";
import { allowOnly, metadataParam, optionalString, type Params } from "./form";
import { lookup, newId, unixSeconds, type Context, type FakeAccount } from "./state";

export function accountObject(account: FakeAccount): Stripe.Account {
  return {
    id: account.id,
    object: "account",
    business_profile: null,
    business_type: null,
    charges_enabled: true,
    country: account.country,
    created: 1_700_000_000,
    default_currency: account.defaultCurrency,
    details_submitted: true,
    email: null,
    payouts_enabled: true,
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: account.displayName, timezone: "Etc/UTC" },
      payments: {
        statement_descriptor: account.displayName.slice(0, 22).toUpperCase(),
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
    },
    type: "standard",
  } satisfies Stripe.Account;
}

const CUSTOMER_PARAMS = ["email", "name", "description", "metadata", "phone", "expand"] as const;

export function createCustomer(ctx: Context, params: Params): Stripe.Customer {
  allowOnly(params, CUSTOMER_PARAMS);
  const customer = {
    id: newId("cus", 14),
    object: "customer",
    address: null,
    balance: 0,
    created: unixSeconds(ctx.fake),
    currency: null,
    default_source: null,
    delinquent: false,
    description: optionalString(params, "description") ?? null,
    email: optionalString(params, "email") ?? null,
    invoice_prefix: null,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: ctx.store.account.livemode,
    metadata: metadataParam(params),
    name: optionalString(params, "name") ?? null,
    phone: optionalString(params, "phone") ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  } satisfies Stripe.Customer;
  ctx.store.customers.set(customer.id, customer);
  return customer;
}

export function retrieveCustomer(ctx: Context, id: string): Stripe.Customer {
  return lookup(ctx.store.customers, "customer", id);
}
