"use client";
// The open session: the order's summary on one side, the buyer's form on the other (one column on a
// phone). The parts are laid out here; their state and Pay live in ./use-checkout-form.ts, and the
// payment form is the session's processor's (./payment-form.ts). See docs/checkout.md, "The page's
// parts".
import type { CheckoutView } from "./api";
import { AmountField } from "./amount-field";
import { BillingAddressFields } from "./billing-address-fields";
import type { Choice } from "./countries";
import { CurrencySwitcher } from "./currency-switcher";
import { CustomerFields } from "./customer-fields";
import { CustomFields } from "./custom-fields";
import { Section } from "./fields";
import { OrderSummary } from "./order-summary";
import { PayButton } from "./pay-button";
import { PaymentSection } from "./payment-section";
import { ProductPicker } from "./product-picker";
import type { Subdivisions } from "./subdivisions";
import { useCheckoutForm } from "./use-checkout-form";
import { useTranslator } from "@/components/i18n/translator-context";

type Props = {
  checkout: CheckoutView;
  /** The country choices, from the server (countries.ts): not part of this page's JavaScript. */
  countries: readonly Choice[];
  /** The states and provinces, from the server (./subdivisions.ts), likewise. */
  subdivisions: Subdivisions;
  /** The server says the session is no longer open. */
  onClosed: () => void;
};

export function OpenCheckout({ checkout, countries, subdivisions, onClosed }: Props) {
  const { form, rootRef, formRef, paymentRef } = useCheckoutForm(checkout, onClosed);
  const { submitting } = form;
  const tr = useTranslator();

  return (
    <div ref={rootRef} className="relative">
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 hidden w-1/2 border-r border-zinc-200 bg-zinc-50 lg:block dark:border-zinc-800 dark:bg-zinc-900/60"
      />
      <p role="alert" className="sr-only">
        {form.announcement}
      </p>
      <main className="relative mx-auto grid max-w-6xl lg:min-h-screen lg:grid-cols-2">
        <OrderSummary form={form} />

        <section
          aria-label={tr.t("checkout.checkoutDetails")}
          className="px-5 py-8 sm:px-10 lg:py-16 lg:pl-14"
        >
          <form
            ref={formRef}
            onSubmit={form.onSubmit}
            noValidate
            aria-busy={submitting}
            // For ./early-pay-script.ts (EARLY_PAY_FORM_ATTRIBUTE), and for tests and the benchmark:
            // whether React handles the form yet.
            data-checkout-form=""
            data-hydrated={form.hydrated ? "true" : "false"}
            className="mx-auto max-w-md space-y-8 lg:ml-0"
          >
            <CurrencySwitcher
              checkout={checkout}
              disabled={submitting}
              onPick={(currency) => form.sync.setCurrency(currency)}
            />
            <ProductPicker
              checkout={checkout}
              disabled={submitting}
              onPick={(productId) => void form.sync.setProduct(productId)}
            />
            <AmountField form={form} />
            <CustomerFields form={form} />
            <BillingAddressFields form={form} countries={countries} subdivisions={subdivisions} />
            {checkout.attached_custom_fields.length ? (
              <Section title={tr.t("checkout.additionalInformation")}>
                <CustomFields
                  fields={checkout.attached_custom_fields}
                  answers={form.values.answers}
                  errors={form.errors}
                  onChange={form.changeAnswer}
                  disabled={submitting}
                />
              </Section>
            ) : null}
            <PaymentSection form={form} paymentRef={paymentRef} />
            <PayButton form={form} />
          </form>
        </section>
      </main>
    </div>
  );
}
