// The pure half of the Stripe payment form (./stripe-payment-form.tsx; docs/checkout.md, "Stripe on
// the checkout page and in Settings"): the Elements group's options from the session, its
// appearance from the page's colour scheme, and Stripe's errors as the page's field problems. No
// Stripe.js here, so each is unit-tested without a browser (./stripe-elements.test.ts).
import type { Appearance, StripeElementsOptionsMode, StripeError } from "@stripe/stripe-js";
import type { CheckoutView } from "./api";
import type { FieldErrors } from "./form-state";
import { STRIPE_PAYMENT_FIELD } from "./stripe-field";

/**
 * The publishable key in a session's (or the portal subscription's) `payment_processor_metadata`,
 * or null.
 */
export function publishableKeyOf(owner: { payment_processor_metadata?: unknown }): string | null {
  const key = ((owner.payment_processor_metadata ?? {}) as Record<string, unknown>).publishable_key;
  return typeof key === "string" && /^pk_(test|live)_[A-Za-z0-9_]{1,250}$/.test(key) ? key : null;
}

/**
 * The deferred-intent options (no intent exists before Pay; the server creates and confirms it with
 * the confirmation token): `payment` for what is due now, `setup` when nothing is due now but the
 * session needs a card for later (a free trial, a first period a discount covers); a recurring
 * product's card is kept for the renewals (`off_session`).
 */
export function elementsOptionsFor(
  checkout: Pick<
    CheckoutView,
    "total_amount" | "currency" | "is_payment_required" | "is_payment_setup_required" | "product_price"
  >,
): StripeElementsOptionsMode {
  const recurring = checkout.product_price.type === "recurring";
  const common = {
    currency: checkout.currency.toLowerCase(),
    paymentMethodCreation: "manual" as const,
    ...(recurring ? { setupFutureUsage: "off_session" as const } : {}),
  };
  if (!checkout.is_payment_required && checkout.is_payment_setup_required) {
    return { mode: "setup", ...common };
  }
  return { mode: "payment", amount: checkout.total_amount ?? 0, ...common };
}

/** What `elements.update` needs when the session changed: null when nothing Elements shows did. */
export function elementsUpdateFor(
  before: StripeElementsOptionsMode,
  after: StripeElementsOptionsMode,
): StripeElementsOptionsMode | null {
  const amount = (options: StripeElementsOptionsMode) => ("amount" in options ? options.amount : null);
  const same =
    before.mode === after.mode &&
    before.currency === after.currency &&
    amount(before) === amount(after) &&
    before.setupFutureUsage === after.setupFutureUsage;
  return same ? null : after;
}

/** The Payment Element in the page's look: Stripe's night theme when the page is dark. */
export function stripeAppearance(dark: boolean): Appearance {
  return {
    theme: dark ? "night" : "stripe",
    variables: {
      // The page's blue-600 / blue-400 focus and red-700 / red-400 errors (./fields.tsx).
      colorPrimary: dark ? "#60a5fa" : "#2563eb",
      colorDanger: dark ? "#f87171" : "#b91c1c",
      colorBackground: dark ? "#18181b" : "#ffffff",
      colorText: dark ? "#f4f4f5" : "#18181b",
      borderRadius: "8px",
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    },
  };
}

const NETWORK_MESSAGE = "We could not reach our payment partner. Check your connection and try again.";
const GENERIC_MESSAGE = "Your card could not be used. Please check it or try another one.";

/**
 * A Stripe.js error (from `elements.submit()`, `createConfirmationToken`) as the page's problems: at
 * the Payment Element, in Stripe's own words (they are written for buyers and localised), or ours
 * when Stripe gave none or the network failed.
 */
export function fieldErrorsFromStripe(error: Pick<StripeError, "type" | "message"> | undefined): FieldErrors {
  if (!error) return {};
  const message =
    error.type === "api_connection_error" ? NETWORK_MESSAGE : error.message?.trim() || GENERIC_MESSAGE;
  return { [STRIPE_PAYMENT_FIELD]: message };
}

/** The message a failed `handleNextAction` rejects with: Stripe's, or ours. */
export function nextActionFailureMessage(error: Pick<StripeError, "type" | "message"> | undefined): string {
  if (error?.type === "api_connection_error") return NETWORK_MESSAGE;
  return error?.message?.trim() || "Your bank did not confirm this payment. Please try again.";
}

/** The client secret of a `use_stripe_sdk` step (confirm's `next_action`), or null for another step. */
export function clientSecretOfAction(action: Record<string, unknown>): string | null {
  if (action.type !== "use_stripe_sdk") return null;
  const secret = action.client_secret;
  return typeof secret === "string" && /^(pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/.test(secret)
    ? secret
    : null;
}
