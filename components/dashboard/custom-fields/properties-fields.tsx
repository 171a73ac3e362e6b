"use client";
// The type-specific part of the custom field form: bounds for text, number and date, the textarea
// switch, and the options of a select (value shown to the API, label shown to the buyer).
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import { FormField } from "../forms/form-parts";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { boundNames, type CustomFieldForm } from "./logic";

type Props = {
  formId: string;
  errors: FormErrorsState;
  values: CustomFieldForm;
  /** Sets a value; `field` (the API's name for it) loses its message. */
  set: <K extends keyof CustomFieldForm & string>(key: K, value: CustomFieldForm[K], field?: string) => void;
};

const BOUND_LABELS = {
  text: ["Minimum length", "Maximum length"],
  number: ["Minimum", "Maximum"],
  date: ["Earliest date", "Latest date"],
} as const;

export function PropertiesFields({ formId, errors, values, set }: Props) {
  const bounds = boundNames(values.type);
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });
  return (
    <div className="space-y-4">
      {bounds && values.type !== "checkbox" && values.type !== "select" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {(["min", "max"] as const).map((key, index) => (
            <FormField
              key={key}
              errors={errors}
              formId={formId}
              name={`properties.${bounds[index]}`}
              label={BOUND_LABELS[values.type as keyof typeof BOUND_LABELS][index]!}
              hint="Optional."
            >
              <input
                {...control(`properties.${bounds[index]}`)}
                type={values.type === "date" ? "date" : "text"}
                inputMode={values.type === "date" ? undefined : "numeric"}
                value={values[key]}
                onChange={(event) => set(key, event.target.value, `properties.${bounds[index]}`)}
              />
            </FormField>
          ))}
        </div>
      ) : null}
      {values.type === "text" ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            id={controlId(formId, "properties.textarea")}
            type="checkbox"
            checked={values.textarea}
            onChange={(event) => set("textarea", event.target.checked, "properties.textarea")}
          />
          Multi-line answer (textarea)
        </label>
      ) : null}
      {values.type === "select" ? (
        <OptionsEditor formId={formId} errors={errors} values={values} set={set} />
      ) : null}
    </div>
  );
}

function OptionsEditor({ formId, errors, values, set }: Props) {
  const options = values.options;
  const update = (index: number, patch: Partial<CustomFieldForm["options"][number]>) =>
    set(
      "options",
      options.map((option, i) => (i === index ? { ...option, ...patch } : option)),
      `properties.options.${index}`,
    );
  const listError = errors.field("properties.options");
  const listId = controlId(formId, "properties.options");
  return (
    <fieldset aria-describedby={listError ? `${listId}-error` : undefined}>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">Options</legend>
      <div className="space-y-2">
        {options.map((option, index) => {
          const valueName = `properties.options.${index}.value`;
          const labelName = `properties.options.${index}.label`;
          const problem = errors.field(valueName) ?? errors.field(labelName);
          return (
            <div key={index}>
              <div className="flex gap-2">
                <input
                  {...errors.control(valueName)}
                  aria-label={`Option ${index + 1} value`}
                  className={inputClass}
                  placeholder="value"
                  maxLength={255}
                  value={option.value}
                  onChange={(event) => update(index, { value: event.target.value })}
                />
                <input
                  {...errors.control(labelName)}
                  aria-label={`Option ${index + 1} label`}
                  className={inputClass}
                  placeholder="label (defaults to the value)"
                  maxLength={255}
                  value={option.label}
                  onChange={(event) => update(index, { label: event.target.value })}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={options.length <= 1}
                  onClick={() =>
                    set(
                      "options",
                      options.filter((_, i) => i !== index),
                      "properties.options",
                    )
                  }
                >
                  ×
                </Button>
              </div>
              {problem ? (
                <p
                  id={`${controlId(formId, errors.field(valueName) ? valueName : labelName)}-error`}
                  className="mt-1 text-xs text-red-600 dark:text-red-400"
                >
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <Button
        size="sm"
        className="mt-2"
        id={listId}
        disabled={options.length >= 100}
        onClick={() => set("options", [...options, { value: "", label: "" }], "properties.options")}
      >
        Add option
      </Button>
      {listError ? (
        <p id={`${listId}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}
