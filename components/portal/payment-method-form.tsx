"use client";
// A new card for a subscription, with the hosted checkout's own card form (test processor: the
// number stays in the page, only the token is sent). A past-due subscription is charged with it.
import { useRef, useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api-client";
import { CardFields } from "@/components/checkout/card-fields";
import { Spinner } from "@/components/checkout/fields";
import type { FieldErrors } from "@/components/checkout/form-state";
import type { CardInput } from "@/lib/checkout/card";
import type { PortalSubscription } from "./api";
import { EMPTY_CARD, cardFieldError, cardSubmission } from "./card-rules";
import { useUpdatePaymentMethod } from "./hooks";
import { PRIMARY, SECONDARY } from "./ui";

type Props = {
  subscription: PortalSubscription;
  onDone: (updated: PortalSubscription) => void;
  onCancel?: () => void;
};

export function PaymentMethodForm({ subscription, onDone, onCancel }: Props) {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdatePaymentMethod();
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const submission = cardSubmission(card, new Date());
    if ("errors" in submission) {
      setErrors(submission.errors);
      focusFirstError();
      return;
    }
    setFormError(null);
    update.mutate(
      { id: subscription.id, cardToken: submission.token },
      {
        onSuccess: (updated) => {
          setCard(EMPTY_CARD);
          onDone(updated);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 401) return;
          const message = error instanceof Error ? error.message : "Something went wrong. Please try again.";
          if (error instanceof ApiRequestError && error.code === "PaymentError") {
            setErrors({ "card.number": message });
            setFormError(`${message} Please try another card.`);
            focusFirstError();
          } else {
            setFormError(message);
          }
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={`New card for ${subscription.product.name}`}>
      <CardFields
        card={card}
        errors={errors}
        disabled={update.isPending}
        onChange={(next) => {
          setCard(next);
          setErrors((before) => {
            const after = { ...before };
            for (const field of ["number", "expiry", "cvc"] as const) {
              if (next[field] !== card[field]) delete after[`card.${field}`];
            }
            return after;
          });
        }}
        onBlurField={(field) => {
          const message = cardFieldError(card, field, new Date());
          if (message) setErrors((e) => ({ ...e, [`card.${field}`]: message }));
        }}
      />
      {formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" disabled={update.isPending} className={PRIMARY}>
          {update.isPending ? <Spinner /> : null}
          {update.isPending
            ? "Saving card…"
            : subscription.status === "past_due"
              ? "Save card and pay"
              : "Save card"}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={update.isPending} className={SECONDARY}>
            Cancel<span className="sr-only"> updating the payment method</span>
          </button>
        ) : null}
      </div>
    </form>
  );
}
