// The product's custom fields, one control per type: text (or textarea), number, date, checkbox,
// select. Answers stay as typed; form-state.ts turns them into the API's values.
import type { CheckoutView } from "./api";
import { describedBy, ErrorText, Field, inputClass, Select, TextInput } from "./fields";
import { fieldId, fieldProps, type Answer, type FieldErrors } from "./form-state";
import { useTranslator } from "@/components/i18n/translator-context";

type Props = {
  fields: CheckoutView["attached_custom_fields"];
  answers: Record<string, Answer>;
  errors: FieldErrors;
  onChange: (slug: string, value: Answer) => void;
  disabled?: boolean;
};

export function CustomFields({ fields, answers, errors, onChange, disabled }: Props) {
  const tr = useTranslator();
  return (
    <>
      {[...fields]
        .sort((a, b) => a.order - b.order)
        .map(({ custom_field: field, required }) => {
          const key = `custom_field_data.${field.slug}`;
          const id = fieldId(key);
          const error = errors[key];
          const props = fieldProps(field);
          const answer = answers[field.slug];
          const text = typeof answer === "string" ? answer : "";

          if (field.type === "checkbox") {
            return (
              <div key={field.slug}>
                <div className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    checked={answer === true}
                    required={required}
                    disabled={disabled}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(id, { help: props.help, error })}
                    onChange={(e) => onChange(field.slug, e.target.checked)}
                    className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-600"
                  />
                  <label htmlFor={id} className="text-sm text-zinc-800 dark:text-zinc-200">
                    {props.label}
                    {required ? (
                      <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
                        *
                      </span>
                    ) : null}
                  </label>
                </div>
                {props.help ? (
                  <p id={`${id}-help`} className="mt-1 ml-7 text-sm text-zinc-500 dark:text-zinc-400">
                    {props.help}
                  </p>
                ) : null}
                {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
              </div>
            );
          }

          const common = {
            id,
            required,
            disabled,
            error,
            help: props.help,
          };
          let control;
          if (field.type === "select") {
            control = (
              <Select {...common} value={text} onChange={(e) => onChange(field.slug, e.target.value)}>
                <option value="">{props.placeholder ?? tr.t("checkout.select")}</option>
                {props.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            );
          } else if (field.type === "text" && props.textarea) {
            control = (
              <textarea
                id={id}
                required={required}
                disabled={disabled}
                rows={3}
                value={text}
                placeholder={props.placeholder}
                maxLength={props.maxLength}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, { help: props.help, error })}
                onChange={(e) => onChange(field.slug, e.target.value)}
                className={inputClass}
              />
            );
          } else {
            control = (
              <TextInput
                {...common}
                type={field.type === "date" ? "date" : "text"}
                inputMode={field.type === "number" ? "numeric" : undefined}
                value={text}
                placeholder={props.placeholder}
                maxLength={field.type === "text" ? props.maxLength : undefined}
                onChange={(e) => onChange(field.slug, e.target.value)}
              />
            );
          }
          return (
            <Field
              key={field.slug}
              id={id}
              label={props.label}
              required={required}
              optional={!required}
              help={props.help}
              error={error}
            >
              {control}
            </Field>
          );
        })}
    </>
  );
}
