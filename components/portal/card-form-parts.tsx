"use client";
// What the portal's two new-card forms share (./test-card-form.tsx, ./stripe-card-form.tsx): the
// form's problem line, its buttons, and how a failed save reads for the buyer.
import { ApiRequestError } from "@/components/api-client";
import { Spinner } from "@/components/checkout/fields";
import type { PortalSubscription } from "./api";
import { PRIMARY, SECONDARY } from "./ui";

export type CardFormProps = {
  subscription: PortalSubscription;
  onDone: (updated: PortalSubscription) => void;
  onCancel?: () => void;
};

/**
 * A failed save as the buyer reads it: null for an expired session (the portal signs the buyer out
 * itself); `declined` when the card itself was refused (shown at the card, "try another card").
 */
export function saveFailure(error: unknown): { message: string; declined: boolean } | null {
  if (error instanceof ApiRequestError && error.status === 401) return null;
  const message = error instanceof Error ? error.message : "Something went wrong. Please try again.";
  return { message, declined: error instanceof ApiRequestError && error.code === "PaymentError" };
}

export function CardFormActions({
  subscription,
  busy,
  formError,
  onCancel,
}: {
  subscription: PortalSubscription;
  busy: boolean;
  formError: string | null;
  onCancel?: () => void;
}) {
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
          {busy ? "Saving card…" : subscription.status === "past_due" ? "Save card and pay" : "Save card"}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={busy} className={SECONDARY}>
            Cancel<span className="sr-only"> updating the payment method</span>
          </button>
        ) : null}
      </div>
    </>
  );
}
