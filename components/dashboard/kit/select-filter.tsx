"use client";
// One filter of a list's toolbar: a labelled select whose first option is "All …" (no filter).
// A value the options do not hold (a shared link, options still loading) stays selected under
// `unknownLabel` instead of silently showing "All".
import { useId } from "react";
import { inputClass } from "../ui/field";

/** A select of a list page's toolbar bound to the view's filter `name` (the kit's `selects`). */
export type ViewSelect = Omit<Props, "value" | "onChange"> & { name: string };

type Props = {
  label: string;
  allLabel: string;
  value: string | undefined | null;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
  unknownLabel?: string;
  /** Width of the select (a tailwind class). */
  width?: string;
};

export function SelectFilter({
  label,
  allLabel,
  value,
  options,
  onChange,
  unknownLabel = "Other",
  width = "w-44",
}: Props) {
  const id = useId();
  const known = !value || options.some((option) => option.value === value);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass} ${width} max-w-full`}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {known ? null : <option value={value!}>{unknownLabel}</option>}
      </select>
    </div>
  );
}

/** Options from a fixed list and its labels (statuses, types). */
export function labelledOptions<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
