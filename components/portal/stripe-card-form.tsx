"use client";
// A new card (for a subscription, or added to the buyer's saved cards) in a Stripe organization: Stripe's Payment Element in setup mode
// (components/checkout/use-stripe-element.ts), loaded with next/dynamic (./payment-method-form.tsx)
// so a test processor's portal never downloads it nor Stripe.js. Save asks Stripe.js for a
// confirmation token, the server saves the card through a SetupIntent, and when the bank wants the
// buyer to confirm it (3-D Secure) Stripe.js shows that step, then the server re-reads the
// SetupIntent (docs/payments.md, "Stripe"). What the card is for is the caller's (`save`).
import { useState, type FormEvent } from "react";
import type { StripeElementsOptionsMode } from "@stripe/stripe-js";
import { ErrorText } from "@/components/checkout/fields";
import {
  PAYMENT_FORM_UNAVAILABLE,
  PaymentFormLoading,
  PaymentFormUnavailableMessage,
} from "@/components/checkout/payment-form-unavailable";
import {
  clientSecretOfAction,
  fieldErrorsFromStripe,
  nextActionFailureMessage,
} from "@/components/checkout/stripe-elements";
import { STRIPE_PAYMENT_FIELD } from "@/components/checkout/stripe-field";
import { useStripePaymentElement } from "@/components/checkout/use-stripe-element";
import { useTranslator } from "@/components/i18n/translator-context";
import { CardFormActions, saveFailure, type CardFormProps } from "./card-form-parts";
import type { ConfirmStep } from "./hooks";

const FIELD_ID = "portal-stripe-card";

export default function StripeCardForm({ target, save, onCancel, extra }: CardFormProps) {
  const tr = useTranslator();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // Nothing is charged by the element: it only makes the card, kept for the renewals.
  const options: StripeElementsOptionsMode = {
    mode: "setup",
    currency: target.currency.toLowerCase(),
    paymentMethodCreation: "manual",
    setupFutureUsage: "off_session",
  };
  const { mountRef, loaded, status } = useStripePaymentElement(target.publishableKey, options, {
    onFail: () => {},
    onChange: () => setFieldError(null),
  });
  const busy = asking;

  const showAtCard = (message: string) => {
    setFieldError(message);
    setTimeout(() => loaded.current?.payment.focus());
  };

  const confirmStep: ConfirmStep = async (action) => {
    const current = loaded.current;
    const clientSecret = clientSecretOfAction(action);
    if (!current || !clientSecret) throw new Error(tr.t("portal.bankStepUnsupported"));
    const { error } = await current.stripe.handleNextAction({ clientSecret });
    if (error) throw new Error(nextActionFailureMessage(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = loaded.current;
    if (busy) return;
    if (!current || status !== "ready") {
      showAtCard(status === "failed" ? PAYMENT_FORM_UNAVAILABLE : tr.t("portal.paymentFormLoading"));
      return;
    }
    setFormError(null);
    setAsking(true);
    try {
      const checked = await current.elements.submit();
      const made = checked.error
        ? null
        : await current.stripe.createConfirmationToken({ elements: current.elements });
      const problem = checked.error ?? made?.error;
      if (problem || !made?.confirmationToken) {
        showAtCard(fieldErrorsFromStripe(problem)[STRIPE_PAYMENT_FIELD] ?? PAYMENT_FORM_UNAVAILABLE);
        return;
      }
      await save(made.confirmationToken.id, confirmStep);
    } catch (error) {
      const failure = saveFailure(error, tr);
      if (!failure) return;
      setFormError(
        failure.declined ? tr.t("portal.tryAnotherCard", { message: failure.message }) : failure.message,
      );
      if (failure.declined) showAtCard(failure.message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={target.label}>
      <div className="space-y-2">
        {status === "loading" ? <PaymentFormLoading /> : null}
        {status === "failed" ? <PaymentFormUnavailableMessage /> : null}
        <div
          id={FIELD_ID}
          ref={mountRef}
          role="group"
          aria-label={tr.t("portal.cardDetails")}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${FIELD_ID}-error` : undefined}
          className="min-h-10 min-w-0"
        />
        {fieldError ? <ErrorText id={`${FIELD_ID}-error`}>{fieldError}</ErrorText> : null}
      </div>
      {extra}
      <CardFormActions
        submitLabel={target.submitLabel}
        busy={busy}
        formError={formError}
        onCancel={onCancel}
      />
    </form>
  );
}
