import { describe, expect, it } from "vitest";
import type { CheckoutView } from "./api";
import {
  clientSecretOfAction,
  elementsOptionsFor,
  elementsUpdateFor,
  fieldErrorsFromStripe,
  nextActionFailureMessage,
  publishableKeyOf,
  stripeAppearance,
} from "./stripe-elements";

type Session = Parameters<typeof elementsOptionsFor>[0];

const oneTime = (over: Partial<Session> = {}): Session => ({
  total_amount: 2380,
  currency: "EUR",
  is_payment_required: true,
  is_payment_setup_required: false,
  product_price: { type: "one_time" } as Session["product_price"],
  ...over,
});
const recurring = (over: Partial<Session> = {}) =>
  oneTime({ product_price: { type: "recurring" } as Session["product_price"], ...over });

describe("elementsOptionsFor", () => {
  it("is a payment of the session's total, in its currency (lower case), cards created by hand", () => {
    expect(elementsOptionsFor(oneTime())).toEqual({
      mode: "payment",
      amount: 2380,
      currency: "eur",
      paymentMethodCreation: "manual",
    });
  });

  it("keeps a recurring product's card for the renewals", () => {
    expect(elementsOptionsFor(recurring())).toEqual({
      mode: "payment",
      amount: 2380,
      currency: "eur",
      paymentMethodCreation: "manual",
      setupFutureUsage: "off_session",
    });
  });

  it("is a setup when nothing is due now but the session needs a card", () => {
    expect(
      elementsOptionsFor(
        recurring({ total_amount: 0, is_payment_required: false, is_payment_setup_required: true }),
      ),
    ).toEqual({
      mode: "setup",
      currency: "eur",
      paymentMethodCreation: "manual",
      setupFutureUsage: "off_session",
    });
  });
});

describe("elementsUpdateFor", () => {
  it("updates only when what Elements shows changed", () => {
    const before = elementsOptionsFor(oneTime());
    expect(elementsUpdateFor(before, elementsOptionsFor(oneTime()))).toBeNull();
    const taxed = elementsOptionsFor(oneTime({ total_amount: 2832 }));
    expect(elementsUpdateFor(before, taxed)).toEqual(taxed);
    const setup = elementsOptionsFor(
      recurring({ total_amount: 0, is_payment_required: false, is_payment_setup_required: true }),
    );
    expect(elementsUpdateFor(elementsOptionsFor(recurring()), setup)).toEqual(setup);
  });
});

describe("stripeAppearance", () => {
  it("follows the page's colour scheme", () => {
    expect(stripeAppearance(false)).toMatchObject({
      theme: "stripe",
      variables: { colorPrimary: "#2563eb", colorBackground: "#ffffff" },
    });
    expect(stripeAppearance(true)).toMatchObject({
      theme: "night",
      variables: { colorPrimary: "#60a5fa", colorBackground: "#18181b" },
    });
  });
});

describe("Stripe's errors on the page", () => {
  it("puts a validation or card error at the Payment Element in Stripe's words", () => {
    expect(fieldErrorsFromStripe(undefined)).toEqual({});
    expect(
      fieldErrorsFromStripe({ type: "validation_error", message: "Your card number is incomplete." }),
    ).toEqual({ "stripe.payment": "Your card number is incomplete." });
    expect(fieldErrorsFromStripe({ type: "card_error", message: "Your card was declined." })).toEqual({
      "stripe.payment": "Your card was declined.",
    });
  });

  it("says something useful when Stripe gives no message or cannot be reached", () => {
    expect(fieldErrorsFromStripe({ type: "api_error", message: " " })).toEqual({
      "stripe.payment": "Your card could not be used. Please check it or try another one.",
    });
    expect(fieldErrorsFromStripe({ type: "api_connection_error", message: "Failed to fetch" })).toEqual({
      "stripe.payment": "We could not reach our payment partner. Check your connection and try again.",
    });
    expect(nextActionFailureMessage({ type: "card_error", message: "We are unable to authenticate." })).toBe(
      "We are unable to authenticate.",
    );
    expect(nextActionFailureMessage(undefined)).toBe(
      "Your bank did not confirm this payment. Please try again.",
    );
  });
});

describe("the session's Stripe data", () => {
  const session = (metadata: Record<string, unknown>) =>
    ({ payment_processor_metadata: metadata }) as unknown as CheckoutView;

  it("reads a well-formed publishable key only", () => {
    expect(publishableKeyOf(session({ publishable_key: "pk_test_51Abc" }))).toBe("pk_test_51Abc");
    expect(publishableKeyOf(session({ publishable_key: "pk_live_51Abc" }))).toBe("pk_live_51Abc");
    for (const bad of ["sk_test_51Abc", "pk_test_", "pk_test_a b", 42, null]) {
      expect(publishableKeyOf(session({ publishable_key: bad })), String(bad)).toBeNull();
    }
    expect(publishableKeyOf(session({}))).toBeNull();
  });

  it("takes a use_stripe_sdk step's client secret, of a payment or a setup", () => {
    expect(clientSecretOfAction({ type: "use_stripe_sdk", client_secret: "pi_123_secret_abc" })).toBe(
      "pi_123_secret_abc",
    );
    expect(clientSecretOfAction({ type: "use_stripe_sdk", client_secret: "seti_9_secret_z" })).toBe(
      "seti_9_secret_z",
    );
    expect(clientSecretOfAction({ type: "redirect_to_url", client_secret: "pi_123_secret_abc" })).toBeNull();
    expect(clientSecretOfAction({ type: "use_stripe_sdk", client_secret: "javascript:alert(1)" })).toBeNull();
    expect(clientSecretOfAction({ type: "use_stripe_sdk" })).toBeNull();
  });
});
