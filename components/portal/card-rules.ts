// The portal's card form rules, pure: the hosted checkout's checks and test-card → token mapping
// (lib/checkout/card.ts), as the form's field errors (keys like CardFields expects) or a token.
import { testTokenForCard, validateCard, type CardInput } from "@/lib/checkout/card";
import type { FieldErrors } from "@/components/checkout/form-state";
import { english } from "@/lib/i18n/english";
import type { Translator } from "@/lib/i18n/translator";

export const EMPTY_CARD: CardInput = { number: "", expiry: "", cvc: "" };

export function cardSubmission(card: CardInput, now: Date): { token: string } | { errors: FieldErrors } {
  const problems = validateCard(card, now);
  const entries = Object.entries(problems).filter(([, message]) => !!message);
  if (entries.length) {
    return { errors: Object.fromEntries(entries.map(([field, message]) => [`card.${field}`, message!])) };
  }
  return { token: testTokenForCard(card.number) };
}

/** One field's problem once the buyer leaves it (nothing for an empty field: they may not be done). */
export function cardFieldError(card: CardInput, field: keyof CardInput, now: Date): string | null {
  if (!card[field].trim()) return null;
  return validateCard(card, now)[field] ?? null;
}

/** What the buyer hears after a new card: whether a failed payment went through with it. */
export function paymentMethodOutcome(
  statusBefore: string,
  statusAfter: string,
  tr: Translator = english,
): string {
  if (statusBefore === "past_due" && statusAfter === "active") return tr.t("portal.outcomeRecovered");
  if (statusAfter === "past_due") return tr.t("portal.outcomeStillPastDue");
  return tr.t("portal.outcomeUpdated");
}
