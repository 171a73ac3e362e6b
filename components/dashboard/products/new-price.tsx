"use client";
// One new price of the product form (./prices-editor.tsx): its type, currency, amounts, interval
// and tax behaviour (docs/tax.md), each labelled and with its own message.
import type { ReactNode } from "react";
import { CurrencyOptions } from "../forms/form-fields";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import type { PriceRow } from "./logic";

const AMOUNT_TYPE_OPTIONS = (
  <>
    <option value="fixed">Fixed price</option>
    <option value="custom">Pay what you want</option>
    <option value="free">Free</option>
  </>
);

const INTERVAL_OPTIONS = (
  <>
    <option value="month">Monthly</option>
    <option value="year">Yearly</option>
  </>
);

/** "": the organization's default_tax_behavior applies. */
const TAX_BEHAVIOR_OPTIONS = (
  <>
    <option value="">Organization default</option>
    <option value="exclusive">Added on top</option>
    <option value="inclusive">Included in the price</option>
    <option value="location">By the buyer&apos;s country</option>
  </>
);

type NewPriceProps = {
  row: PriceRow;
  index: number;
  suffix: string;
  formId: string;
  errors: FormErrorsState;
  isRecurring: boolean;
  onChange: (patch: Partial<PriceRow>) => void;
  onRemove?: () => void;
};

export function NewPrice({
  row,
  index,
  suffix,
  formId,
  errors,
  isRecurring,
  onChange,
  onRemove,
}: NewPriceProps) {
  const field = (name: string, label: string, control: ReactNode) => {
    const id = controlId(formId, `prices.${index}.${name}`);
    const error = errors.field(`prices.${index}.${name}`);
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
          {label + suffix}
        </label>
        {control}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const input = (name: string, key: "amount" | "minimum" | "maximum" | "preset") => (
    <input
      {...errors.control(`prices.${index}.${name}`)}
      className={inputClass}
      inputMode="decimal"
      value={row[key]}
      onChange={(e) => onChange({ [key]: e.target.value })}
    />
  );
  // A select of the row's choices; its value goes to the row's `key`.
  const select = (
    name: string,
    key: "amount_type" | "currency" | "interval" | "taxBehavior",
    options: ReactNode,
  ) => (
    <select
      {...errors.control(`prices.${index}.${name}`)}
      className={inputClass}
      value={row[key]}
      onChange={(e) => onChange({ [key]: e.target.value } as Partial<PriceRow>)}
    >
      {options}
    </select>
  );
  return (
    <div className="grid items-start gap-3 sm:grid-cols-4">
      {field("amount_type", "Price type", select("amount_type", "amount_type", AMOUNT_TYPE_OPTIONS))}
      {row.amount_type !== "free"
        ? field(
            "price_currency",
            "Currency",
            select("price_currency", "currency", <CurrencyOptions current={row.currency} />),
          )
        : null}
      {row.amount_type === "fixed" ? field("price_amount", "Amount", input("price_amount", "amount")) : null}
      {row.amount_type === "custom" ? (
        <>
          {field("minimum_amount", "Minimum", input("minimum_amount", "minimum"))}
          {field("maximum_amount", "Maximum", input("maximum_amount", "maximum"))}
          {field("preset_amount", "Suggested amount", input("preset_amount", "preset"))}
        </>
      ) : null}
      {isRecurring
        ? field(
            "recurring_interval",
            "Billing interval",
            select("recurring_interval", "interval", INTERVAL_OPTIONS),
          )
        : null}
      {row.amount_type !== "free"
        ? field("tax_behavior", "Tax", select("tax_behavior", "taxBehavior", TAX_BEHAVIOR_OPTIONS))
        : null}
      {onRemove ? (
        <div className="self-end">
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove price{suffix}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
