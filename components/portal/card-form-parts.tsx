"use client";
// What the portal's two new-card forms share (./test-card-form.tsx, ./stripe-card-form.tsx): what
// they save a card for (a subscription's renewals, or the buyer's saved cards), the form's problem
// line, its buttons, and how a failed save reads for the buyer.
import type { ReactNode } from "react";
import { ApiRequestError } from "@/components/api-client";
import { Spinner } from "@/components/checkout/fields";
import { useTranslator } from "@/components/i18n/translator-context";
import { english } from "@/lib/i18n/english";
import type { Translator } from "@/lib/i18n/translator";
import type { ConfirmStep } from "./hooks";
import { PRIMARY, SECONDARY } from "./ui";

/** Where the card goes, as the form needs it: the processor's form, and its words. */
export type CardFormTarget = {
  /** `stripe`: Stripe's Payment Element; anything else: the test processor's card form. */
  processor: string;
  publishableKey: string | null;
  currency: string;
  /** The form's accessible name ("New card for Pro plan", "New card"). */
  label: string;
  /** Save's words ("Save card", "Save card and pay"). */
  submitLabel: string;
};

export type CardFormProps = {
  target: CardFormTarget;
  /** Sends the card form's token; with Stripe, `confirmStep` shows the bank's step. Rejects on failure. */
  save: (cardToken: string, confirmStep?: ConfirmStep) => Promise<void>;
  onCancel?: () => void;
  /** More fields above the buttons (the saved cards' "Use for my subscriptions"). */
  extra?: ReactNode;
};

/**
 * A failed save as the buyer reads it: null for an expired session (the portal signs the buyer out
 * itself); `declined` when the card itself was refused (shown at the card, "try another card").
 */
export function saveFailure(
  error: unknown,
  tr: Translator = english,
): { message: string; declined: boolean } | null {
  if (error instanceof ApiRequestError && error.status === 401) return null;
  const message = error instanceof Error ? error.message : tr.t("portal.somethingWrong");
  const declined =
    error instanceof ApiRequestError &&
    (error.code === "PaymentError" || error.code === "PaymentMethodSetupFailed");
  return { message, declined };
}

export function CardFormActions({
  submitLabel,
  busy,
  formError,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  formError: string | null;
  onCancel?: () => void;
}) {
  const tr = useTranslator();
  return (
    <>
      {formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={PRIMARY}>
          {busy ? <Spinner /> : null}
          {busy ? tr.t("portal.savingCard") : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={busy} className={SECONDARY}>
            {tr.t("portal.cancel")}
            <span className="sr-only"> {tr.t("portal.cancelAddingCard")}</span>
          </button>
        ) : null}
      </div>
    </>
  );
}
