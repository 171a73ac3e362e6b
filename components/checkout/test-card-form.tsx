"use client";
// The built-in test processor's payment form (./payment-form.ts): the card lives here, in the
// browser only; at Pay it is checked and turned into the test processor's token (lib/checkout/card.ts).
// What was typed into it before the page hydrated is taken over at hydration, as the rest of the
// form is (./typed-values.ts), so a Pay pressed early pays with it.
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import { testTokenForCard, validateCard, type CardInput } from "@/lib/checkout/card";
import { CardFields } from "./card-fields";
import { snapshotInputs } from "./early-pay";
import type { FieldErrors } from "./form-state";
import type { PaymentFormProps } from "./payment-form";
import { EMPTY_CARD, readTypedCard } from "./typed-values";

const PARTS = ["number", "expiry", "cvc"] as const;

export function TestCardForm({ disabled, errors, setFieldError, ref }: PaymentFormProps) {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const rootRef = useRef<HTMLDivElement>(null);

  // Once, at hydration (runs before the page's own take-over, ./use-checkout-form.ts, which may pay).
  useEffect(() => {
    const typed = readTypedCard(snapshotInputs(rootRef.current?.closest("form") ?? null), EMPTY_CARD);
    if (typed) setCard(typed);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      check() {
        const found: FieldErrors = {};
        for (const [part, message] of Object.entries(validateCard(card, new Date()))) {
          found[`card.${part}`] = message;
        }
        return found;
      },
      createConfirmationToken: async () => ({ token: testTokenForCard(card.number) }),
    }),
    [card],
  );

  function change(next: CardInput) {
    for (const part of PARTS) if (next[part] !== card[part]) setFieldError(`card.${part}`, null);
    setCard(next);
  }

  /** On leaving a field: say what is wrong with what was typed (never nag about an empty field). */
  function checkOnBlur(part: keyof CardInput) {
    if (!card[part].trim()) return;
    const message = validateCard(card, new Date())[part];
    if (message) setFieldError(`card.${part}`, message);
  }

  return (
    <CardFields
      ref={rootRef}
      card={card}
      errors={errors}
      disabled={disabled}
      onChange={change}
      onBlurField={checkOnBlur}
    />
  );
}
