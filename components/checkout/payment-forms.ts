// Which payment form a session gets, by its `payment_processor` (lib/payments/processor.ts `name`).
// A processor's embedded form is added here as one more entry (./payment-form.ts says what it
// implements); load a heavy one with next/dynamic so the page's first load stays light
// (docs/checkout.md, "Weight and time to Pay").
import type { PaymentForm } from "./payment-form";
import { TestCardForm } from "./test-card-form";

const PAYMENT_FORMS: Readonly<Record<string, PaymentForm>> = {
  // The built-in test processor: a card form whose number becomes a test token in the browser.
  test: { Form: TestCardForm, errorPrefix: "card.", declineField: "card.number" },
};

/** The form for a processor; null when this page has none (the Pay attempt then says so). */
export function paymentFormFor(processor: string): PaymentForm | null {
  return Object.hasOwn(PAYMENT_FORMS, processor) ? PAYMENT_FORMS[processor]! : null;
}
