"use client";
// What a dynamically loaded payment form (./payment-forms.ts) shows while it loads, and instead of
// itself when it could not load (its chunk, or its processor's script): a sentence, and Pay disabled
// (./payment-form.ts `setUnavailable`); without this, a failed import would fail the whole page.
import { useEffect } from "react";
import { Spinner } from "./fields";
import type { PaymentFormProps } from "./payment-form";

export const PAYMENT_FORM_UNAVAILABLE =
  "The secure payment form could not load. Check your connection, then reload the page.";

export function PaymentFormLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner className="size-4" />
      Loading the secure payment form…
    </p>
  );
}

export function PaymentFormUnavailableMessage() {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
    >
      {PAYMENT_FORM_UNAVAILABLE}
    </p>
  );
}

/** In place of a form whose chunk could not be fetched (no handle: Pay says it cannot pay here). */
export function PaymentFormUnavailable({ setUnavailable }: PaymentFormProps) {
  useEffect(() => {
    setUnavailable(PAYMENT_FORM_UNAVAILABLE);
    return () => setUnavailable(null);
  }, [setUnavailable]);
  return <PaymentFormUnavailableMessage />;
}
