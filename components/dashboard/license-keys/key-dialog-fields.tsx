"use client";
// The inputs inside the key page's "Change limits" and "Change expiry" dialogs. Empty limit fields
// mean "no limit"; problems (found here or answered by the API as 422) show under their field.
import { describedBy, Field, inputClass } from "../ui/field";
import type { LimitsForm } from "./logic";

export function LimitsFields({
  form,
  errors,
  onChange,
}: {
  form: LimitsForm;
  errors: Record<string, string>;
  onChange: (form: LimitsForm) => void;
}) {
  const fields = [
    {
      name: "limit_activations",
      label: "Activation limit",
      hint: "1 to 50 devices; empty for no limit (activation is then not required).",
      min: 1,
      max: 50,
    },
    { name: "limit_usage", label: "Usage limit", hint: "Empty for no limit.", min: 1, max: undefined },
    { name: "usage", label: "Usage so far", hint: "Set to 0 to reset the count.", min: 0, max: undefined },
  ] as const;
  return (
    <div className="space-y-4">
      <p>Change how often and on how many devices this key may be used.</p>
      {fields.map((field) => {
        const id = `limits-${field.name}`;
        return (
          <Field
            key={field.name}
            label={field.label}
            htmlFor={id}
            hint={field.hint}
            error={errors[field.name]}
          >
            <input
              id={id}
              name={field.name}
              type="number"
              inputMode="numeric"
              step={1}
              min={field.min}
              max={field.max}
              required={field.name === "usage"}
              className={inputClass}
              value={form[field.name]}
              onChange={(event) => onChange({ ...form, [field.name]: event.target.value })}
              {...describedBy(id, errors[field.name], true)}
            />
          </Field>
        );
      })}
    </div>
  );
}

export type ExpiryForm = { never: boolean; date: string };

export function ExpiryFields({
  form,
  error,
  onChange,
}: {
  form: ExpiryForm;
  error?: string;
  onChange: (form: ExpiryForm) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2">When should this key stop validating?</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="expiry"
          checked={form.never}
          onChange={() => onChange({ ...form, never: true })}
          className="accent-indigo-600"
        />
        Never expires
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="expiry"
          checked={!form.never}
          onChange={() => onChange({ ...form, never: false })}
          className="accent-indigo-600"
        />
        Expires at the end of a day
      </label>
      {!form.never ? (
        <Field label="Expiry date" htmlFor="expiry-date" error={error} className="pl-6">
          <input
            id="expiry-date"
            type="date"
            required
            className={inputClass}
            value={form.date}
            onChange={(event) => onChange({ ...form, date: event.target.value })}
            {...describedBy("expiry-date", error)}
          />
        </Field>
      ) : null}
    </fieldset>
  );
}
