"use client";
// Stripe's payment form (./payment-form.ts; docs/checkout.md, "Stripe on the checkout page and in
// Settings"): the Payment Element in deferred-intent mode. No intent exists before Pay: the amount
// and currency come from the session (updated as its total moves), Pay asks Stripe.js for a
// confirmation token, the server creates and confirms the intent with it, and a 3-D Secure step
// comes back here as `use_stripe_sdk`. Loaded with next/dynamic (./payment-forms.ts), so a test
// processor's session never downloads it nor Stripe.js; the page's CSP lets Stripe in only for
// Stripe sessions (proxy.ts).
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import type {
  Stripe,
  StripeElements,
  StripeElementsOptionsMode,
  StripePaymentElement,
} from "@stripe/stripe-js";
// The pure entry: loads Stripe.js when asked, not as a side effect of importing it.
import { loadStripe } from "@stripe/stripe-js/pure";
import { ErrorText } from "./fields";
import {
  PAYMENT_FORM_UNAVAILABLE,
  PaymentFormLoading,
  PaymentFormUnavailableMessage,
} from "./payment-form-unavailable";
import { fieldId } from "./form-state";
import type { PaymentFormProps } from "./payment-form";
import {
  clientSecretOfAction,
  elementsOptionsFor,
  elementsUpdateFor,
  fieldErrorsFromStripe,
  nextActionFailureMessage,
  publishableKeyOf,
  stripeAppearance,
} from "./stripe-elements";
import { STRIPE_PAYMENT_FIELD } from "./stripe-field";

type Loaded = { stripe: Stripe; elements: StripeElements; payment: StripePaymentElement };
type Status = "loading" | "ready" | "failed";

const UNAVAILABLE = PAYMENT_FORM_UNAVAILABLE;

function prefersDark(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches;
}

export function StripePaymentForm({
  checkout,
  disabled,
  errors,
  setFieldError,
  setUnavailable,
  ref,
}: PaymentFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  const options = elementsOptionsFor(checkout);
  const optionsRef = useRef<StripeElementsOptionsMode>(options);
  const publishableKey = publishableKeyOf(checkout);
  const error = errors[STRIPE_PAYMENT_FIELD];
  const id = fieldId(STRIPE_PAYMENT_FIELD);
  // The buyer's email and name for the card's billing details: the session's, which Pay has synced
  // (./checkout-pay.ts settles every change before it asks for the token).
  const buyer = useRef({ email: "", name: "" });
  useEffect(() => {
    buyer.current = { email: checkout.customer_email ?? "", name: checkout.customer_name ?? "" };
  });

  // Once per key: Stripe.js, the Elements group and the Payment Element in its div.
  useEffect(() => {
    let cancelled = false;
    const fail = () => {
      if (cancelled) return;
      setStatus("failed");
      setUnavailable(UNAVAILABLE);
    };
    if (!publishableKey) fail();
    else
      loadStripe(publishableKey).then((stripe) => {
        if (cancelled || !mountRef.current) return;
        if (!stripe) return fail();
        const elements = stripe.elements({
          ...optionsRef.current,
          appearance: stripeAppearance(prefersDark()),
        });
        const payment = elements.create("payment", { layout: "tabs" });
        payment.on("ready", () => !cancelled && setStatus("ready"));
        payment.on("loaderror", fail);
        payment.on("change", () => setFieldError(STRIPE_PAYMENT_FIELD, null));
        payment.mount(mountRef.current);
        loaded.current = { stripe, elements, payment };
      }, fail);
    return () => {
      cancelled = true;
      loaded.current?.payment.unmount();
      loaded.current = null;
      setUnavailable(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per key; the rest is read through refs
  }, [publishableKey]);

  // The total (or whether anything is due now) moved: Elements shows and authorises the new one.
  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    const update = elementsUpdateFor(optionsRef.current, options);
    optionsRef.current = options;
    if (update) loaded.current?.elements.update(update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by value
  }, [optionsKey]);

  // The page's colour scheme changed while it is open.
  useEffect(() => {
    const query = window.matchMedia?.("(prefers-color-scheme: dark)");
    if (!query) return;
    const follow = () => loaded.current?.elements.update({ appearance: stripeAppearance(query.matches) });
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

  useEffect(() => {
    loaded.current?.payment.update({ readOnly: disabled });
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async check() {
        const current = loaded.current;
        if (!current || status !== "ready") {
          return {
            [STRIPE_PAYMENT_FIELD]: status === "failed" ? UNAVAILABLE : "The payment form is still loading.",
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
        if (!current || !clientSecret) throw new Error("Your bank needs a step this page cannot show.");
        const { error } = await current.stripe.handleNextAction({ clientSecret });
        if (error) throw new Error(nextActionFailureMessage(error));
      },
    }),
    [status],
  );

  return (
    <div className="space-y-2">
      {status === "loading" ? <PaymentFormLoading /> : null}
      {status === "failed" ? <PaymentFormUnavailableMessage /> : null}
      <div
        id={id}
        ref={mountRef}
        role="group"
        aria-label="Card details"
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
