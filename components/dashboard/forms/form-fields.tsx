"use client";
// Fields bound to the enclosing form (./form-parts.tsx): each shows the value `name` of the form's
// values, sets it on change (which clears the field's message), and shows the message of `field`
// (the API's name for it, when it differs from the value's, e.g. "properties.note" for "note").
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Card } from "../ui/misc";
import { COMMON_CURRENCIES, CURRENCIES } from "./currencies";
import { FormField, useFormState } from "./form-parts";
import { MetadataEditor } from "./metadata-editor";
import { controlId } from "./use-form-errors";
import type { MetadataRow } from "./values";

type Common = {
  /** The value's key in the form's values. */
  name: string;
  /** The field's name in the form's errors; `name` by default. */
  field?: string;
  label: string;
  hint?: ReactNode;
  className?: string;
  /** The value shown, when it is not `values[name]` (a part of a nested value). */
  value?: string;
  /** Instead of setting `name` to what was typed (a nested value, or one that changes another). */
  onValue?: (value: string) => void;
  /** Applied to what was typed before it is set (e.g. lower case). */
  transform?: (value: string) => string;
};

/** The bound value and change handler of one field. */
function useBinding({ name, field = name, value: shown, onValue, transform }: Common) {
  const form = useFormState();
  const value = shown ?? (form.values as Record<string, unknown>)[name];
  return {
    form,
    field,
    props: {
      ...form.control(field),
      value: typeof value === "string" ? value : String(value ?? ""),
      onChange: (event: { target: { value: string } }) => {
        const text = transform ? transform(event.target.value) : event.target.value;
        if (onValue) {
          onValue(text);
          form.errors.clearField(field);
        } else form.set(name, text, field);
      },
    },
  };
}

function Labelled({ common, field, children }: { common: Common; field: string; children: ReactNode }) {
  const form = useFormState();
  return (
    <FormField
      errors={form.errors}
      formId={form.id}
      name={field}
      label={common.label}
      hint={common.hint}
      className={common.className}
    >
      {children}
    </FormField>
  );
}

type Omitted = "name" | "value" | "onChange" | "className";

const COMMON_KEYS = ["name", "field", "label", "hint", "className", "value", "onValue", "transform"];

/** A field's props split into the binding's and the control's own (maxLength, type, …). */
function splitProps<P extends Common>(props: P): [Common, Record<string, unknown>] {
  const common: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) (COMMON_KEYS.includes(key) ? common : rest)[key] = value;
  return [common as Common, rest];
}

/** The labelled control of a field; `render` gets the bound props plus the control's own. */
function BoundField<P extends Common>({
  props,
  render,
}: {
  props: P;
  render: (bound: Record<string, unknown>) => ReactNode;
}) {
  const [common, own] = splitProps(props);
  const binding = useBinding(common);
  return (
    <Labelled common={common} field={binding.field}>
      {render({ ...binding.props, ...own })}
    </Labelled>
  );
}

export function TextField({
  inputClassName = "",
  ...props
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted> & { inputClassName?: string }) {
  return (
    <BoundField
      props={props}
      render={(bound) => <input {...bound} className={`${String(bound.className)} ${inputClassName}`} />}
    />
  );
}

export function TextAreaField(props: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Omitted>) {
  return <BoundField props={props} render={(bound) => <textarea {...bound} />} />;
}

export function SelectField(props: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, Omitted>) {
  return <BoundField props={props} render={(bound) => <select {...bound} />} />;
}

/** A checkbox for a boolean value, its label beside it and its message under it. */
export function CheckboxField({
  name,
  field = name,
  label,
  disabled,
  className = "",
  inputClassName,
  role,
  checked,
  onValue,
}: {
  name: string;
  field?: string;
  label: ReactNode;
  disabled?: boolean;
  className?: string;
  inputClassName?: string;
  role?: string;
  /** The state shown and its setter, when the value is not `values[name]` (a nested one). */
  checked?: boolean;
  onValue?: (checked: boolean) => void;
}) {
  const form = useFormState();
  const message = form.errors.field(field);
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          {...form.errors.control(field)}
          checked={checked ?? Boolean((form.values as Record<string, unknown>)[name])}
          disabled={disabled}
          onChange={(event) => {
            if (!onValue) return form.set(name, event.target.checked, field);
            onValue(event.target.checked);
            form.errors.clearField(field);
          }}
          className={inputClassName}
          role={role}
        />
        {label}
      </label>
      {message ? (
        <p id={`${controlId(form.id, field)}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The form's `metadata` rows in a card of their own. */
export function MetadataCard() {
  const form = useFormState();
  return (
    <Card>
      <MetadataEditor
        formId={form.id}
        errors={form.errors}
        rows={(form.values as { metadata: MetadataRow[] }).metadata}
        onChange={(rows) => form.set("metadata", rows)}
      />
    </Card>
  );
}

const CURRENCY_NAMES = new Map(CURRENCIES);

/**
 * The options of a currency picker: the common ones first, then all the API takes; a currency
 * saved before (not in the list) stays choosable.
 */
export function CurrencyOptions({ current }: { current: string }) {
  const label = (code: string) => `${code.toUpperCase()} — ${CURRENCY_NAMES.get(code) ?? code}`;
  return (
    <>
      {current && !CURRENCY_NAMES.has(current) ? (
        <option value={current}>{current.toUpperCase()}</option>
      ) : null}
      <optgroup label="Common">
        {COMMON_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {label(code)}
          </option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {CURRENCIES.map(([code]) => (
          <option key={code} value={code}>
            {label(code)}
          </option>
        ))}
      </optgroup>
    </>
  );
}
