"use client";
// One-time purchase or subscription: chosen when the product is created, fixed after.
import type { FormErrorsState } from "../forms/use-form-errors";

const OPTIONS = [
  { recurring: false, label: "One-time purchase" },
  { recurring: true, label: "Subscription" },
];

export function RecurringChoice({
  formId,
  errors,
  editing,
  value,
  onChange,
}: {
  formId: string;
  errors: FormErrorsState;
  editing: boolean;
  value: boolean;
  onChange: (recurring: boolean) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">Pricing</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {OPTIONS.map((option) => (
          <label key={option.label} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${formId}-is_recurring`}
              id={option.recurring ? undefined : errors.control("is_recurring").id}
              disabled={editing}
              checked={value === option.recurring}
              onChange={() => onChange(option.recurring)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {editing ? "Fixed when the product was created." : "Can't be changed once the product is created."}
      </p>
      {errors.field("is_recurring") ? (
        <p className="mt-1 text-xs text-red-600">{errors.field("is_recurring")}</p>
      ) : null}
    </fieldset>
  );
}
