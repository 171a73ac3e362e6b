// Which payment form a session gets, by its `payment_processor` (lib/payments/processor.ts `name`).
// A processor's embedded form is added here as one more entry (./payment-form.ts says what it
// implements); load a heavy one with next/dynamic so the page's first load stays light
// (docs/checkout.md, "Weight and time to Pay").
import dynamic from "next/dynamic";
import type { PaymentForm, PaymentFormProps } from "./payment-form";
import { PaymentFormLoading, PaymentFormUnavailable } from "./payment-form-unavailable";
import { STRIPE_ERROR_PREFIX, STRIPE_PAYMENT_FIELD } from "./stripe-field";
import { TestCardForm } from "./test-card-form";

// Its own chunk, fetched only when a Stripe session renders it (never on the server: Stripe.js is
// the browser's); a chunk that cannot be fetched leaves a sentence and Pay disabled.
const StripePaymentForm = dynamic<PaymentFormProps>(
  () =>
    import("./stripe-payment-form").then(
      (module) => module.StripePaymentForm,
      () => PaymentFormUnavailable,
    ),
  { ssr: false, loading: PaymentFormLoading },
);

const PAYMENT_FORMS: Readonly<Record<string, PaymentForm>> = {
  // The built-in test processor: a card form whose number becomes a test token in the browser.
  test: { Form: TestCardForm, errorPrefix: "card.", declineField: "card.number" },
  // Stripe's Payment Element (deferred intent: the server confirms with the confirmation token).
  stripe: { Form: StripePaymentForm, errorPrefix: STRIPE_ERROR_PREFIX, declineField: STRIPE_PAYMENT_FIELD },
};

/** The form for a processor; null when this page has none (the Pay attempt then says so). */
export function paymentFormFor(processor: string): PaymentForm | null {
  return Object.hasOwn(PAYMENT_FORMS, processor) ? PAYMENT_FORMS[processor]! : null;
}
