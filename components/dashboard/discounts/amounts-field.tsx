"use client";
// A fixed discount's amounts in other currencies than its own (docs/currencies.md "Discounts"): a
// checkout in a currency the discount has no amount in cannot use it.
import { CurrencyOptions } from "../forms/form-fields";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { COMMON_CURRENCIES } from "../forms/currencies";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";

type Row = { currency: string; amount: string };

export function DiscountAmountsField(props: {
  formId: string;
  errors: FormErrorsState;
  currency: string;
  value: Row[];
  onChange: (rows: Row[]) => void;
}) {
  const { value, onChange } = props;
  const taken = new Set([props.currency, ...value.map((row) => row.currency)]);
  const next = COMMON_CURRENCIES.find((code) => !taken.has(code)) ?? "usd";
  const set = (index: number, patch: Partial<Row>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">
        Amounts in other currencies
      </legend>
      <ul className="space-y-2">
        {value.map((row, index) => {
          const id = controlId(props.formId, `amounts.${index}`);
          const error = props.errors.field(`amounts.${row.currency}`);
          return (
            <li key={index} className="grid grid-cols-[1fr_9rem_auto] items-start gap-2">
              <input
                id={id}
                aria-label={`Amount off in ${row.currency.toUpperCase()}`}
                aria-invalid={error ? true : undefined}
                className={inputClass}
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => set(index, { amount: e.target.value })}
              />
              <select
                aria-label={`Currency of amount ${index + 2}`}
                className={inputClass}
                value={row.currency}
                onChange={(e) => set(index, { currency: e.target.value })}
              >
                <CurrencyOptions current={row.currency} />
              </select>
              <Button size="sm" variant="ghost" onClick={() => onChange(value.filter((_, i) => i !== index))}>
                Remove
              </Button>
              {error ? <p className="col-span-3 text-xs text-red-600 dark:text-red-400">{error}</p> : null}
            </li>
          );
        })}
      </ul>
      <Button size="sm" variant="ghost" onClick={() => onChange([...value, { currency: next, amount: "" }])}>
        Add a currency
      </Button>
    </fieldset>
  );
}
