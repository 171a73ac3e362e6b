// The card form of the built-in test processor. The inputs have no `name`, so the number can never
// leave the page in a form submission; the page sends only the token derived from it.
import type { Ref } from "react";
import { cardBrand, formatCardNumber, formatCvc, formatExpiry, type CardInput } from "@/lib/checkout/card";
import { Field, TextInput } from "./fields";
import { fieldId, type FieldErrors } from "./form-state";
import { useTranslator } from "@/components/i18n/translator-context";

type Props = {
  card: CardInput;
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (card: CardInput) => void;
  onBlurField: (field: keyof CardInput) => void;
  ref?: Ref<HTMLDivElement>;
};

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

export function CardFields({ card, errors, disabled, onChange, onBlurField, ref }: Props) {
  const tr = useTranslator();
  const brand = BRAND_NAMES[cardBrand(card.number)];
  const numberId = fieldId("card.number");
  const expiryId = fieldId("card.expiry");
  const cvcId = fieldId("card.cvc");
  return (
    <div ref={ref} className="space-y-4">
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
        <strong className="font-semibold">{tr.t("checkout.testCardTitle")}</strong>{" "}
        {tr.t("checkout.testCardHelp")}
      </p>
      <Field id={numberId} label={tr.t("checkout.cardNumber")} required error={errors["card.number"]}>
        <div className="relative">
          <TextInput
            id={numberId}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            required
            disabled={disabled}
            error={errors["card.number"]}
            value={card.number}
            onChange={(e) => onChange({ ...card, number: formatCardNumber(e.target.value) })}
            onBlur={() => onBlurField("number")}
            className="pr-28 font-mono tabular-nums"
          />
          {brand ? (
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-medium text-zinc-500 dark:text-zinc-400">
              {brand}
            </span>
          ) : null}
        </div>
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={expiryId} label={tr.t("checkout.cardExpiry")} required error={errors["card.expiry"]}>
          <TextInput
            id={expiryId}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            disabled={disabled}
            error={errors["card.expiry"]}
            value={card.expiry}
            onChange={(e) => onChange({ ...card, expiry: formatExpiry(e.target.value) })}
            onBlur={() => onBlurField("expiry")}
            className="font-mono tabular-nums"
          />
        </Field>
        <Field id={cvcId} label={tr.t("checkout.cardCvc")} required error={errors["card.cvc"]}>
          <TextInput
            id={cvcId}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            disabled={disabled}
            error={errors["card.cvc"]}
            value={card.cvc}
            onChange={(e) => onChange({ ...card, cvc: formatCvc(e.target.value, card.number) })}
            onBlur={() => onBlurField("cvc")}
            className="font-mono tabular-nums"
          />
        </Field>
      </div>
    </div>
  );
}
