"use client";
// A new card (for a subscription, or added to the buyer's saved cards) with the test processor: the
// hosted checkout's own card form (the number stays in the page, only the token is sent to `save`).
import { useRef, useState, type FormEvent } from "react";
import { CardFields } from "@/components/checkout/card-fields";
import { useTranslator } from "@/components/i18n/translator-context";
import type { FieldErrors } from "@/components/checkout/form-state";
import type { CardInput } from "@/lib/checkout/card";
import { EMPTY_CARD, cardFieldError, cardSubmission } from "./card-rules";
import { CardFormActions, saveFailure, type CardFormProps } from "./card-form-parts";

export function TestCardForm({ target, save, onCancel, extra }: CardFormProps) {
  const tr = useTranslator();
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const submission = cardSubmission(card, new Date());
    if ("errors" in submission) {
      setErrors(submission.errors);
      focusFirstError();
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      await save(submission.token);
      setCard(EMPTY_CARD);
    } catch (error) {
      const failure = saveFailure(error, tr);
      if (!failure) return;
      if (failure.declined) {
        setErrors({ "card.number": failure.message });
        setFormError(tr.t("portal.tryAnotherCard", { message: failure.message }));
        focusFirstError();
      } else {
        setFormError(failure.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={target.label}>
      <CardFields
        card={card}
        errors={errors}
        disabled={busy}
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
