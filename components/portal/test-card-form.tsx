"use client";
// A new card for a subscription of the test processor, with the hosted checkout's own card form
// (the number stays in the page, only the token is sent). A past-due subscription is charged with it.
import { useRef, useState, type FormEvent } from "react";
import { CardFields } from "@/components/checkout/card-fields";
import type { FieldErrors } from "@/components/checkout/form-state";
import type { CardInput } from "@/lib/checkout/card";
import { EMPTY_CARD, cardFieldError, cardSubmission } from "./card-rules";
import { useUpdatePaymentMethod } from "./hooks";
import { CardFormActions, saveFailure, type CardFormProps } from "./card-form-parts";

export function TestCardForm({ subscription, onDone, onCancel }: CardFormProps) {
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
          const failure = saveFailure(error);
          if (!failure) return;
          if (failure.declined) {
            setErrors({ "card.number": failure.message });
            setFormError(`${failure.message} Please try another card.`);
            focusFirstError();
          } else {
            setFormError(failure.message);
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
      <CardFormActions
        subscription={subscription}
        busy={update.isPending}
        formError={formError}
        onCancel={onCancel}
      />
    </form>
  );
}
