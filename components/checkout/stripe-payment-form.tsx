"use client";
// Stripe's payment form (./payment-form.ts; docs/checkout.md, "Stripe on the checkout page and in
// Settings"): the Payment Element in deferred-intent mode. No intent exists before Pay: the amount
// and currency come from the session (updated as its total moves), Pay asks Stripe.js for a
// confirmation token, the server creates and confirms the intent with it, and a 3-D Secure step
// comes back here as `use_stripe_sdk`. Loaded with next/dynamic (./payment-forms.ts), so a test
// processor's session never downloads it nor Stripe.js; the page's CSP lets Stripe in only for
// Stripe sessions (proxy.ts).
import { useEffect, useImperativeHandle, useRef } from "react";
import { ErrorText } from "./fields";
import { PaymentFormLoading, PaymentFormUnavailableMessage } from "./payment-form-unavailable";
import { fieldId } from "./form-state";
import type { PaymentFormProps } from "./payment-form";
import {
  clientSecretOfAction,
  elementsOptionsFor,
  fieldErrorsFromStripe,
  nextActionFailureMessage,
  publishableKeyOf,
} from "./stripe-elements";
import { useStripePaymentElement } from "./use-stripe-element";
import { STRIPE_PAYMENT_FIELD } from "./stripe-field";
import { useTranslator } from "@/components/i18n/translator-context";

export function StripePaymentForm({
  checkout,
  disabled,
  errors,
  setFieldError,
  setUnavailable,
  ref,
}: PaymentFormProps) {
  const tr = useTranslator();
  const UNAVAILABLE = tr.t("checkout.paymentFormUnavailable");
  const options = elementsOptionsFor(checkout);
  const publishableKey = publishableKeyOf(checkout);
  const error = errors[STRIPE_PAYMENT_FIELD];
  const id = fieldId(STRIPE_PAYMENT_FIELD);
  // The buyer's email and name for the card's billing details: the session's, which Pay has synced
  // (./checkout-pay.ts settles every change before it asks for the token).
  const buyer = useRef({ email: "", name: "" });
  useEffect(() => {
    buyer.current = { email: checkout.customer_email ?? "", name: checkout.customer_name ?? "" };
  });

  const { mountRef, loaded, status } = useStripePaymentElement(publishableKey, options, {
    onFail: () => setUnavailable(UNAVAILABLE),
    onChange: () => setFieldError(STRIPE_PAYMENT_FIELD, null),
    onUnmount: () => setUnavailable(null),
  });

  useEffect(() => {
    loaded.current?.payment.update({ readOnly: disabled });
  }, [disabled, loaded]);

  useImperativeHandle(
    ref,
    () => ({
      async check() {
        const current = loaded.current;
        if (!current || status !== "ready") {
          return {
            [STRIPE_PAYMENT_FIELD]:
              status === "failed" ? UNAVAILABLE : tr.t("checkout.paymentFormStillLoading"),
          };
        }
        const { error } = await current.elements.submit();
        return fieldErrorsFromStripe(error);
      },
      async createConfirmationToken() {
        const current = loaded.current;
        if (!current) return { errors: { [STRIPE_PAYMENT_FIELD]: UNAVAILABLE } };
        const { email, name } = buyer.current;
        const { error, confirmationToken } = await current.stripe.createConfirmationToken({
          elements: current.elements,
          params: {
            payment_method_data: {
              billing_details: { email: email || undefined, name: name || undefined },
            },
          },
        });
        if (error || !confirmationToken) return { errors: fieldErrorsFromStripe(error) };
        return { token: confirmationToken.id };
      },
      async handleNextAction(action) {
        const current = loaded.current;
        const clientSecret = clientSecretOfAction(action);
        if (!current || !clientSecret) throw new Error(tr.t("checkout.bankStepUnsupported"));
        const { error } = await current.stripe.handleNextAction({ clientSecret });
        if (error) throw new Error(nextActionFailureMessage(error));
      },
    }),
    [status, loaded, tr, UNAVAILABLE],
  );

  return (
    <div className="space-y-2">
      {status === "loading" ? <PaymentFormLoading /> : null}
      {status === "failed" ? <PaymentFormUnavailableMessage /> : null}
      <div
        id={id}
        ref={mountRef}
        role="group"
        aria-label={tr.t("checkout.cardDetails")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // The focus the page moves to a problem here goes into Stripe's own field.
        tabIndex={-1}
        onFocus={(event) => event.target === event.currentTarget && loaded.current?.payment.focus()}
        className="min-h-10 min-w-0"
      />
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}
