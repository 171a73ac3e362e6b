"use client";
// Stripe's Payment Element in a div of the page, for the checkout's payment form
// (./stripe-payment-form.tsx) and the portal's new-card form (components/portal/stripe-card-form.tsx):
// Stripe.js loaded from Stripe once per publishable key, the Elements group in deferred-intent mode
// with the caller's options (updated when they change by value), Stripe's night theme while the
// page is dark, and whether it is loading, ready or failed.
import { useEffect, useRef, useState } from "react";
import type {
  Stripe,
  StripeElements,
  StripeElementsOptionsMode,
  StripePaymentElement,
} from "@stripe/stripe-js";
// The pure entry: loads Stripe.js when asked, not as a side effect of importing it.
import { loadStripe } from "@stripe/stripe-js/pure";
import { elementsUpdateFor, stripeAppearance } from "./stripe-elements";

export type LoadedStripe = { stripe: Stripe; elements: StripeElements; payment: StripePaymentElement };
export type StripeElementStatus = "loading" | "ready" | "failed";

type Handlers = {
  /** Stripe.js or the element could not load (no key, blocked, offline). */
  onFail: () => void;
  /** The buyer changed what is in the element. */
  onChange: () => void;
  /** The element goes away (the key changed, the form closed). */
  onUnmount?: () => void;
};

function prefersDark(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches;
}

export function useStripePaymentElement(
  publishableKey: string | null,
  options: StripeElementsOptionsMode,
  handlers: Handlers,
) {
  const mountRef = useRef<HTMLDivElement>(null);
  const loaded = useRef<LoadedStripe | null>(null);
  const [status, setStatus] = useState<StripeElementStatus>("loading");
  const optionsRef = useRef<StripeElementsOptionsMode>(options);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  // Once per key: Stripe.js, the Elements group and the Payment Element in its div.
  useEffect(() => {
    let cancelled = false;
    const fail = () => {
      if (cancelled) return;
      setStatus("failed");
      handlersRef.current.onFail();
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
        payment.on("change", () => handlersRef.current.onChange());
        payment.mount(mountRef.current);
        loaded.current = { stripe, elements, payment };
      }, fail);
    return () => {
      cancelled = true;
      loaded.current?.payment.unmount();
      loaded.current = null;
      handlersRef.current.onUnmount?.();
    };
  }, [publishableKey]);

  // What Elements shows and authorises moved (the total, whether anything is due now).
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

  return { mountRef, loaded, status };
}
