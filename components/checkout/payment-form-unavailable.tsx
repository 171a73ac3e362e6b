"use client";
// What a dynamically loaded payment form (./payment-forms.ts) shows while it loads, and instead of
// itself when it could not load (its chunk, or its processor's script): a sentence, and Pay disabled
// (./payment-form.ts `setUnavailable`); without this, a failed import would fail the whole page.
import { useEffect } from "react";
import { Spinner } from "./fields";
import type { PaymentFormProps } from "./payment-form";
import { useTranslator } from "@/components/i18n/translator-context";

/** The portal's card form's words (components/portal/stripe-card-form.tsx). */
export const PAYMENT_FORM_UNAVAILABLE =
  "The secure payment form could not load. Check your connection, then reload the page.";

export function PaymentFormLoading() {
  const tr = useTranslator();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner className="size-4" />
      {tr.t("checkout.paymentFormLoading")}
    </p>
  );
}

export function PaymentFormUnavailableMessage() {
  const tr = useTranslator();
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
    >
      {tr.t("checkout.paymentFormUnavailable")}
    </p>
  );
}

/** In place of a form whose chunk could not be fetched (no handle: Pay says it cannot pay here). */
export function PaymentFormUnavailable({ setUnavailable }: PaymentFormProps) {
  const unavailable = useTranslator().t("checkout.paymentFormUnavailable");
  useEffect(() => {
    setUnavailable(unavailable);
    return () => setUnavailable(null);
  }, [setUnavailable, unavailable]);
  return <PaymentFormUnavailableMessage />;
}
